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
        /// The selection outline's colour.
        static let outline: UInt32 = 0x33_73F2
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

        /// The keys a person types most, through XKB on one board: what each command does to the
        /// board is the session's (`KeyTranscriptTests`, `BoardSessionTests`, `CommandTests`);
        /// here, that real key presses, with Shift and Control held, reach it as those chords.
        @Test func aPersonAtTheKeyboardSelectsMovesTurnsUndoesRemovesAndAsksForHelp() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            // Tab, Tab: the top photo (blue/yellow), then red/green, raised and outlined.
            try session.press(Self.tab)
            try session.press(Self.tab)
            let outline = try session.rest().blob(of: Self.outline, tolerance: 12)
            #expect((outline?.count ?? 0) > 300, "no selection outline: \(String(describing: outline))")
            let before = try session.settled(.redGreen)
            #expect(
                outline.map { hypot($0.centroid.x - before.center.x, $0.centroid.y - before.center.y) < 20 } == true, "red/green outlined")
            // Right ×3 and ]: 30 px right and 5° clockwise.
            for _ in 0..<3 { try session.press(Self.right) }
            try session.press(Self.bracketRight)
            let turned = try session.settled(.redGreen)
            #expect(
                abs(turned.center.x - before.center.x - 30) <= 2 && abs(turned.center.y - before.center.y) <= 2, "\(turned) vs \(before)")
            #expect(abs(turned.angle - before.angle - 5) <= 1, "\(turned.angle - before.angle)°")
            // Ctrl+Z undoes the turn, Ctrl+Shift+Z (an upper-case Z from XKB) redoes it.
            try session.press(Self.z, with: [Self.control])
            let undone = try session.settled(.redGreen)
            #expect(abs(undone.angle - before.angle) <= 1 && abs(undone.center.x - turned.center.x) <= 2, "\(undone) vs \(turned)")
            try session.press(Self.z, with: [Self.control, Self.shift])
            let redone = try session.settled(.redGreen)
            #expect(abs(redone.angle - turned.angle) <= 1, "\(redone) vs \(turned)")
            // Delete takes the selected photo off the board; Ctrl+Z brings it back.
            try session.press(Self.delete)
            _ = try waitFor("the photo to leave", stall: .seconds(5)) { try session.measure(.redGreen) == nil ? true : nil }
            #expect(try session.measure(.blueYellow) != nil)
            try session.press(Self.z, with: [Self.control])
            _ = try session.settled(.redGreen)
            // Shift+Tab (ISO_Left_Tab from XKB), with nothing selected and the Tab round going on:
            // its last photo, red/green, where Tab would pick blue/yellow (`KeyTranscriptTests`).
            try session.press(Self.tab, with: [Self.shift])
            let red = try session.settled(.redGreen)
            let backwards = try session.rest().blob(of: Self.outline, tolerance: 12)
            #expect(
                backwards.map { hypot($0.centroid.x - red.center.x, $0.centroid.y - red.center.y) < 20 } == true,
                "Shift+Tab outlined \(String(describing: backwards)), not red/green at \(red)")
            // Space gathers (any tidy spread will do): every photo whole in view once it stops.
            try session.press(Self.space)
            let shot = try session.rest()
            for photo in session.photos {
                let halves = [shot.blob(of: photo.left), shot.blob(of: photo.right)]
                #expect(
                    halves.allSatisfy { ($0?.count ?? 0) > 20_000 && $0!.minX > 0 && $0!.maxX < 1279 },
                    "\(String(photo.left, radix: 16)): \(halves)")
            }
            // ? (Shift+/) shows the gestures and keys; Esc closes them.
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
