import Foundation
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// A repaint of thousands of prints (a big board opening, tidied, a drop of thousands) is drawn
/// into the back buffer a slice at a time and shown only when whole: the window keeps the frame
/// before it meanwhile, what shows at the end is pixel for pixel the repaint drawn in one go, and
/// a list painted while it is under way shows right after it.
@Suite(.serialized, .timeLimit(.minutes(15)))
struct SlicedRepaintTests {
    /// A real X server, a window, the painter, and a board of `count` small photos tossed over it,
    /// every third one with its picture (the rest are cards, as while a board opens).
    final class Stage {
        let server: XorgServer
        let reader: ScreenReader
        // Let go before the server stops (Xlib ends the process when its server goes).
        private(set) var window: X11Window!
        private(set) var painter: CairoPainter!
        var board: Board
        let scene = SceneBuilder()

        init(count: Int) throws {
            server = try XorgServer(width: 1280, height: 800)
            reader = try ScreenReader(displayName: server.displayName)
            let size = Size(width: 1280, height: 800)
            window = try X11Window(displayName: server.displayName, size: size, title: "slices", applicationClass: "Slices")
            painter = try CairoPainter(window: window)
            board = Board(size: size)
            let path = server.directory.appendingPathComponent("picture.jpg").path
            try TestPhotos.writeJPEG(to: path, width: 160, height: 120, left: 0xC0_4020, right: 0x20_60C0, noise: 40)
            let picture = try ImageLoader.load(path: path, maximumLongEdge: 160).image
            let pixelSizes = Array(repeating: Size(width: 160, height: 120), count: count)
            for (index, photo) in Board.tossedLayout(pixelSizes: pixelSizes, boardSize: size, seed: 4).enumerated() {
                board.add(photo)
                if index % 3 == 0 { try painter.setPicture(picture, for: photo.id) }
            }
        }

        deinit {
            painter = nil
            window = nil
            reader.close()
            server.stop()
        }

        var list: DisplayList { scene.build(board) }

        func settle() { painter.settle(in: window) }

        func screen() throws -> Screenshot {
            painter.finish()
            return try reader.screenshot()
        }

        /// `list` painted afresh in one go (no slices).
        func paintedWhole(_ list: DisplayList) throws -> Screenshot {
            let settings = painter.sliceSettings
            defer { painter.sliceSettings = settings }
            painter.sliceSettings.minimumPrints = .max
            painter.invalidate()
            painter.paint(list)
            settle()
            return try screen()
        }
    }

    static func differing(_ a: Screenshot, _ b: Screenshot) -> Int { zip(a.pixels, b.pixels).count { $0 != $1 } }

    @Test func aRepaintOfThousandsOfPrintsIsDrawnInSlicesAndShowsOnlyWhenWhole() throws {
        let stage = try Stage(count: 1500)
        stage.painter.sliceSettings.budget = .milliseconds(2)
        let empty = stage.scene.build(Board(size: stage.board.size))
        stage.painter.paint(empty)
        stage.settle()
        let before = try stage.screen()

        let submitted = stage.painter.paint(stage.list)
        #expect(!submitted, "no frame goes to the server until the repaint is whole")
        #expect(stage.painter.isRepaintingInSlices)
        let during = try stage.screen()
        #expect(Self.differing(during, before) == 0, "the window kept the frame before the repaint while its first slice was drawn")

        stage.settle()
        #expect(!stage.painter.isRepaintingInSlices)
        let statistics = stage.painter.statistics
        #expect(statistics.slicedRepaints == 1)
        #expect(statistics.repaintSlices >= 3, "\(statistics.repaintSlices) slices")
        let sliced = try stage.screen()
        #expect(Self.differing(sliced, before) > sliced.pixels.count / 2, "the prints show")
        let whole = try stage.paintedWhole(stage.list)
        #expect(Self.differing(sliced, whole) == 0, "the repaint drawn in slices is the repaint drawn in one go")
    }

    @Test func aListPaintedWhileARepaintIsUnderWayShowsRightAfterIt() throws {
        let stage = try Stage(count: 1500)
        stage.painter.sliceSettings.budget = .milliseconds(2)
        stage.painter.paint(stage.list)
        #expect(stage.painter.isRepaintingInSlices)
        // Meanwhile a finger moves the print on top, twice, and another photo goes.
        for step in 1...2 {
            guard let top = stage.board.photos.last else { return }
            stage.board.setTransform(
                AffineTransform(center: top.center + Point(x: 40, y: 25), scale: top.scale, rotation: top.rotation + 0.1 * Double(step)),
                of: top.id)
            #expect(!stage.painter.paint(stage.scene.build(stage.board, moving: [top.id])))
        }
        if let gone = stage.board.photos.first?.id { stage.board.remove(gone) }
        let last = stage.list
        stage.painter.paint(last)
        stage.settle()
        #expect(!stage.painter.isRepaintingInSlices)
        let shown = try stage.screen()
        let whole = try stage.paintedWhole(last)
        #expect(Self.differing(shown, whole) == 0, "the last list shows, as painted in one go")
    }

