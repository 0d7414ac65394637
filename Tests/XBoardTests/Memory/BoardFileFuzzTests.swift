import Foundation
import SystemPackage
import Testing
import XBoard

/// The board file reader against mutated files: whatever the bytes, it never crashes, every
/// photo it lets through restores to a finite placement within the stored limits and the scale
/// limits, and any view it lets through is a finite part of the board. Bounded (a fixed number of seeded mutations), so it runs in every test run.
@Suite struct BoardFileFuzzTests {
    static let mutations = 3000

    /// A valid file to mutate: a few photos with varied numbers.
    static func seedFile() throws -> Data {
        var entries: [PhotoMemory] = []
        for index in 0..<6 {
            let placement = AffineTransform(
                center: Point(x: 100 * Double(index), y: 50), scale: 0.5 + Double(index) * 0.4, rotation: Double(index))
            var entry = PhotoMemory(
                path: FilePath("/photos/p\(index).jpg"), fingerprint: PhotoFingerprint(size: Int64(index * 1000), headHash: UInt64(index)),
                baseLongEdge: 200 + Double(index), placement: placement, initialPlacement: placement, stack: Double(index),
                isRemoved: index == 4, isAdded: index == 5, changed: 1_700_000_000 + Double(index))
            entry.isUnplaced = index == 3
            entries.append(entry)
        }
        return try BoardFile.encode(
            BoardMemory(
                boardSize: Size(width: 1280, height: 800), view: Rect(x: -320.5, y: 40, width: 1600, height: 1000), entries: entries),
            arguments: [FilePath("/photos")])
    }

    /// Numbers and tokens a hostile or damaged file may hold.
    static let tokens = [
        "1e300", "-1e300", "1e400", "0", "-0", "NaN", "null", "true", "\"x\"", "[]", "{}", "1e-320", "9007199254740993", "-1",
        "[1,0,0,1,1e15,0]", "[0,0,0,0,0,0]", "[1,2,3]", "[1e308,1e308,0,1,0,0]", "{\"escaped\":\"\\\\q\"}", "\"\"",
    ]

    @Test func mutatedBoardFilesNeverCrashAndRestoreOnlySanePlacements() throws {
        let original = [UInt8](try Self.seedFile())
        var random = SeededRandom(seed: 2026)
        var decoded = 0
        let layout = TossedLayout(count: 8, boardSize: Size(width: 1280, height: 800), seed: 3)
        for round in 0..<Self.mutations {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) { Self.mutate(&bytes, using: &random) }
            guard let contents = try? BoardFile.decode(Data(bytes)) else { continue }
            decoded += 1
            let restore = BoardRestore(memory: contents.memory, layout: layout)
            // Whatever view comes through opens a window on a finite part of the board.
            let view = BoardRestore.initialView(of: contents.memory, windowSize: layout.boardSize)
            #expect(view.zoom.isFinite && view.zoom > 0 && view.origin.isFinite, "round \(round): \(view)")
            #expect(contents.memory.view.map { !$0.isEmpty && $0.origin.isFinite && $0.size.width.isFinite } ?? true)
            for (index, entry) in contents.memory.entries.enumerated() {
                let arrival = restore.arrival(
                    index: index % 8, id: PhotoID(index), pixelSize: Size(width: 640, height: 480), remembered: entry)
                let photo = arrival.photo
                #expect(photo.photoToBoard.isFinite && photo.photoToBoard.inverted() != nil, "round \(round): \(photo)")
                // Restored where it lay, in view or not (the view carries the window), but never
                // further off than a stored number may say.
                let limit = MemoryLimits().position
                #expect(abs(photo.center.x) <= limit && abs(photo.center.y) <= limit, "round \(round): \(photo.center)")
                #expect(
                    photo.scale >= MotionSettings().minimumScale * 0.999
                        && photo.scale <= photo.maximumScale(settings: MotionSettings()) * 1.001)
                #expect(arrival.stack.isFinite)
            }
            #expect(contents.problems.allSatisfy { !$0.contains("\n") })
            // What was read writes back as a clean file: the same photos, nothing to refuse.
            let again = try BoardFile.decode(try BoardFile.encode(contents.memory, arguments: contents.arguments))
            #expect(again.memory.paths == contents.memory.paths && again.problems.isEmpty, "round \(round): \(again.problems)")
        }
        #expect(decoded > Self.mutations / 10, "too few mutations were still board files (\(decoded)) to test the checks")
    }

    /// What the reader refuses is salvaged: never a crash, every photo kept restores sanely and
    /// writes back as a clean file, and one damage costs few photos (on average, most are kept).
    @Test func refusedMutatedFilesAreSalvagedSanely() throws {
        let original = [UInt8](try Self.seedFile())
        var random = SeededRandom(seed: 77)
        var refused = 0, kept = 0
        let layout = TossedLayout(count: 8, boardSize: Size(width: 1280, height: 800), seed: 3)
        for round in 0..<Self.mutations {
            var bytes = original
            Self.mutate(&bytes, using: &random)
            guard (try? BoardFile.decode(Data(bytes))) == nil, let salvage = try? BoardFile.salvage(Data(bytes)) else { continue }
            refused += 1
            kept += salvage.contents.memory.count
            #expect(salvage.damageOffset >= 0 && salvage.damageOffset <= bytes.count, "round \(round)")
            let restore = BoardRestore(memory: salvage.contents.memory, layout: layout)
            for (index, entry) in salvage.contents.memory.entries.enumerated() {
                let photo = restore.arrival(
                    index: index % 8, id: PhotoID(index), pixelSize: Size(width: 640, height: 480), remembered: entry
                ).photo
                #expect(photo.photoToBoard.isFinite && photo.photoToBoard.inverted() != nil, "round \(round): \(photo)")
            }
            let again = try BoardFile.decode(try BoardFile.encode(salvage.contents.memory, arguments: salvage.contents.arguments))
            #expect(again.memory.paths == salvage.contents.memory.paths, "round \(round)")
        }
        #expect(refused > Self.mutations / 10, "too few refused files (\(refused))")
        #expect(Double(kept) / Double(max(refused, 1)) > 3, "\(kept) photos kept from \(refused) refused files of 6")
    }

    static func mutate(_ bytes: inout [UInt8], using random: inout SeededRandom) {
        guard !bytes.isEmpty else { return }
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: bytes[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
        case 2:
            // Replace a number with a hostile token.
            let digits = Set("0123456789.-e".utf8)
            guard let start = bytes[at...].firstIndex(where: { digits.contains($0) }) else { return }
            let end = bytes[start...].firstIndex { !digits.contains($0) } ?? bytes.count
            bytes.replaceSubrange(start..<end, with: Array((tokens.randomElement(using: &random) ?? "0").utf8))
        case 3:
            let length = Int.random(in: 1...60, using: &random)
            let slice = Array(bytes[at..<min(bytes.count, at + length)])
            bytes.insert(contentsOf: slice, at: Int.random(in: 0...bytes.count, using: &random))
        case 4: bytes.removeSubrange(at...)
        default: bytes[at] = UInt8.random(in: 0...255, using: &random)
        }
    }
}
