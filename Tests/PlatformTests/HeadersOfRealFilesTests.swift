import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// The board's own header readers agree with real encoders' files: every format and layout is
/// recognized by content and declares its true size. And the files the fuzzer once found are
/// refused, one line each.
@Suite(.serialized, .timeLimit(.minutes(15)))
struct HeadersOfRealFilesTests {
    static let expectedFormat: [String: PictureFormat] = [
        "jpg": .jpeg, "png": .png, "gif": .gif, "bmp": .bmp, "tif": .tiff, "ico": .ico, "webp": .webp, "heic": .heif, "avif": .avif,
    ]

    @Test(arguments: FormatFixtures.Kind.allCases)
    func everyFormatAndLayoutIsRecognizedAndDeclaresItsSize(_ kind: FormatFixtures.Kind) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photoboard-header-\(getpid())-\(kind).\(kind.fileExtension)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FormatFixtures.writeFlat(kind, color: 0x3366CC, width: 240, height: 160, to: path)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(
            PictureContent(head: Array(bytes.prefix(PictureContent.headLength)))
                == .picture(try #require(Self.expectedFormat[kind.fileExtension])))
        let declared = try #require(DeclaredSize.read(from: bytes), "\(kind)")
        #expect(declared.width == 240 && declared.height == 160, "\(kind): \(declared)")
    }

    /// Fuzz/Regressions: each file the fuzzer found a failure with.
    static var regressions: [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Regressions/FuzzPictureDecoding").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
    }

    @Test func whatTheFuzzerFoundIsRefusedInOneLine() throws {
        let files = Self.regressions
        #expect(files.count >= 4, "\(files)")
        for path in files {
            do {
                _ = try ImageLoader.load(path: path, maximumLongEdge: 128)
                Issue.record("\(path) opened")
            } catch let PlatformError.image(_, reason) {
                #expect(!reason.isEmpty && !reason.contains("\n") && !reason.contains("\r"), "\(path): \(reason)")
            }
        }
    }
}
