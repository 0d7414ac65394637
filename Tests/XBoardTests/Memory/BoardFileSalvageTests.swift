import Foundation
import SystemPackage
import Testing
import XBoard

/// A damaged board file keeps every intact entry: a bad number, a stray byte or a cut spoils
/// only what it touches, and the first damaged byte is named.
@Suite struct BoardFileSalvageTests {
    /// Eight photos, each at its own place, as the board writes them.
    static func memory() -> BoardMemory {
        var entries = (0..<8).map { BoardMemoryMergeTests.entry("p\($0).jpg", x: 100 + Double($0) * 37, stack: Double($0)) }
        entries[3].fingerprint = PhotoFingerprint(size: 4321, headHash: 0xABCD)
        return BoardMemory(boardSize: Size(width: 1280, height: 800), entries: entries)
    }

    static func file() throws -> [UInt8] {
        [UInt8](try BoardFile.encode(memory(), arguments: [FilePath("/photos")]))
    }

    /// The offset of the first `pattern` in `bytes`.
    static func offset(of pattern: String, in bytes: [UInt8]) throws -> Int {
        let needle = Array(pattern.utf8)
        return try #require(bytes.indices.first { bytes[$0...].starts(with: needle) })
    }

    /// The entry of photo `name` replaced: its first number after `"placement"` by `text`.
    static func damaging(_ name: String, with text: String, in bytes: [UInt8]) throws -> (bytes: [UInt8], offset: Int) {
        let entry = try offset(of: name, in: bytes)
        let placement = try offset(of: "\"placement\"", in: Array(bytes[entry...])) + entry
        let number = try #require((placement..<bytes.count).first { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) })
        var damaged = bytes
        damaged.replaceSubrange(number..<number + 1, with: Array(text.utf8))
        return (damaged, number)
    }

    @Test func anIntactFileIsNotDamagedAndDecodesWhole() throws {
        let bytes = try Self.file()
        #expect(try BoardFile.decode(Data(bytes)).memory == Self.memory())
    }

