import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// Mouse emulation with the inputtest absolute pointer, keyboard and touchpad devices.
    @Suite(.timeLimit(.minutes(15)))
    struct Mouse {
        static let shift: Int32 = 50, control: Int32 = 37, escape: Int32 = 9

        /// Every mouse, wheel and touchpad gesture as X delivers it, on one board, a step each:
        /// what each does to a photo is the mouse emulator's (`MouseEmulatorTests`: the glide of a
        /// fast release, the triple click that puts a photo back) and the session's
        /// (`PointerInputTests`, `MenuLayerTests`); here, that real buttons, wheel notches,
        /// smooth-scroll valuators, held modifiers and touchpad pinches reach it as those.
        @Test func aPersonWithAMouseDragsZoomsTurnsPinchesPinsAFingerAndUsesThePhotosMenu() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow], environment: ["PHOTOBOARD_TRACE": "widgets"])
            // A left-button drag moves the photo like one finger.
            var before = try session.place(.redGreen, at: (500, 400))
            try session.mouseDrag(from: (before.center.x + 10, before.center.y), to: (before.center.x + 70, before.center.y - 40))
            var after = try session.settled(.redGreen)
            #expect(abs(after.center.x - before.center.x - 60) <= 2 && abs(after.center.y - before.center.y + 40) <= 2, "dragged: \(after)")

            // Smooth scrolling: four quarter-notches up (30 of the 120 units a notch) zoom 1.1. (Before
            // any wheel notch: X moves the scroll valuator for those too, from where these leave it.)
            before = after
            let (vx, vy) = session.server.valuators(for: before.center.x, before.center.y)
            try session.movePointer(to: (before.center.x, before.center.y))
            for step in 1...4 {
                try session.server.pointer.motion(x: vx, y: vy, horizontalScroll: nil, verticalScroll: -30 * Double(step))
                try session.server.pointer.sync()
                pause(.milliseconds(20))
            }
            after = try session.settled(.redGreen)
            #expect(abs(after.span / before.span - 1.1) <= 1.1 * 0.03, "smooth scroll scaled \(after.span / before.span)")

            // Two wheel notches up (button 4) zoom 1.1² about the pointer.
            before = after
            let pointer = (before.center.x + 40, before.center.y + 20)
            try session.click(4, at: pointer)
            try session.click(4)
            after = try session.settled(.redGreen)
            let ratio = after.span / before.span
            #expect(abs(ratio - 1.21) <= 1.21 * 0.03, "wheel scaled \(ratio)")
            let expected = (pointer.0 + ratio * (before.center.x - pointer.0), pointer.1 + ratio * (before.center.y - pointer.1))
            #expect(abs(after.center.x - expected.0) <= 3 && abs(after.center.y - expected.1) <= 3, "\(after) vs \(expected)")

            // Shift held, three notches down (button 5): 10° clockwise each, no zoom.
            before = after
            try session.movePointer(to: (before.center.x, before.center.y))
            try session.holding(Self.shift) {
                for _ in 0..<3 { try session.click(5) }
            }
            after = try session.settled(.redGreen)
            #expect(abs(after.angle - before.angle - 30) <= 2, "Shift+wheel turned \(after.angle - before.angle)°")
            #expect(abs(after.span / before.span - 1) <= 0.02)

            // Control held, a drag from 60 to 40 px right of the centre pinches to 2/3 about it.
            before = after
            var c = before.center
            try session.holding(Self.control) {
                try session.mouseDrag(from: (c.x + 60, c.y), to: (c.x + 40, c.y))
            }
            after = try session.settled(.redGreen)
            #expect(abs(after.span / before.span - 2.0 / 3) <= 2.0 / 3 * 0.03, "Ctrl+drag scaled \(after.span / before.span)")
            #expect(abs(after.center.x - c.x) <= 3 && abs(after.center.y - c.y) <= 3, "\(after)")

            // Ctrl+right-click pins a second finger, shown by a blue ring; a drag spreading from
            // 100 to 150 px away from it is a two-finger pinch of 1.5 about it; Esc lifts it.
            before = after
            c = before.center
            let pin = (c.x - 50, c.y)
            try session.holding(Self.control) { try session.click(3, at: pin) }
            let isRing = { (pixel: UInt32) in pixel & 0xFF > 150 && pixel >> 16 & 0xFF < 120 }
            var seen: UInt32 = 0
            let ring = try? waitFor("the pinned finger's ring", stall: .seconds(5)) { () -> UInt32? in
                seen = try session.screenshot().pixel(Int(pin.0) + 22, Int(pin.1))
                return isRing(seen) ? seen : nil
            }
            #expect(ring != nil, "no marker: \(String(seen, radix: 16))")
            print("screenshot: \(try session.saveScreenshot(named: "pinned-finger"))")
            try session.mouseDrag(from: (pin.0 + 100, pin.1), to: (pin.0 + 150, pin.1))
            try session.server.keyboard.key(Self.escape, pressed: true)
            try session.server.keyboard.key(Self.escape, pressed: false)
            try session.server.keyboard.sync()
            after = try session.settled(.redGreen)
            #expect(abs(after.span / before.span - 1.5) <= 1.5 * 0.03, "pinned pinch scaled \(after.span / before.span)")
            let spread = (pin.0 + 1.5 * (before.center.x - pin.0), pin.1)
            #expect(abs(after.center.x - spread.0) <= 3 && abs(after.center.y - spread.1) <= 3, "\(after) vs \(spread)")
            let cleared = try session.screenshot().pixel(Int(pin.0) + 22, Int(pin.1))
            #expect(!isRing(cleared), "marker still shown after Esc: \(String(cleared, radix: 16))")

            // A touchpad pinch (XI 2.4 gesture events) to 0.6, turning 20°, about the pointer.
            before = after
            try session.movePointer(to: (before.center.x, before.center.y))
            let touchpad = try #require(session.server.touchpad)
            try touchpad.pinch(.begin, scale: 1, angleDelta: 0)
            for step in 1...10 {
                pause(.milliseconds(10))
                try touchpad.pinch(.update, scale: 1 - 0.04 * Double(step), angleDelta: 2)
                try touchpad.sync()
            }
            pause(.milliseconds(100))
            try touchpad.pinch(.end, scale: 0.6, angleDelta: 0)
            try touchpad.sync()
            after = try session.settled(.redGreen)
            #expect(abs(after.span / before.span - 0.6) <= 0.6 * 0.03, "touchpad scaled \(after.span / before.span)")
            #expect(abs(after.angle - before.angle - 20) <= 2, "touchpad turned \(after.angle - before.angle)°")

            // A right-click opens the photo's menu, which offers to pin a finger; a click on
            // Remove from the board acts.
            try session.click(3, at: (after.center.x, after.center.y))
            let entry = try waitFor("the photo's menu") { () -> (Double, Double)? in
                guard let line = session.app.standardError.split(separator: "\n").last(where: { $0.hasPrefix("trace: targets ") }),
                    let item = line.components(separatedBy: "; ").first(where: { $0.contains("menu Remove from the board at ") })
                else { return nil }
                let numbers = item.components(separatedBy: " at ").last?.split(separator: " ").compactMap { Double($0) } ?? []
                return numbers.count == 4 ? (numbers[0] + numbers[2] / 2, numbers[1] + numbers[3] / 2) : nil
            }
            #expect(session.app.standardError.contains("menu Pin a finger here"), "the mouse's menu offers to pin a finger")
            try session.click(1, at: entry)
            _ = try waitFor("red to leave the board") { try session.measure(.redGreen) == nil ? true : nil }
        }

        /// The pinned-finger ring, in the marker's blue: its width on screen.
        static func markerWidth(_ session: BoardSession, pin: (Double, Double)) throws -> Int {
            try session.holding(control) { try session.click(3, at: pin) }
            // Only pixels near the pin count (anti-aliased edges elsewhere can be close in colour).
            let shot = try session.rest()
            var low = Int.max, high = Int.min
            for y in (Int(pin.1) - 120)...(Int(pin.1) + 120) {
                for x in (Int(pin.0) - 120)...(Int(pin.0) + 120) {
                    let pixel = shot.pixel(x, y)
                    let r = Int(pixel >> 16), g = Int(pixel >> 8 & 0xFF), b = Int(pixel & 0xFF)
                    if abs(r - 0x33) <= 30 && abs(g - 0x73) <= 30 && abs(b - 0xF2) <= 30 {
                        low = min(low, x)
                        high = max(high, x)
                    }
                }
            }
            return high >= low ? high - low + 1 : 0
        }

        @Test func markersAndTextFollowXftDpi() throws {
            let normal = try BoardSession(photos: [.redGreen, .blueYellow])
            let red = try normal.place(.redGreen, at: (560, 400))
            let normalWidth = try Self.markerWidth(normal, pin: (red.center.x, red.center.y))
            let hidpi = try BoardSession(photos: [.redGreen, .blueYellow], resources: "Xft.dpi:\t192\n")
            let placed = try hidpi.place(.redGreen, at: (560, 400))
            let doubledWidth = try Self.markerWidth(hidpi, pin: (placed.center.x, placed.center.y))
            #expect(
                abs(Double(doubledWidth) / Double(normalWidth) - 2) <= 0.15,
                "marker \(normalWidth) px at 96 dpi, \(doubledWidth) px at 192 dpi")
        }

        @Test func inTouchModeTheMouseDoesNothing() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow], arguments: ["--input", "touch"])
            let before = try session.settled(.redGreen)
            try session.mouseDrag(from: (before.center.x, before.center.y), to: (before.center.x + 100, before.center.y))
            try session.rest()
            let after = try session.settled(.redGreen)
            #expect(abs(after.center.x - before.center.x) < 0.5)
        }

        @Test func inMouseModeATouchscreenDrivesThePointer() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow], arguments: ["--input", "mouse"])
            let before = try session.place(.redGreen, at: (500, 400))  // a one-finger drag, through the emulated pointer
            #expect(abs(before.center.x - 500) <= 2 && abs(before.center.y - 400) <= 2, "\(before)")
        }
    }
}
