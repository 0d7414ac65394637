import Foundation
import SystemPackage
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// The shared thumbnail cache through the real confined helpers: names and keys as GLib and
/// GNOME's factory make them (`StandardThumbnails`, the tests' own writer, none of the board's
/// code), thumbnails used only while they describe their file, damaged ones as missing, the
/// thumbnails the board writes readable by gdk-pixbuf, and failures recorded.
@Suite(.serialized, .timeLimit(.minutes(15)))
final class ThumbnailCacheTests {
    let folder: String
    let cacheRoot: String
    /// Every line the cache said.
    let said = SaidLines()

    final class SaidLines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var lines: [String] { lock.withLock { stored } }
        func add(_ line: String) { lock.withLock { stored.append(line) } }
    }

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photoboard-cache-\(getpid())-\(UUID().uuidString.prefix(6))")
        // Resolved: the cache names pictures by their canonical paths.
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        folder = System.canonicalPath(FilePath(base.path)).string
        cacheRoot = folder + "/cache/thumbnails"
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    var cache: ThumbnailCache {
        let said = said
        return ThumbnailCache(root: FilePath(cacheRoot), program: "photoboard-x11", version: "test") { said.add($0) }
    }

    /// A 1600×1200 JPEG, `left` and `right` halves.
    func photo(_ name: String, left: UInt32 = 0xD0_2020, right: UInt32 = 0x20_B040) throws -> String {
        let path = folder + "/" + name
        try TestPhotos.writeJPEG(to: path, width: 1600, height: 1200, left: left, right: right)
        return path
    }

    /// Decodes `path` for a print shown `shown` pixels long (copies of twice that), with the cache.
    func decode(_ path: String, shown: Double = 54, cache: ThumbnailCache? = nil, display: DisplayProfile? = nil) throws
        -> PhotoDecoder.Result
    {
        let decoder = try PhotoDecoder(helperExecutable: HelperDecodingTests.boardBinary, thumbnails: cache ?? self.cache)
        defer { decoder.stop() }
        if let display { #expect(decoder.setDisplayProfile(display)) }
        let file = FilePath(path)
        decoder.submit(DecodeRequest(photo: PhotoID(0), path: file, wanted: Int(shown * 2), shown: shown, canonical: file))
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            _ = try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .seconds(1))
            if let result = decoder.takeResults().first { return result }
        }
        throw HarnessError("no decode of \(path) within 30 s")
    }

    static func picture(_ result: PhotoDecoder.Result) throws -> LoadedPicture {
        switch result.outcome {
        case .success(let picture): return picture
        case .failure(let error): throw HarnessError("not decoded: \(error)")
        }
    }

    /// Whether `rgb` is within `tolerance` of `expected` in every channel.
    static func near(_ rgb: UInt32?, _ expected: UInt32, tolerance: Int = 24) -> Bool {
        guard let rgb else { return false }
        return [16, 8, 0].allSatisfy { abs(Int(rgb >> UInt32($0) & 0xFF) - Int(expected >> UInt32($0) & 0xFF)) <= tolerance }
    }

    static func permissions(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    // MARK: Names

    @Test func urisAndNamesAreGLibsOverRandomNames() throws {
        var random = SeededRandom(seed: 26)
        for _ in 0..<500 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + Int(random.next() % 4)) {
                bytes.append(UInt8(ascii: "/"))
                bytes += (0..<(1 + Int(random.next() % 12))).map { _ in UInt8(1 + random.next() % 255) }.filter { $0 != UInt8(ascii: "/") }
            }
            let path = try #require(FilePath(bytes: bytes))
            let glib = try StandardThumbnails.uri(ofBytes: bytes)
            #expect(FileURI.of(path) == glib, "\(path.escaped)")
            #expect(ThumbnailName(file: path)?.fileName == StandardThumbnails.md5(Array(glib.utf8)) + ".png")
        }
    }

    // MARK: Reading

    @Test func aThumbnailAnotherProgramWroteServesTheDecode() throws {
        let path = try photo("red-green.jpg")
        // GNOME's way, holding another picture's pixels: what shows tells where it came from.
        let other = try photo("other.jpg", left: 0x20_40D0, right: 0x20_40D0)
        try StandardThumbnails.write(of: path, edge: 128, root: cacheRoot, showing: other)
        let picture = try Self.picture(try decode(path))
        #expect(picture.thumbnail == .normal)
        #expect(picture.thumbnailWritten == nil)
        #expect(Self.near(picture.image.rgb(x: 5, y: 5), 0x20_40D0), "\(String(picture.image.rgb(x: 5, y: 5) ?? 0, radix: 16))")
        #expect(picture.image.nativeSize == Size(width: 1600, height: 1200), "the picture's size, not the thumbnail's")
        #expect(picture.image.pixelSize.longEdge <= 108)
        #expect(picture.fingerprint != nil && picture.warning == nil)
    }

    @Test func aLargerFlavourServesWhenTheBestIsMissing() throws {
        let path = try photo("a.jpg")
        let other = try photo("other.jpg", left: 0x20_40D0, right: 0x20_40D0)
        try StandardThumbnails.write(of: path, edge: 512, root: cacheRoot, showing: other)
        let picture = try Self.picture(try decode(path))
        #expect(picture.thumbnail == .xLarge && Self.near(picture.image.rgb(x: 5, y: 5), 0x20_40D0))
        #expect(picture.image.pixelSize.longEdge <= 108)
    }

    @Test func aStaleThumbnailIsNeverShownAndIsReplaced() throws {
        let path = try photo("a.jpg")
        let other = try photo("other.jpg", left: 0x20_40D0, right: 0x20_40D0)
        let modified = Int((try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        for keys in [
            ["Thumb::MTime": "\(modified - 1)"], ["Thumb::MTime": "\(modified + 3600)"], ["Thumb::Size": "\(size + 1)"],
            ["Thumb::URI": try StandardThumbnails.uri(of: other)], ["Thumb::MTime": "\(modified).0"],
        ] {
            let thumbnail = try StandardThumbnails.write(of: path, edge: 128, root: cacheRoot, keys: keys, showing: other)
            let picture = try Self.picture(try decode(path))
            #expect(picture.thumbnail == nil, "\(keys) was used")
            #expect(Self.near(picture.image.rgb(x: 5, y: 5), 0xD0_2020), "\(keys)")
            #expect(picture.thumbnailWritten == .normal, "\(keys)")
            let written = try StandardThumbnails.keys(of: thumbnail)
            #expect(written["Thumb::MTime"] == "\(modified)" && written["Thumb::Size"] == "\(size)", "\(written)")
        }
    }

    /// The file's device, inode and inode change time, as `X-Photoboard::File` states them.
    static func identity(_ path: String) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw HarnessError("cannot stat \(path)") }
        return "\(info.st_dev):\(info.st_ino):\(Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))"
    }

    /// Reopening from the cache reads no file's head: a thumbnail made with the file's fingerprint
    /// and identity vouches for the fingerprint while the file is that inode at that change — and
    /// only then; any change to the file (its inode change time moves) has the head read and
    /// checked again.
    @Test func aThumbnailVouchesForTheFingerprintOnlyWhileTheFileIsUnchanged() throws {
        let path = try photo("a.jpg")
        let made = try Self.picture(try decode(path))
        #expect(made.thumbnailWritten == .normal)
        let written = try StandardThumbnails.keys(of: try StandardThumbnails.path(of: path, edge: 128, root: cacheRoot))
        #expect(written["X-Photoboard::File"] == (try Self.identity(path)), "\(written)")
        #expect(written["X-Photoboard::Fingerprint"] == made.fingerprint?.description)
        let served = try Self.picture(try decode(path))
        #expect(served.thumbnail == .normal && served.fingerprint == made.fingerprint)

        // A record stating another fingerprint, for this file as it is: believed, not read.
        let other = try photo("other.jpg", left: 0x20_40D0, right: 0x20_40D0)
        let stated = PhotoFingerprint(size: made.fingerprint?.size ?? 0, headHash: 42)
        try StandardThumbnails.write(
            of: path, edge: 128, root: cacheRoot,
            keys: ["X-Photoboard::Fingerprint": stated.description, "X-Photoboard::File": try Self.identity(path)], showing: other)
        let believed = try Self.picture(try decode(path))
        #expect(believed.thumbnail == .normal && believed.fingerprint == stated, "the record vouches: the head is not read")

        // The same record once the file has changed (its permissions, here: the inode change time
        // moves, the modification time and size stay): the head is read, the record is stale.
        let before = try Self.identity(path)
        #expect(chmod(path, 0o640) == 0)
        #expect(try Self.identity(path) != before)
        let checked = try Self.picture(try decode(path))
        #expect(checked.thumbnail == nil && checked.fingerprint == made.fingerprint, "read again, and the stale record not used")
        #expect(Self.near(checked.image.rgb(x: 5, y: 5), 0xD0_2020))
    }

    @Test func damagedOrAbsurdThumbnailsAreMissingOnesAndSayNothing() throws {
        let path = try photo("a.jpg")
        let uri = try StandardThumbnails.uri(of: path)
        let modified = Int((try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        let thumbnailPath = try StandardThumbnails.path(of: path, edge: 128, root: cacheRoot)
        let valid = try Data(contentsOf: URL(fileURLWithPath: try StandardThumbnails.write(of: path, edge: 128, root: cacheRoot)))
        func keyed(_ png: [UInt8]) -> [UInt8] {
            // A PNG with the right keys after its header: only its pixels are wrong.
            let text =
                Self.chunk("tEXt", Array("Thumb::URI".utf8) + [0] + Array(uri.utf8))
                + Self.chunk("tEXt", Array("Thumb::MTime".utf8) + [0] + Array("\(modified)".utf8))
            return Array(png.prefix(33)) + text + Array(png.dropFirst(33))
        }
        var flipped = [UInt8](valid)
        let idat = try #require(flipped.firstRange(of: Array("IDAT".utf8))).upperBound
        for offset in idat..<(idat + 40) { flipped[offset] ^= 0x5A }
        let damaged: [(String, [UInt8])] = [
            ("text", Array("not a thumbnail\n".utf8)),
            ("empty", []),
            ("cut in half", Array(valid.prefix(valid.count / 2))),
            ("bits flipped in its pixels", flipped),
            ("declaring 60000×60000", keyed(TestPhotos.pngDeclaring(width: 60000, height: 60000))),
            (
                "larger than its folder",
                keyed(Array(try Data(contentsOf: URL(fileURLWithPath: try self.photoPNG(width: 300, height: 225)))))
            ),
            ("of another shape", keyed(Array(try Data(contentsOf: URL(fileURLWithPath: try self.photoPNG(width: 128, height: 128)))))),
            ("a JPEG", keyed(Array(try Data(contentsOf: URL(fileURLWithPath: path))))),
        ]
        for (what, bytes) in damaged {
            try Data(bytes).write(to: URL(fileURLWithPath: thumbnailPath))
            let result = try decode(path)
            let picture = try Self.picture(result)
            #expect(picture.thumbnail == nil && picture.warning == nil, "\(what)")
            #expect(Self.near(picture.image.rgb(x: 5, y: 5), 0xD0_2020), "\(what)")
            #expect(picture.thumbnailWritten == .normal, "\(what): not replaced")
        }
        // A link to a device is no thumbnail either.
        try FileManager.default.removeItem(atPath: thumbnailPath)
        try FileManager.default.createSymbolicLink(atPath: thumbnailPath, withDestinationPath: "/dev/zero")
        #expect(try Self.picture(try decode(path)).thumbnail == nil)
        #expect(said.lines.isEmpty, "\(said.lines)")
    }

    /// A flat PNG of `width`×`height` in this test's folder.
    func photoPNG(width: Int, height: Int) throws -> String {
        let path = folder + "/flat-\(width)x\(height).png"
        try TestPhotos.write(to: path, width: width, height: height, left: 0x808080, right: 0x808080)
        return path
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let length = UInt32(data.count)
        // The checksum is left wrong: the board does not check text chunks' (the helper checks the rest).
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    // MARK: Writing

    @Test func aDecodeMakesTheMissingThumbnailAsTheStandardSays() throws {
        let path = try photo("a photo #1.jpg")
        let first = try Self.picture(try decode(path))
        #expect(first.thumbnail == nil && first.thumbnailWritten == .normal)
        #expect(first.image.pixelSize == Size(width: 108, height: 81), "the board's copy stays the size it asked for")
        // Where GLib names it, with the keys gdk-pixbuf reads.
        let thumbnail = try StandardThumbnails.path(of: path, edge: 128, root: cacheRoot)
        let keys = try StandardThumbnails.keys(of: thumbnail)
        let info = try FileManager.default.attributesOfItem(atPath: path)
        let modified = Int((info[.modificationDate] as? Date)?.timeIntervalSince1970.rounded(.down) ?? 0)
        #expect(keys["Thumb::URI"] == (try StandardThumbnails.uri(of: path)))
        #expect(keys["Thumb::MTime"] == "\(modified)" && keys["Thumb::Size"] == "\((info[.size] as? Int) ?? 0)")
        #expect(keys["Thumb::Image::Width"] == "1600" && keys["Thumb::Image::Height"] == "1200")
        #expect(keys["Software"] == "photoboard-x11 test")
        #expect(keys["width"] == "128" && keys["height"] == "96" && keys["hasAlpha"] == "yes", "\(keys)")
        let pixels = try Screenshot(pngAt: thumbnail)
        #expect(Self.near(pixels.pixel(10, 48), 0xD0_2020) && Self.near(pixels.pixel(118, 48), 0x20_B040))
        // Private, in private folders, and nothing left beside it.
        #expect(try Self.permissions(thumbnail) == 0o600)
        #expect(try Self.permissions(cacheRoot + "/normal") == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cacheRoot + "/normal") == [(thumbnail as NSString).lastPathComponent])
        // The next decode is the thumbnail's.
        let again = try Self.picture(try decode(path))
        #expect(again.thumbnail == .normal && again.thumbnailWritten == nil && again.image.pixelSize == Size(width: 108, height: 81))
        #expect(Self.near(again.image.rgb(x: 5, y: 40), 0xD0_2020))
    }

    @Test func aThumbnailIsMadeFromAnOrientedPictureUpright() throws {
        let path = folder + "/portrait.jpg"
        try TestPhotos.writeJPEG(to: path, width: 1600, height: 1200, left: 0xE0_7020, right: 0x20_A0A0, orientation: 6)
        let picture = try Self.picture(try decode(path, shown: 200))
        #expect(picture.thumbnailWritten == .large && picture.image.pixelSize == Size(width: 192, height: 256))
        let keys = try StandardThumbnails.keys(of: try StandardThumbnails.path(of: path, edge: 256, root: cacheRoot))
        #expect(keys["width"] == "192" && keys["height"] == "256" && keys["Thumb::Image::Width"] == "1200", "\(keys)")
        let again = try Self.picture(try decode(path, shown: 200))
        #expect(again.thumbnail == .large && again.image.nativeSize == Size(width: 1200, height: 1600))
    }

    @Test func onADisplayWithAProfileTheBoardShowsItsColoursAndTheThumbnailKeepsSRGB() throws {
        let path = try photo("a.jpg")
        let display = DisplayProfile(bytes: try ColourFixtures.Profile.adobeRGB.bytes(), origin: "a test")
        let first = try Self.picture(try decode(path, display: display))
        #expect(first.thumbnailWritten == .normal)
        let shown = try #require(first.image.rgb(x: 5, y: 40))
        #expect(!Self.near(shown, 0xD0_2020, tolerance: 8), "not converted for the display: \(String(shown, radix: 16))")
        let thumbnail = try Screenshot(pngAt: try StandardThumbnails.path(of: path, edge: 128, root: cacheRoot))
        #expect(Self.near(thumbnail.pixel(5, 40), 0xD0_2020, tolerance: 6), "\(String(thumbnail.pixel(5, 40), radix: 16))")
        // From the thumbnail, converted for the display the same way.
        let again = try Self.picture(try decode(path, display: display))
        #expect(again.thumbnail == .normal && Self.near(again.image.rgb(x: 5, y: 40), shown, tolerance: 6))
    }

    @Test func picturesNoLargerThanTheirCopyAreLeftAlone() throws {
        let small = try photoPNG(width: 100, height: 75)
        let picture = try Self.picture(try decode(small))
        #expect(picture.thumbnail == nil && picture.thumbnailWritten == nil)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: cacheRoot + "/normal"))?.isEmpty ?? true)
    }

    @Test func anUnwritableCacheIsSaidOnceAndDecodingGoesOn() throws {
        try FileManager.default.createDirectory(atPath: cacheRoot, withIntermediateDirectories: true)
        // A file where the folder should be: no writing, whoever runs the test.
        FileManager.default.createFile(atPath: cacheRoot + "/normal", contents: Data("in the way".utf8))
        let cache = self.cache
        for name in ["a.jpg", "b.jpg", "c.jpg"] {
            let picture = try Self.picture(try decode(try photo(name), cache: cache))
            #expect(picture.thumbnailWritten == nil && picture.warning == nil)
        }
        #expect(said.lines.count == 1, "\(said.lines)")
        #expect(said.lines.first?.contains("thumbnails cannot be kept") == true)
    }

    // MARK: Failures

    @Test func aFileTheDecoderRefusesIsRecordedAndNotTriedAgainUntilItChanges() throws {
        let path = folder + "/broken.png"
        try TestPhotos.write(to: path, width: 1600, height: 1200, left: 0x808080, right: 0x404040)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let idat = try #require(bytes.firstRange(of: Array("IDAT".utf8))).upperBound
        bytes[idat + 20] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let first = try decode(path)
        let reason = try #require(HelperDecodingTests.reason(first))
        let record =
            cacheRoot + "/fail/photoboard-x11-test/" + StandardThumbnails.md5(Array(try StandardThumbnails.uri(of: path).utf8)) + ".png"
        let keys = try StandardThumbnails.keys(of: record)
        #expect(keys["Thumb::URI"] == (try StandardThumbnails.uri(of: path)) && keys["Thumb::MTime"] != nil, "\(keys)")
        #expect(try Self.permissions(record) == 0o600)
        // What the record says is what the board says, without a decode: change it and see.
        let cache = self.cache
        let lookup = try #require(
            cache.lookup(
                try OpenedPicture(path: FilePath(path), maximumLongEdge: 108, maximumFileSize: 1 << 30), file: FilePath(path),
                fingerprint: nil))
        cache.recordFailure("recorded as broken", of: lookup)
        #expect(HelperDecodingTests.reason(try decode(path)) == "recorded as broken")
        // Changed (touched), it is tried again.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: path)
        #expect(HelperDecodingTests.reason(try decode(path)) == reason)
    }
}
