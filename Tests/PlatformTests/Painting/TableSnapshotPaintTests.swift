import Foundation
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// A frame of a table snapshot shows the table as it was, scaled and moved with the view, and
/// the overlays over it where they belong, not scaled along.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct TableSnapshotPaintTests {
    static func isClose(_ a: UInt32, _ b: UInt32, tolerance: Int = 24) -> Bool {
        [16, 8, 0].allSatisfy { shift in abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)) <= tolerance }
    }

    @Test func aSnapshotFrameAfterAZoomShowsTheTableScaledAndTheOverlaysUnscaled() throws {
        let server = try XorgServer(width: 1280, height: 800)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        let size = Size(width: 1280, height: 800)
        var window: X11Window? = try X11Window(displayName: server.displayName, size: size, title: "snapshot", applicationClass: "Snapshot")
        var painter: CairoPainter? = try CairoPainter(window: window!)
        defer {
            painter = nil
            window = nil
        }
        let path = server.directory.appendingPathComponent("picture.jpg").path
        try TestPhotos.writeJPEG(to: path, width: 160, height: 120, left: 0xC0_4020, right: 0xC0_4020, noise: 0)
        let picture = try ImageLoader.load(path: path, maximumLongEdge: 160).image
        var board = Board(size: size)
        board.add(
            Photo(
                id: PhotoID(1), size: Size(width: 400, height: 300), pixelSize: Size(width: 160, height: 120),
                photoToBoard: AffineTransform(center: Point(x: 640, y: 400), scale: 1, rotation: 0)))
        try painter!.setPicture(picture, for: PhotoID(1))
        let scene = SceneBuilder(), status = LoadingStatus(finished: 3, total: 10)
        func shown(_ list: DisplayList) throws -> Screenshot {
            painter!.paint(list)
            painter!.settle(in: window!)
            painter!.finish()
            return try reader.screenshot()
        }

        let before = try shown(scene.build(board, status: status))
        let red = before.pixel(640, 400), table = before.pixel(5, 5)
        #expect(Self.isClose(red, 0xC0_4020) && Self.isClose(before.pixel(830, 400), red))
        // Zoomed out to 0.8 about the middle: a snapshot frame.
        let zoomed = BoardView.identity.zoomed(by: 0.8, about: Point(x: 640, y: 400))
        let moving = scene.build(
            board, view: zoomed, status: status, isViewMoving: true, viewMoveStart: .identity, snapshotMinimum: 0)
        #expect(moving.tableSnapshot != nil)
        let after = try shown(moving)
        #expect(painter!.statistics.snapshotFrames == 1)
        // The print's right part, 160 px right of the middle, is 128 px right of it now; 190 px
        // right of it is past the print.
        #expect(Self.isClose(after.pixel(768, 400), red), "\(String(after.pixel(768, 400), radix: 16))")
        #expect(!Self.isClose(after.pixel(830, 400), red))
        #expect(Self.isClose(after.pixel(5, 5), table))
        // The loading bar is where it was, pixel for pixel, and not scaled along with the table.
        let bar = OverlayGeometry.progressPanel(in: size, scale: moving.uiScale).integral
        var differing = 0
        for y in Int(bar.minY)..<Int(bar.maxY) {
            for x in Int(bar.minX)..<Int(bar.maxX) where before.pixel(x, y) != after.pixel(x, y) { differing += 1 }
        }
        #expect(differing == 0)
        let scaled = zoomed.boardToWindow.apply(to: Point(x: bar.minX + bar.size.width / 2, y: bar.minY + bar.size.height / 2))
        #expect(Self.isClose(after.pixel(Int(scaled.x), Int(scaled.y)), table), "no copy of the bar scaled along")

        // At rest the prints return, drawn through the new view, and the snapshot is let go.
        let resting = try shown(scene.build(board, view: zoomed, status: status))
        #expect(painter!.tableSnapshotPicture == nil)
        #expect(Self.isClose(resting.pixel(768, 400), red) && !Self.isClose(resting.pixel(830, 400), red))
    }
}