    @Test(arguments: ["NaN", "Infinity", "nul", "\u{1}", "\"", "}", "x"])
    func aBadTokenInOneEntrySpoilsOnlyThatEntry(token: String) throws {
        let (bytes, offset) = try Self.damaging("p5.jpg", with: token, in: try Self.file())
        #expect(throws: BoardFile.ReadError.self) { try BoardFile.decode(Data(bytes)) }
        let salvage = try #require(try BoardFile.salvage(Data(bytes)))
        let kept = salvage.contents.memory
        #expect(kept.count == 7 && kept[FilePath("/photos/p5.jpg")] == nil, "\(kept.paths)")
        for entry in Self.memory().entries where entry.path != FilePath("/photos/p5.jpg") { #expect(kept[entry.path] == entry) }
        // Where the damage shows: at the token, or (a quote opens a string) where the string ends.
        #expect(salvage.lostEntries == 1 && salvage.damageOffset >= offset && salvage.damageOffset < offset + 200)
        #expect(salvage.contents.arguments == [FilePath("/photos")] && kept.boardSize == Size(width: 1280, height: 800))
        #expect(salvage.contents.problems.isEmpty, "\(salvage.contents.problems)")
    }

    /// The view is read wherever it lies, after damage too, and its numbers are checked as
    /// when the file is whole.
    @Test func salvageKeepsTheView() throws {
        var memory = Self.memory()
        memory.view = Rect(x: -40, y: 25.5, width: 2400, height: 1500)
        let (bytes, _) = try Self.damaging("p5.jpg", with: "NaN", in: [UInt8](try BoardFile.encode(memory)))
        #expect(throws: BoardFile.ReadError.self) { try BoardFile.decode(Data(bytes)) }
        let salvage = try #require(try BoardFile.salvage(Data(bytes)))
        #expect(salvage.contents.memory.view == memory.view && salvage.contents.memory.count == 7)
        #expect(salvage.contents.problems.isEmpty, "\(salvage.contents.problems)")
        // Damage in the view itself costs the view alone (the whole table is shown), said once.
        let text = try #require(String(bytes: try BoardFile.encode(memory), encoding: .utf8))
        let spoiled = text.replacingOccurrences(of: "2400", with: "-2400").replacingOccurrences(of: "\"photos\"", with: "\"photos\" x")
        let cut = try #require(try BoardFile.salvage(Data(spoiled.utf8), file: FilePath("/state/b.json")))
        #expect(cut.contents.memory.view == nil && cut.contents.memory.shownRect == Rect(x: 0, y: 0, width: 1280, height: 800))
        let line = "/state/b.json: remembered view [-40, 25.5, -2400, 1500] has no width or no height; the whole table is shown"
        #expect(cut.contents.problems == [line], "\(cut.contents.problems)")
    }

    @Test func aStrayByteBetweenEntriesCostsNothing() throws {
        var bytes = try Self.file()
        let second = try Self.offset(of: "p2.jpg", in: bytes)
        let brace = try #require((0..<second).last { bytes[$0] == UInt8(ascii: "{") })
        let comma = try #require((0..<brace).last { bytes[$0] == UInt8(ascii: ",") })
        bytes.insert(UInt8(ascii: "#"), at: comma)
        bytes.insert(0xFF, at: brace + 1)
        let salvage = try #require(try BoardFile.salvage(Data(bytes)))
        #expect(salvage.contents.memory == Self.memory())
        #expect(salvage.lostEntries == 0 && salvage.damageOffset == comma)
    }

    @Test func aFileCutAnywhereKeepsEveryEntryBeforeTheCut() throws {
        let bytes = try Self.file()
        let starts = try Self.memory().entries.map { entry in
            try Self.offset(of: "\"\(entry.path.string.replacingOccurrences(of: "/", with: "\\/"))\"", in: bytes)
        }
        let photos = try Self.offset(of: "\"photos\"", in: bytes)
        var lastCount = 0
        for length in photos..<bytes.count - 1 {
            let salvage = try #require(try BoardFile.salvage(Data(bytes[..<length])), "cut at \(length)")
            let kept = salvage.contents.memory
            // At the cut, or at the key before it when the cut leaves a key without its value.
            #expect(salvage.damageOffset <= length && salvage.damageOffset >= length - 2, "cut at \(length)")
            // Every entry whose closing brace is in is kept, exactly as written.
            let complete = Self.memory().entries.filter { entry in
                let start = starts[Int(entry.stack)]
                return start < length && bytes[start..<length].contains(UInt8(ascii: "}"))
            }
            #expect(kept.count == complete.count, "cut at \(length): \(kept.count) kept, \(complete.count) complete")
            for entry in complete { #expect(kept[entry.path] == entry, "cut at \(length)") }
            #expect(kept.count >= lastCount)
            lastCount = kept.count
        }
        #expect(lastCount == 8)
    }

    @Test func garbageInTheMiddleCostsOnlyTheEntriesItOverwrites() throws {
        var bytes = try Self.file()
        let start = try Self.offset(of: "p3.jpg", in: bytes)
        for index in start..<start + 40 { bytes[index] = UInt8(truncatingIfNeeded: index &* 131 &+ 7) }
        let salvage = try #require(try BoardFile.salvage(Data(bytes)))
        #expect(salvage.contents.memory.count == 7 && salvage.contents.memory[FilePath("/photos/p3.jpg")] == nil)
        #expect(salvage.lostEntries == 1)
    }

    @Test func nothingIsSalvagedFromWhatIsNotABoardAndANewerVersionIsNeverWrittenOver() throws {
        for text in ["", "{ not json", "[1,2,3]", #"{"format":"other","photos":[]}"#, "\u{0}\u{1}\u{2}"] {
            #expect(try BoardFile.salvage(Data(text.utf8)) == nil, "\(text)")
        }
        let newer = #"{"format":"photoboard","photos":[{"path":"/a","placement":[NaN]}],"version":9}"#
        #expect(throws: BoardFile.ReadError.newerVersion(9)) { try BoardFile.salvage(Data(newer.utf8)) }
        let deep = #"{"format":"photoboard","photos":["# + String(repeating: "[", count: 100_000)
        #expect(try BoardFile.salvage(Data(deep.utf8))?.contents.memory.isEmpty == true)
    }
}
