import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// Keys, as X keycodes (evdev + 8), through the inputtest keyboard.
    @Suite(.timeLimit(.minutes(15)))
    struct Keyboard {
        /// Keysyms; the session's server turns them into its keycodes.
        static let f: UInt = 0x66, escape: UInt = 0xFF1B, z: UInt = 0x7A, control: UInt = 0xFFE3, shift: UInt = 0xFFE1,
            delete: UInt = 0xFFFF
        static let space: UInt = 0x20, tab: UInt = 0xFF09, right: UInt = 0xFF53, slash: UInt = 0x2F, bracketRight: UInt = 0x5D

        static func isTable(_ pixel: UInt32) -> Bool { abs(Int(pixel >> 16) - 0x36) <= 3 && abs(Int(pixel & 0xFF) - 0x4A) <= 3 }

        @Test func fTogglesFullscreenWithoutAWindowManagerAndEscLeavesIt() throws {
            let session = try BoardSession(photos: [.redGreen], arguments: ["--geometry", "800x600"])
            #expect(!Self.isTable(try session.screenshot().pixel(1270, 790)))  // outside the window
            try session.press(Self.f)
            _ = try waitFor("the board to fill the screen", stall: .seconds(5)) {
                Self.isTable(try session.screenshot().pixel(1270, 790)) ? true : nil
            }
            try session.press(Self.escape)
            _ = try waitFor("the window to shrink back", stall: .seconds(5)) {
                Self.isTable(try session.screenshot().pixel(1270, 790)) ? nil : true
            }
            #expect(Self.isTable(try session.screenshot().pixel(790, 590)))
        }

        @Test func ctrlZUndoesADragAndCtrlShiftZRedoesIt() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let before = try session.settled(.redGreen)
            // One drag (not `place`, which may take two): the one gesture to undo.
            let grab = try session.grabPoint(.redGreen)
            try session.gesture([(1, grab, (grab.0 + 640 - before.center.x, grab.1 + 420 - before.center.y))], steps: 30)
            let moved = try session.settled(.redGreen)
            #expect(abs(moved.center.x - 640) <= 3 && abs(moved.center.y - 420) <= 3, "\(moved)")
            try session.press(Self.z, with: [Self.control])
            let undone = try session.settled(.redGreen)
            #expect(abs(undone.center.x - before.center.x) <= 2 && abs(undone.center.y - before.center.y) <= 2, "\(undone) vs \(before)")
            try session.press(Self.z, with: [Self.control, Self.shift])
            let redone = try session.settled(.redGreen)
            #expect(abs(redone.center.x - moved.center.x) <= 2 && abs(redone.center.y - moved.center.y) <= 2, "\(redone) vs \(moved)")
        }

        @Test func deleteTakesThePhotoOffTheBoardAndUndoBringsItBack() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            try session.tap(at: try session.grabPoint(.redGreen))  // on top now
            try session.rest()
            try session.press(Self.delete)
            _ = try waitFor("the photo to leave", stall: .seconds(5)) { try session.measure(.redGreen) == nil ? true : nil }
            #expect(try session.measure(.blueYellow) != nil)
            try session.press(Self.z, with: [Self.control])
            _ = try session.settled(.redGreen)
            // Removed again, it stays off the board the next time the same photos open.
            try session.press(Self.delete)
            _ = try waitFor("the photo to leave again", stall: .seconds(5)) { try session.measure(.redGreen) == nil ? true : nil }
            session.reader.requestClose(session.window)
            #expect(try session.app.waitForExit(stall: .seconds(5)) == 0)
            let paths = ["photo0.png", "photo1.png"].map { session.server.directory.appendingPathComponent($0).path }
            let again = try AppUnderTest(
                binary: BoardSession.binaryPath, arguments: ["--seed", "7", "--geometry", "1280x800"] + paths, server: session.server)
            defer { again.stop() }
            _ = try waitFor("the board again") { session.reader.window(ofProcess: again.pid) }
            _ = try session.settled(.blueYellow)
            // Both pictures are small and decode together; give the removed one time to show if
            // it (wrongly) were going to.
            _ = try session.reader.waitForRest(of: again, on: session.server, still: .seconds(1))
            #expect(try session.measure(.redGreen) == nil, "a removed photo came back")
        }

        @Test func spaceGathersEveryPhotoBackIntoView() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let blue = try session.settled(.blueYellow)
            // Push blue/yellow half off the right edge.
            try session.gesture([(1, (blue.center.x, blue.center.y), (1279, blue.center.y))])
            #expect((try session.rest().blob(of: TestPhoto.blueYellow.right)?.count ?? 0) < 5_000)
            try session.press(Self.space)
            // Any tidy spread will do (the board picks one anew each time): wait for it to stop.
            let shot = try session.rest()
            for photo in session.photos {
                let halves = [shot.blob(of: photo.left), shot.blob(of: photo.right)]
                #expect(
                    halves.allSatisfy { ($0?.count ?? 0) > 20_000 && $0!.minX > 0 && $0!.maxX < 1279 },
                    "\(String(photo.left, radix: 16)): \(halves)")
            }
        }

        @Test func tabSelectsAPhotoThatArrowsMoveAndBracketsTurn() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            try session.press(Self.tab)  // the top photo (blue/yellow)
            try session.press(Self.tab)  // then red/green, raised and outlined
            let shot = try session.rest()
            let outline = shot.blob(of: 0x33_73F2, tolerance: 12)
            #expect((outline?.count ?? 0) > 300, "no selection outline: \(String(describing: outline))")
            let before = try session.settled(.redGreen)
            for _ in 0..<3 { try session.press(Self.right) }
            try session.press(Self.bracketRight)
            let after = try session.settled(.redGreen)
            #expect(abs(after.center.x - before.center.x - 30) <= 2 && abs(after.center.y - before.center.y) <= 2, "\(after) vs \(before)")
            #expect(abs(after.angle - before.angle - 5) <= 1, "\(after.angle - before.angle)°")
        }

        @Test func shiftTabBringsAPhotoHiddenUnderAnotherBackToTheFront() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow, .cyanMagenta])
            // Red/green in the middle, then cyan/magenta over it, zoomed about 1.8× so it covers
            // red/green whole. The stack is now blue/yellow, red/green, cyan/magenta.
            let red = try session.place(.redGreen, at: (640, 400))
            let cover = try session.place(.cyanMagenta, at: (640, 400))
            try session.movePointer(to: (cover.center.x, cover.center.y))
            for _ in 0..<6 { try session.click(4) }
            try session.rest()
            #expect(try session.measure(.redGreen) == nil, "red/green still shows")
            // Shift+Tab raises the bottom photo (blue/yellow), then the bottom one again: red/green.
            try session.press(Self.tab, with: [Self.shift])
            try session.rest()
            #expect(try session.measure(.redGreen) == nil, "red/green came up first")
            try session.press(Self.tab, with: [Self.shift])
            let raised = try session.settled(.redGreen)
            #expect(TestPhoto.redGreen.isWhole(raised, in: try session.rest()), "red/green not wholly on top: \(raised)")
            #expect(abs(raised.center.x - red.center.x) <= 1 && abs(raised.center.y - red.center.y) <= 1, "\(raised) vs \(red)")
        }

        @Test func questionMarkShowsTheGesturesAndKeysAndEscClosesThem() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let dark = { (try session.screenshot().blob(of: 0x14_1A21, tolerance: 4)?.count) ?? 0 }
            let without = try dark()
            try session.press(Self.slash, with: [Self.shift])
            try session.rest()
            print("screenshot: \(try session.saveScreenshot(named: "help"))")
            #expect(try dark() > without + 50_000, "no help panel")
            try session.press(Self.escape)
            try session.rest()
            #expect(try dark() <= without + 200, "the help panel stayed")
        }
    }
}
