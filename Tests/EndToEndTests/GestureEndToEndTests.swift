import Foundation
import Testing
import XorgHarness

/// The real binary on a real Xorg, driven by injected XI 2.2 touches, judged by screenshots.
extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct Gestures {
        /// Every kind of manipulation with real XI 2.2 touches, on one board, a step each: how
        /// fingers move, scale and turn a photo, how a glide catches, edges stop it and a triple
        /// tap puts it back, and that touching a photo raises it, are the controller's
        /// (`ManipulationTests`, `InertiaTests`, `RoutingTests`); here, that touches from X reach
        /// it where they were on screen, in time, and that a glide is painted frame by frame.
        @Test func aPersonDragsPinchesTwistsAndFlicksAPhoto() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            // One finger drags it by the finger's displacement.
            var before = try session.settled(.redGreen)
            let start = (before.center.x + 20, before.center.y + 10)
            try session.gesture([(1, start, (start.0 + 150, start.1 + 80))])
            var after = try session.settled(.redGreen)
            #expect(abs(after.center.x - before.center.x - 150) <= 2, "moved \(after.center.x - before.center.x) in x")
            #expect(abs(after.center.y - before.center.y - 80) <= 2, "moved \(after.center.y - before.center.y) in y")
            #expect(abs(after.span - before.span) <= 1)
            _ = try session.saveScreenshot(named: "drag")

            // Two fingers pinching from 75 to 50 px either side of a point scale 2/3 about it.
            before = try session.place(.redGreen, at: (560, 400))
            let pivot = (before.center.x + 25, before.center.y - 15)
            try session.gesture([
                (1, (pivot.0 - 75, pivot.1), (pivot.0 - 50, pivot.1)),
                (2, (pivot.0 + 75, pivot.1), (pivot.0 + 50, pivot.1)),
            ])
            after = try session.settled(.redGreen)
            let ratio = after.span / before.span
            #expect(abs(ratio - 2.0 / 3) <= 2.0 / 3 * 0.03, "scaled by \(ratio)")
            let expected = (pivot.0 + ratio * (before.center.x - pivot.0), pivot.1 + ratio * (before.center.y - pivot.1))
            #expect(abs(after.center.x - expected.0) <= 3 && abs(after.center.y - expected.1) <= 3, "\(after) vs \(expected)")

            // Two fingers twisting 30° about its middle turn it 30°.
            before = after
            var c = before.center
            let radius = 70.0, turn = 30.0 * .pi / 180
            try session.gesture(
                [(1, (c.x - radius, c.y), (0, 0)), (2, (c.x + radius, c.y), (0, 0))],
                path: { id, f in
                    let angle = turn * f + (id == 1 ? .pi : 0)
                    return (c.x + radius * cos(angle), c.y + radius * sin(angle))
                })
            after = try session.settled(.redGreen)
            #expect(abs(after.angle - before.angle - 30) <= 2, "turned \(after.angle - before.angle)°")
            #expect(abs(after.span - before.span) / before.span <= 0.03)

            // Pinch, twist and move in one gesture do all three.
            before = after
            c = before.center
            let twist = -40.0 * .pi / 180, shift = (120.0, 60.0)
            try session.gesture(
                [(1, (c.x - 60, c.y), (0, 0)), (2, (c.x + 60, c.y), (0, 0))],
                path: { id, f in
                    let angle = twist * f + (id == 1 ? .pi : 0), radius = 60 * (1 + 0.4 * f)
                    return (c.x + shift.0 * f + radius * cos(angle), c.y + shift.1 * f + radius * sin(angle))
                })
            after = try session.settled(.redGreen)
            #expect(abs(after.angle - before.angle + 40) <= 2, "turned \(after.angle - before.angle)°")
            #expect(abs(after.span / before.span - 1.4) <= 1.4 * 0.03, "scaled \(after.span / before.span)")
            #expect(abs(after.center.x - c.x - shift.0) <= 3 && abs(after.center.y - c.y - shift.1) <= 3, "\(after)")
            print("screenshot: \(try session.saveScreenshot(named: "pinch-twist-move"))")

            // A flick: 100 px in 80 ms rightward, lifted without resting: about 1250 px/s, a glide
            // of about 0.35 s × 1250 px/s ≈ 440 px (less if a busy machine slowed the flick).
            before = try session.place(.redGreen, at: (300, 400))
            let flick = (before.center.x, before.center.y)
            try session.gesture([(1, flick, (flick.0 + 100, flick.1 + 10))], steps: 10, restBeforeLift: .zero)
            // While it glides, count how often the photo's row changes on screen: it moves in many
            // frames, not in a jump. (The frame rate itself is a benchmark figure; a busy machine
            // may drop frames, so only a third of 60 Hz is asked for here.)
            let row = Int(flick.1)
            var last = try session.reader.pixels(x: 0, y: row, width: 1280, height: 1), frames = 0
            let clock = ContinuousClock(), sampling = clock.now
            while clock.now - sampling < .milliseconds(500) {
                let now = try session.reader.pixels(x: 0, y: row, width: 1280, height: 1)
                if now != last { frames += 1 }
                last = now
            }
            #expect(frames >= 10, "\(frames) frames in 0.5 s of gliding (60 Hz gives 30)")
            after = try session.settled(.redGreen)
            // Let go 100 px to the right of where it started; it glided on well beyond that.
            #expect(after.center.x > before.center.x + 100 + 100, "glided only \(after.center.x - before.center.x - 100) px past the lift")
            #expect(after.center.x >= 0 && after.center.x <= 1280 && after.center.y >= 0 && after.center.y <= 800)
        }

        @Test func aTouchDeviceRemovedMidGestureCancelsItsTouches() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let before = try session.place(.redGreen, at: (300, 400))
            // A fast drag, interrupted by the device going away before the finger lifts.
            try session.gesture([(1, (before.center.x, before.center.y), (before.center.x + 150, before.center.y))], steps: 12, lift: false)
            try session.reader.setDeviceEnabled("touch", false)
            let stopped = try session.settled(.redGreen)
            // Cancelled, not thrown: it stays where the finger left it.
            #expect(abs(stopped.center.x - before.center.x - 150) <= 3, "\(stopped)")
            // No touch is stuck: the mouse alone moves it by exactly its own drag, without zoom or turn.
            try session.mouseDrag(from: (stopped.center.x, stopped.center.y), to: (stopped.center.x + 100, stopped.center.y - 60))
            let after = try session.settled(.redGreen)
            #expect(abs(after.center.x - stopped.center.x - 100) <= 2 && abs(after.center.y - stopped.center.y + 60) <= 2, "\(after)")
            #expect(abs(after.span - stopped.span) <= 1 && abs(after.angle - stopped.angle) <= 0.5)
        }
    }
}
