import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// Thousands of damaged pictures through the real loader: every one either opens or is refused
/// with a reason, none crashes or hangs, memory stays bounded, and not one GLib log line
/// (`GdkPixbuf-CRITICAL **`, `WARNING **`) reaches stderr (see RELIABILITY.md).
@Suite(.serialized, .timeLimit(.minutes(15)))
struct FileFuzzTests {
    static let mutationsPerSeed = 1_000

    /// The classic 1×1 GIF89a.
    static let gif: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x21, 0xF9, 0x04,
        0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    @Test(arguments: ["jpg", "png", "gif", "webp"])
    func mutatedPicturesNeverCrashHangOrBlowUpMemory(kind: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-filefuzz-\(getpid())-\(kind)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let seedPath = folder + "/seed.\(kind)"
        switch kind {
        case "jpg":
            try TestPhotos.writeJPEG(to: seedPath, width: 96, height: 64, left: 0xC04020, right: 0x2040C0, orientation: 6, noise: 30)
        case "png": try TestPhotos.write(to: seedPath, width: 96, height: 64, left: 0xC04020, right: 0x2040C0)
        case "webp": try Data(FormatFixtures.animatedWebP()).write(to: URL(fileURLWithPath: seedPath))  // the animation decoder too
        default: try Data(Self.gif).write(to: URL(fileURLWithPath: seedPath))
        }
        let seed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: seedPath)))
        #expect((try? ImageLoader.load(path: seedPath)) != nil, "the unmutated seed must open")

        var random = SeededRandom(seed: UInt64(kind.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        var opened = 0, refused = 0, slowest = Duration.zero
        let clock = ContinuousClock()
        let (_, stderr) = try StandardErrorCapture.capturing {
            for index in 0..<Self.mutationsPerSeed {
                let bytes = Self.mutate(seed, with: &random)
                let path = folder + "/m\(index).\(kind)"
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let started = clock.now
                do {
                    _ = try ImageLoader.load(path: path, maximumLongEdge: 512)
                    opened += 1
                } catch let PlatformError.image(_, reason) {
                    #expect(!reason.isEmpty)
                    refused += 1
                }
                slowest = max(slowest, clock.now - started)
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        #expect(StandardErrorCapture.glibLines(in: stderr).isEmpty, "GLib wrote to stderr: \(stderr.prefix(2000))")
        #expect(opened + refused == Self.mutationsPerSeed)
        #expect(slowest < .seconds(5), "the slowest file took \(slowest)")
        let residentMiB = ProcessFigures.residentMiB(of: getpid())
        #expect(residentMiB < 1500, "the test process holds \(residentMiB) MiB")
        print("file fuzz \(kind): \(opened) opened, \(refused) refused, slowest \(slowest), RSS \(Int(residentMiB)) MiB")
    }

    /// The files known to make loaders log, and damaged files of the formats not mutated above:
    /// each is one line (a reason, or a picture with a warning) and nothing else on stderr.
    @Test func filesThatMakeLoadersLogStayQuiet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-loudfiles-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var corpus: [(String, [UInt8])] = [
            ("zero-width.gif", FormatFixtures.zeroWidthGIF()), ("broken-animation.webp", try FormatFixtures.brokenAnimatedWebP()),
        ]
        for kind in [FormatFixtures.Kind.heif, .avif, .webpLossy, .tiffRGB, .bmp32Alpha, .ico, .jpegProgressive] {
            let path = folder + "/whole.\(kind.fileExtension)"
            try FormatFixtures.writeFlat(kind, color: 0x3366CC, to: path)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            for fraction in [1, 2, 3] {
                corpus.append(("cut\(fraction)-\(kind).\(kind.fileExtension)", Array(bytes.prefix(bytes.count * fraction / 4))))
            }
            var zeroed = bytes
            for index in (bytes.count / 3)..<(bytes.count / 3 + min(64, bytes.count / 3)) { zeroed[index] = 0 }
            corpus.append(("zeroed-\(kind).\(kind.fileExtension)", zeroed))
        }
        var outcomes: [String] = []
        let (_, stderr) = try StandardErrorCapture.capturing {
            for (name, bytes) in corpus {
                let path = folder + "/" + name
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                do {
                    let picture = try ImageLoader.load(path: path)
                    outcomes.append("\(name): opened\(picture.warning.map { ", \($0)" } ?? "")")
                } catch let PlatformError.image(_, reason) {
                    #expect(!reason.isEmpty && !reason.contains("\n"), "\(name): \(reason)")
                    outcomes.append("\(name): \(reason)")
                }
            }
        }
        #expect(StandardErrorCapture.glibLines(in: stderr).isEmpty, "GLib wrote to stderr: \(stderr.prefix(2000))")
        #expect(outcomes.count == corpus.count)
        print(outcomes.joined(separator: "\n"))
    }

    /// One to three of: flipped bits, a truncation, a duplicated block, inserted noise, a zeroed
    /// run, or a forged 16/32-bit size field near the start.
    static func mutate(_ seed: [UInt8], with random: inout SeededRandom) -> [UInt8] {
        var bytes = seed
        for _ in 0...(random.next() % 3) {
            guard !bytes.isEmpty else { break }
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 6 {
            case 0:
                for _ in 0...(random.next() % 8) {
                    let i = Int(random.next() % UInt64(bytes.count))
                    bytes[i] ^= UInt8(1 << (random.next() % 8))
                }
            case 1: bytes = Array(bytes.prefix(at))
            case 2:
                let length = min(bytes.count - at, 1 + Int(random.next() % 64))
                bytes.insert(contentsOf: bytes[at..<(at + length)], at: at)
            case 3: bytes.insert(contentsOf: (0..<(1 + random.next() % 32)).map { _ in UInt8(random.next() & 0xFF) }, at: at)
            case 4:
                let length = min(bytes.count - at, 1 + Int(random.next() % 32))
                for i in at..<(at + length) { bytes[i] = 0 }
            default:
                let i = Int(random.next() % UInt64(min(bytes.count, 40)))
                let value = [0xFF, 0x7F, 0x00, 0x80][Int(random.next() % 4)]
                for j in i..<min(bytes.count, i + 4) { bytes[j] = UInt8(value) }
            }
        }
        return bytes
    }
}
