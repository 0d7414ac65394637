import Foundation
import Testing
import XorgHarness

/// The real binary on a real Xorg, driven by injected XI 2.2 touches, judged by screenshots.
extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct Gestures {
        @Test func oneFingerDragMovesThePhotoByTheFingersDisplacement() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let before = try session.settled(.redGreen)
            let start = (before.center.x + 20, before.center.y + 10)
            try session.gesture([(1, start, (start.0 + 150, start.1 + 80))])
            let after = try session.settled(.redGreen)
            #expect(abs(after.center.x - before.center.x - 150) <= 2, "moved \(after.center.x - before.center.x) in x")
            #expect(abs(after.center.y - before.center.y - 80) <= 2, "moved \(after.center.y - before.center.y) in y")
            #expect(abs(after.span - before.span) <= 1)
            _ = try session.saveScreenshot(named: "drag")
        }

        @Test func twoFingerPinchScalesByTheDistanceRatioAboutTheCentroid() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let before = try session.place(.redGreen, at: (560, 400))
            let pivot = (before.center.x + 25, before.center.y - 15)
            try session.gesture([
                (1, (pivot.0 - 50, pivot.1), (pivot.0 - 75, pivot.1)),
                (2, (pivot.0 + 50, pivot.1), (pivot.0 + 75, pivot.1)),
            ])
            let after = try session.settled(.redGreen)
            let ratio = after.span / before.span
            #expect(abs(ratio - 1.5) <= 1.5 * 0.03, "scaled by \(ratio)")
            // About the centroid: the centre moved away from the pivot by the same ratio.
            let expected = (pivot.0 + 1.5 * (before.center.x - pivot.0), pivot.1 + 1.5 * (before.center.y - pivot.1))
            #expect(abs(after.center.x - expected.0) <= 3 && abs(after.center.y - expected.1) <= 3, "\(after) vs \(expected)")
        }

        @Test func twoFingerTwistTurnsByTheFingersAngle() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let before = try session.place(.redGreen, at: (560, 400))
            let c = before.center
            let radius = 70.0, turn = 30.0 * .pi / 180
            try session.gesture(
                [(1, (c.x - radius, c.y), (0, 0)), (2, (c.x + radius, c.y), (0, 0))],
                path: { id, f in
                    let angle = turn * f + (id == 1 ? .pi : 0)
                    return (c.x + radius * cos(angle), c.y + radius * sin(angle))
                })
            let after = try session.settled(.redGreen)
            #expect(abs(after.angle - before.angle - 30) <= 2, "turned \(after.angle - before.angle)°")
            #expect(abs(after.span - before.span) / before.span <= 0.03)
        }

        @Test func pinchTwistAndMoveInOneGestureDoAllThree() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let before = try session.place(.redGreen, at: (480, 330))
            let c = before.center
            let turn = -40.0 * .pi / 180, shift = (120.0, 60.0)
            try session.gesture(
                [(1, (c.x - 60, c.y), (0, 0)), (2, (c.x + 60, c.y), (0, 0))],
                path: { id, f in
                    let angle = turn * f + (id == 1 ? .pi : 0), radius = 60 * (1 + 0.4 * f)
                    return (c.x + shift.0 * f + radius * cos(angle), c.y + shift.1 * f + radius * sin(angle))
                })
            let after = try session.settled(.redGreen)
            #expect(abs(after.angle - before.angle + 40) <= 2, "turned \(after.angle - before.angle)°")
            #expect(abs(after.span / before.span - 1.4) <= 1.4 * 0.03, "scaled \(after.span / before.span)")
            #expect(abs(after.center.x - c.x - shift.0) <= 3 && abs(after.center.y - c.y - shift.1) <= 3, "\(after)")
            let path = try session.saveScreenshot(named: "pinch-twist-move")
            print("screenshot: \(path)")
        }

        @Test func aFlickGlidesOnAndComesToRestInsideTheWindow() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let before = try session.place(.redGreen, at: (300, 400))
            let start = (before.center.x, before.center.y)
            // 100 px in 80 ms rightward and lift without resting: about 1250 px/s, a glide of about
            // 0.35 s × 1250 px/s ≈ 440 px (less if a busy machine slowed the flick).
            try session.gesture([(1, start, (start.0 + 100, start.1 + 10))], steps: 10, restBeforeLift: .zero)
            // While it glides, count how often the photo's row changes on screen: it moves in many
            // frames, not in a jump. (The frame rate itself is a benchmark figure; a busy machine
            // may drop frames, so only a third of 60 Hz is asked for here.)
            let row = Int(start.1)
            var last = try session.reader.pixels(x: 0, y: row, width: 1280, height: 1), frames = 0
            let clock = ContinuousClock(), sampling = clock.now
            while clock.now - sampling < .milliseconds(500) {
                let now = try session.reader.pixels(x: 0, y: row, width: 1280, height: 1)
                if now != last { frames += 1 }
                last = now
            }
            #expect(frames >= 10, "\(frames) frames in 0.5 s of gliding (60 Hz gives 30)")
            let after = try session.settled(.redGreen)
            // Let go 100 px to the right of where it started; it glided on well beyond that.
            #expect(after.center.x > before.center.x + 100 + 100, "glided only \(after.center.x - before.center.x - 100) px past the lift")
            #expect(after.center.x >= 0 && after.center.x <= 1280 && after.center.y >= 0 && after.center.y <= 800)
        }

        @Test func aFlickTowardAnEdgeStopsAtTheEdge() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            // From 400 px short of the edge: let go 200 px on at ~3000 px/s, it would glide ~1000 px
            // more (even a flick slowed five times by a busy machine reaches the edge).
            let before = try session.place(.blueYellow, at: (880, 400))
            let start = (before.center.x, before.center.y)
            try session.gesture([(1, start, (start.0 + 200, start.1))], steps: 8, restBeforeLift: .zero)
            _ = try waitFor("the photo to reach the right edge", stall: .seconds(5)) { () -> Bool? in
                let shot = try session.screenshot()
                return shot.blob(of: TestPhoto.blueYellow.left)?.maxX == 1279 ? true : nil
            }
            let shot = try session.rest()
            let left = try #require(shot.blob(of: TestPhoto.blueYellow.left))
            // The centre rests on the edge: the left half shows, ending at the edge; the right half is off screen.
            #expect(left.maxX == 1279)
            #expect(Double(shot.blob(of: TestPhoto.blueYellow.right)?.count ?? 0) < 0.03 * Double(left.count), "right half shows")
        }

        @Test func aTapCatchesAGlidingPhotoAndATripleTapPutsItBack() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let initial = try session.settled(.redGreen)
            let placed = try session.place(.redGreen, at: (300, 300))
            let start = (placed.center.x, placed.center.y)
            try session.gesture([(1, start, (start.0 + 60, start.1 + 60))], steps: 8, restBeforeLift: .zero)  // ~1200 px/s
            // Let go with its middle at `lift`; uncaught it would glide on about 0.35 s × 1200 px/s
            // ≈ 420 px down and to the right. A tap 60 px further along each axis lands on it for the
            // first ~280 px of the glide (it is 440 × 330 px): no screenshot is needed to find it,
            // so a slow one cannot make the tap late.
            let lift = (start.0 + 60, start.1 + 60)
            pause(.milliseconds(50))
            try session.tap(at: (lift.0 + 60, lift.1 + 60))
            let caught = try session.settled(.redGreen)
            let glided = hypot(caught.center.x - lift.0, caught.center.y - lift.1)
            #expect(glided < 300, "caught only after gliding \(glided) px")
            pause(.milliseconds(500))
            let later = try session.settled(.redGreen)
            #expect(abs(later.center.x - caught.center.x) < 0.5 && abs(later.center.y - caught.center.y) < 0.5)

            let point = (later.center.x, later.center.y)
            for _ in 0..<3 {
                try session.tap(at: point)
                pause(.milliseconds(80))
            }
            let back = try session.settled(.redGreen)
            #expect(abs(back.center.x - initial.center.x) <= 2 && abs(back.center.y - initial.center.y) <= 2, "\(back) vs \(initial)")
            #expect(abs(back.angle - initial.angle) <= 1 && abs(back.span - initial.span) <= 2)
        }

        @Test func touchingAPhotoUnderAnotherBringsItToTheFront() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let red = try session.settled(.redGreen)
            let blue = try session.settled(.blueYellow)
            // Drag blue/yellow so its middle covers red/green's middle: blue is now on top there.
            try session.gesture([(1, (blue.center.x, blue.center.y), (red.center.x, red.center.y))])
            try session.rest()
            let probe = (Int(red.center.x - red.span * 0.1), Int(red.center.y))
            let covered = try session.screenshot().pixel(probe.0, probe.1)
            #expect(covered == TestPhoto.blueYellow.left || covered == TestPhoto.blueYellow.right, "\(String(covered, radix: 16))")
            // Tap red/green where it still shows: it comes to the front.
            try session.tap(at: try session.grabPoint(.redGreen))
            _ = try waitFor("red/green on top", stall: .seconds(5)) { () -> Bool? in
                let pixel = try session.screenshot().pixel(probe.0, probe.1)
                return pixel == TestPhoto.redGreen.left || pixel == TestPhoto.redGreen.right ? true : nil
            }
        }

        @Test func aMouseDragMovesThePhotoLikeOneFinger() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let before = try session.place(.redGreen, at: (500, 400))
            try session.mouseDrag(from: (before.center.x + 10, before.center.y), to: (before.center.x + 130, before.center.y - 90))
            let after = try session.settled(.redGreen)
            #expect(abs(after.center.x - before.center.x - 120) <= 2 && abs(after.center.y - before.center.y + 90) <= 2, "\(after)")
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