    /// The list that waited for a repaint in slices is painted once it shows — unless a newer
    /// list was painted first: the older one must not follow it (it showed the board as it was a
    /// moment before, and cost a second paint in the turn).
    @Test func aListThatWaitedIsNotPaintedOverANewerOne() throws {
        let stage = try Stage(count: 1500)
        stage.painter.sliceSettings.budget = .milliseconds(2)
        stage.painter.paint(stage.list)
        #expect(stage.painter.isRepaintingInSlices)
        func moveTop(by offset: Double) -> DisplayList {
            guard let top = stage.board.photos.last else { return stage.list }
            stage.board.setTransform(
                AffineTransform(center: top.center + Point(x: offset, y: offset / 2), scale: top.scale, rotation: top.rotation), of: top.id)
            return stage.list
        }
        #expect(!stage.painter.paint(moveTop(by: 60)), "it waits for the repaint")
        // The slices, up to the one that shows the repaint (which asks for a step for the list that waited).
        let deadline = ContinuousClock.now + .seconds(60)
        while stage.painter.isRepaintingInSlices, ContinuousClock.now < deadline {
            stage.painter.finish()
            if stage.window.pendingEvents().contains(where: { if case .exposed = $0 { true } else { false } }) { stage.painter.present() }
        }
        #expect(!stage.painter.isRepaintingInSlices)
        let newer = moveTop(by: 90)
        #expect(stage.painter.paint(newer))
        stage.settle()
        let shown = try stage.screen()
        let whole = try stage.paintedWhole(newer)
        #expect(Self.differing(shown, whole) == 0, "the newer list shows, not the one that waited")
    }

    @Test func aFewPrintsArePaintedAtOnce() throws {
        let stage = try Stage(count: 40)
        #expect(stage.painter.paint(stage.list))
        #expect(!stage.painter.isRepaintingInSlices)
        #expect(stage.painter.statistics.repaintSlices == 0)
    }

    /// A slice draws as many prints as the server drew in its budget last time (the round trip of
    /// the step after a slice): a server given almost no time gets the fewest prints a slice, one
    /// given plenty the most — and either way the repaint is the one drawn in one go.
    @Test func slicesAreAsLargeAsTheServerDrawsInItsBudget() throws {
        let stage = try Stage(count: 1500)
        stage.painter.sliceSettings.budget = .seconds(1)  // the loop's own time never ends a slice here
        stage.painter.sliceSettings.serverBudget = .microseconds(1)
        stage.painter.paint(stage.list)
        stage.settle()
        let tight = stage.painter.statistics.repaintSlices
        #expect(stage.painter.slicePrints == stage.painter.sliceSettings.printsPerSlice.lowerBound)
        #expect(tight >= 1500 / 200, "\(tight) slices: the first of 200 prints, the rest as few as the server took in its budget")

        let fresh = try Stage(count: 1500)
        fresh.painter.sliceSettings.budget = .seconds(1)
        fresh.painter.sliceSettings.serverBudget = .seconds(10)
        fresh.painter.paint(fresh.list)
        fresh.settle()
        #expect(fresh.painter.statistics.repaintSlices <= 3, "the first slice of 200, then the rest at once")
        #expect(Self.differing(try fresh.screen(), try fresh.paintedWhole(fresh.list)) == 0)
    }

    /// Pictures go to the server a batch at a time: once some are uploaded the window says it takes
    /// no more until the server has taken them in, and then it does again.
    @Test func uploadsWaitUntilTheServerHasTakenTheLastOnesIn() throws {
        let stage = try Stage(count: 3)
        #expect(stage.window.takesUploads)
        stage.window.fenceUploads()
        #expect(!stage.window.takesUploads)
        stage.window.flush()
        let taken = try waitFor("the server to take the uploads in", stall: .seconds(10), interval: .milliseconds(5)) { () -> Bool? in
            _ = stage.window.pendingEvents()
            return stage.window.takesUploads ? true : nil
        }
        #expect(taken)
    }
}
