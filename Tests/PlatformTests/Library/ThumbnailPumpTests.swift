import Foundation
import SystemPackage
import Testing
import XBoard

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
