import Foundation
import SystemPackage
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

@Suite struct ThumbnailPumpTests {
    @Test func thumbnailsComeBackDecoded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../assets").path
        let pump = ThumbnailPump(helperExecutable: HelperDecodingTests.boardBinary)
        try pump.submit([ThumbnailRequest(id: ThumbnailID(3), path: FilePath(assets + "/rocket.jpg"), maximumLongEdge: 128)])
        var results: [ThumbnailID: Bool] = [:]
        let deadline = ContinuousClock.now + .seconds(30)
        while results.isEmpty, ContinuousClock.now < deadline {
            _ = try Poll.waitUntilReadable([try #require(pump.wakeFileDescriptor)], timeout: .seconds(1))
            results.merge(pump.takeResults { image, id in #expect(image.pixelSize.longEdge <= 128 && id == ThumbnailID(3)) }) { $1 }
        }
        pump.stop()
        #expect(results == [ThumbnailID(3): true])
    }
}

/// The picker's thumbnails go through the shared thumbnail cache, as the board's photos do.
@Suite(.serialized) struct ThumbnailPumpCacheTests {
    @Test func thePickerMakesAndThenUsesTheSharedThumbnails() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("picker-cache-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = System.canonicalPath(FilePath(base.path)).string
        let photo = folder + "/photo.jpg"
        try TestPhotos.writeJPEG(to: photo, width: 1600, height: 1200, left: 0xD0_2020, right: 0xD0_2020)
        let cache = ThumbnailCache(root: FilePath(folder + "/thumbnails"), program: "photoboard-x11", version: "test") { _ in }
        let request = ThumbnailRequest(id: ThumbnailID(1), path: FilePath(photo), maximumLongEdge: 96, canonical: FilePath(photo))
        /// The colour of the thumbnail's first pixel, as the pump hands it to the painter.
        func decoded() throws -> UInt32? {
            let pump = ThumbnailPump(helperExecutable: HelperDecodingTests.boardBinary, thumbnails: cache)
            defer { pump.stop() }
            try pump.submit([request])
            var colour: UInt32?
            let deadline = ContinuousClock.now + .seconds(30)
            while colour == nil, ContinuousClock.now < deadline {
                _ = try Poll.waitUntilReadable([try #require(pump.wakeFileDescriptor)], timeout: .seconds(1))
                _ = pump.takeResults { image, _ in colour = image.rgb(x: 2, y: 2) }
            }
            return colour
        }
        #expect(ThumbnailCacheTests.near(try decoded(), 0xD0_2020))
        let thumbnail = try StandardThumbnails.path(of: photo, edge: 128, root: folder + "/thumbnails")
        #expect(try StandardThumbnails.keys(of: thumbnail)["Thumb::URI"] == (try StandardThumbnails.uri(of: photo)))
        // Another program's thumbnail of it, in another colour: the picker shows that one now.
        let other = folder + "/other.jpg"
        try TestPhotos.writeJPEG(to: other, width: 1600, height: 1200, left: 0x20_40D0, right: 0x20_40D0)
        try StandardThumbnails.write(of: photo, edge: 128, root: folder + "/thumbnails", showing: other)
        #expect(ThumbnailCacheTests.near(try decoded(), 0x20_40D0))
    }
}
