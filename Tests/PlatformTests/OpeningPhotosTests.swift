import Foundation
import Synchronization
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// Opening files, on real files the tests make: good ones decode bounded and upright, bad ones
/// fail fast with one clear reason.
@Suite(.serialized, .timeLimit(.minutes(15)))
final class OpeningPhotosTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-open-\(getpid())-\(UUID().uuidString.prefix(6))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Each test's files are made afresh from code, so nothing needs keeping.
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private func path(_ name: String) -> String { folder + "/" + name }

    private func failureReason(loading name: String) -> String? {
        do {
            _ = try ImageLoader.load(path: path(name))
            return nil
        } catch let PlatformError.image(_, reason) {
            return reason
        } catch {
            return "\(error)"
        }
    }

    @Test func aTwelveMegapixelPortraitFromAPhoneStandsUprightAndDecodesSmall() throws {
        // Stored landscape 4000×3000, left half red; EXIF orientation 6 turns it a quarter clockwise.
        try TestPhotos.writeJPEG(to: path("phone.jpg"), width: 4000, height: 3000, left: 0xFF0000, right: 0x0000FF, orientation: 6)
        let picture = try ImageLoader.load(path: path("phone.jpg"), maximumLongEdge: 1024)
        #expect(picture.warning == nil)
        #expect(picture.image.nativeSize == Size(width: 3000, height: 4000))
        #expect(picture.image.pixelSize.longEdge <= 1024 && picture.image.pixelSize.height > picture.image.pixelSize.width)
        // Turned clockwise, the stored left (red) half is now on top.
        let width = Int(picture.image.pixelSize.width), height = Int(picture.image.pixelSize.height)
        let top = try #require(picture.image.rgb(x: width / 2, y: height / 4))
        let bottom = try #require(picture.image.rgb(x: width / 2, y: height * 3 / 4))
        #expect(top >> 16 & 0xFF > 200 && top & 0xFF < 60, "top is \(String(top, radix: 16))")
        #expect(bottom & 0xFF > 200 && bottom >> 16 & 0xFF < 60, "bottom is \(String(bottom, radix: 16))")
    }

    @Test func smallPicturesAreNeverScaledUp() throws {
        try TestPhotos.write(to: path("small.png"), width: 120, height: 80, left: 0x112233, right: 0x445566)
        let picture = try ImageLoader.load(path: path("small.png"), maximumLongEdge: 1024)
        #expect(picture.image.pixelSize == Size(width: 120, height: 80))
    }

    @Test func aMissingFileSaysSo() {
        #expect(failureReason(loading: "nothing-here.jpg") == "no such file or folder")
    }

    @Test func anEmptyFileSaysSo() throws {
        FileManager.default.createFile(atPath: path("empty.png"), contents: Data())
        #expect(failureReason(loading: "empty.png") == "empty file (0 bytes)")
    }

    @Test func aTextFileNamedJPEGSaysItHoldsText() throws {
        try "Dear diary, today I took no photos.\n".write(toFile: path("notes.jpg"), atomically: true, encoding: .utf8)
        #expect(failureReason(loading: "notes.jpg") == "not a picture: the file holds text")
    }

    @Test func anUnsupportedFormatSaysSo() throws {
        // A RIFF/WAVE header: binary, a real format, not a picture.
        var bytes = Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0, 0x44, 0xAC, 0, 0]
        bytes += [0x88, 0x58, 1, 0, 2, 0, 16, 0] + Array("data".utf8) + [0, 0, 0, 0]
        try Data(bytes).write(to: URL(fileURLWithPath: path("sound.png")))
        #expect(failureReason(loading: "sound.png") == "not a picture format this system can read")
    }

    @Test func aSymbolicLinkLoopSaysSo() throws {
        try FileManager.default.createSymbolicLink(atPath: path("loop.jpg"), withDestinationPath: path("loop.jpg"))
        #expect(failureReason(loading: "loop.jpg") == "symbolic link loop")
    }

    @Test func aDecompressionBombIsRefusedFromItsHeaderAtOnce() throws {
        try Data(TestPhotos.pngDeclaring(width: 60000, height: 60000)).write(to: URL(fileURLWithPath: path("bomb.png")))
        let clock = ContinuousClock()
        let started = clock.now
        let reason = try #require(failureReason(loading: "bomb.png"))
        #expect(reason.contains("60000×60000") && reason.contains("200-megapixel limit"), "\(reason)")
        #expect(clock.now - started < .seconds(5), "refusing took \(clock.now - started)")
    }

    @Test func anAnimatedWebPDeclaringAHugeCanvasIsRefusedBeforeItsLoaderBuildsIt() throws {
        // gdk-pixbuf's WebP loader allocates the animation canvas just to report the size.
        var bytes = try FormatFixtures.animatedWebP()
        bytes.replaceSubrange(24..<30, with: [0x80, 0x80, 0x80, 0x80, 0, 0])  // canvas 8421505 × 129
        try Data(bytes).write(to: URL(fileURLWithPath: path("wide.webp")))
        let clock = ContinuousClock()
        let started = clock.now
        let reason = try #require(failureReason(loading: "wide.webp"))
        #expect(reason.contains("8421505×129") && reason.contains("200-megapixel limit"), "\(reason)")
        // From the header: building the canvas (4 GB) would take far longer, or fail otherwise.
        #expect(clock.now - started < .seconds(10), "refusing took \(clock.now - started)")
    }

    @Test func aCorruptPNGIsRefused() throws {
        try TestPhotos.write(to: path("good.png"), width: 300, height: 200, left: 0x123456, right: 0x654321)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path("good.png"))))
        bytes[bytes.count / 2] ^= 0xFF  // damage the image data
        try Data(bytes).write(to: URL(fileURLWithPath: path("corrupt.png")))
        let reason = try #require(failureReason(loading: "corrupt.png"))
        #expect(reason.hasPrefix("corrupt PNG"), "\(reason)")
    }

    @Test(arguments: ["jpg", "progressive.jpg", "png"])
    func aTruncatedPictureShowsAsFarAsItDecodesWithAWarning(kind: String) throws {
        let (left, right): (UInt32, UInt32) = (0x336699, 0x996633)
        switch kind {
        case "jpg": try TestPhotos.writeJPEG(to: path("whole.\(kind)"), width: 1600, height: 1200, left: left, right: right)
        case "png": try TestPhotos.write(to: path("whole.\(kind)"), width: 1600, height: 1200, left: left, right: right)
        default:
            let halves = FormatFixtures.quadrants(width: 1600, height: 1200, colors: [left, right, left, right])
            try FormatFixtures.write(.jpegProgressive, halves, to: path("whole.\(kind)"))
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path("whole.\(kind)")))
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: path("cut.\(kind)")))
        // Both the scaled decode (the board's first copy) and the full-size one (a zoomed-in copy).
        for longEdge in [1024, 4096] {
            let picture = try ImageLoader.load(path: path("cut.\(kind)"), maximumLongEdge: longEdge)
            let warning = try #require(picture.warning)
            #expect(warning.hasPrefix("truncated") && warning.hasSuffix("shown as far as it decodes"), "\(warning)")
            // The top of the picture arrived: its two halves show their colours.
            let width = Int(picture.image.pixelSize.width), height = Int(picture.image.pixelSize.height)
            #expect(width == min(longEdge, 1600) && height == width * 3 / 4)
            for (x, color) in [(width / 4, left), (width * 3 / 4, right)] {
                let pixel = try #require(picture.image.rgb(x: x, y: height / 8))
                let close = [16, 8, 0].allSatisfy { abs(Int(pixel >> UInt32($0) & 0xFF) - Int(color >> UInt32($0) & 0xFF)) <= 12 }
                #expect(close, "\(kind) at \(longEdge): \(String(pixel, radix: 16)) where \(String(color, radix: 16)) was drawn")
            }
        }
    }

    @Test func foldersOpenTheirPicturesSortedByNameAndRecurseOnlyWhenAsked() throws {
        for name in ["IMG_10.jpg", "IMG_2.JPG", "b.png", "notes.txt", ".hidden.png"] {
            FileManager.default.createFile(atPath: path(name), contents: Data([1]))
        }
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path("sub/inner.png"), contents: Data([1]))
        try FileManager.default.createSymbolicLink(atPath: path("sub/up"), withDestinationPath: folder)  // a loop
        let flat = PictureFiles.list([FilePath(folder)], recursive: false)
        #expect(flat.files.map { $0.path.lastComponent?.string } == ["b.png", "IMG_2.JPG", "IMG_10.jpg"])
        let deep = PictureFiles.list([FilePath(folder)], recursive: true)
        #expect(deep.files.last?.path == FilePath(path("sub/inner.png")))
        #expect(deep.files.count == 4, "\(deep.files)")
    }

    @Test func anOpeningOffTheLoopFindsWhatTheListingFindsAndWakesTheLoop() throws {
        for folder in 0..<40 {
            try FileManager.default.createDirectory(atPath: path("tree/\(folder)/deeper"), withIntermediateDirectories: true)
            for file in 0..<5 { FileManager.default.createFile(atPath: path("tree/\(folder)/deeper/IMG_\(file).jpg"), contents: Data([1])) }
        }
        let paths = [FilePath(path("tree")), FilePath(path("gone"))]
        let lines = Mutex<[String]>([])
        let opening = try BoardOpener.start(paths, recursive: true, fresh: true, state: nil, openOthers: false) { line in
            lines.withLock { $0.append(line) }
        }
        defer { opening.stop() }
        // The loop sleeps on the worker's descriptor: it becomes readable when the opening is done.
        #expect(try Poll.waitUntilReadable(opening.wakeFileDescriptor, timeout: .seconds(30)))
        let opened = try #require(opening.takeResults().first ?? nil)
        let direct = PictureFiles.list(paths, recursive: true)
        #expect(opened.opening.files == direct.files)
        #expect(opened.opening.files.count == 200)
        #expect(opened.opening.problemPaths == direct.problems.map(\.path) && direct.problems.count == 1, "\(direct.problems)")
        #expect(lines.withLock { $0 } == direct.problems.map(\.description))
        // Each file's canonical path is resolved once, with the listing.
        #expect(opened.opening.files.allSatisfy { $0.canonical == PathKey(System.canonicalPath($0.path)) })
    }

    @Test func pathsThatContributeNothingAreReportedOneLineEach() throws {
        try FileManager.default.createDirectory(atPath: path("nothing"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path("nothing/readme.txt"), contents: Data("hi".utf8))
        let listing = PictureFiles.list(
            [path("nothing"), path("gone.jpg"), path("nothing/readme.txt")].map { FilePath($0) }, recursive: false)
        #expect(
            listing.problems.map(\.description) == [
                "\(path("nothing")): folder has no pictures (-r looks in its sub-folders)", "\(path("gone.jpg")): no such file or folder",
            ])
        #expect(listing.files.map(\.path) == [FilePath(path("nothing/readme.txt"))])  // named files are judged by content when opened
    }
}
