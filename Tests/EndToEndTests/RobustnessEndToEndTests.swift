import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// X server and window faults, on a real Xorg (see RELIABILITY.md).
    @Suite(.timeLimit(.minutes(15)))
    struct Robustness {
        @Test func whenTheXServerDiesTheBoardSaysSoAndExitsWithinASecond() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            session.reader.close()  // our own connection must not see the server vanish
            let clock = ContinuousClock()
            session.server.crash()
            let died = clock.now
            let status = try session.app.waitForExit(stall: .seconds(5))
            #expect(clock.now - died < .seconds(10), "took \(clock.now - died) to exit")  // at once, not at a timeout
            #expect(status == 1, "exit status \(status) (128+ means a signal or core dump)")
            let lines = session.app.standardError.split(separator: "\n")
            #expect(lines == ["photoboard-x11: lost the connection to the X server"], "\(lines)")
        }

        @Test func xErrorsAreReportedNotFatalAndALostWindowEndsCleanly() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let red = try session.settled(.redGreen)
            // Destroyed mid-glide: drawing requests in flight fail with X errors, which are
            // reported; then the board says why it stops.
            try session.gesture([(1, (red.center.x, red.center.y), (red.center.x + 80, red.center.y))], steps: 6, restBeforeLift: .zero)
            session.reader.destroy(session.window)
            let status = try session.app.waitForExit(stall: .seconds(5))
            #expect(status == 1, "exit status \(status) (128+ means a crash)")
            let lines = session.app.standardError.split(separator: "\n")
            #expect(lines.last == "photoboard-x11: the window was destroyed by another program", "\(lines)")
            #expect(lines.allSatisfy { $0.hasPrefix("photoboard-x11: ") }, "\(lines)")
        }

        /// Resized to a pixel and back during glides, hidden and shown again, hidden mid-glide:
        /// one board through all of it, each step asserting. (The failure the review saw — a
        /// board restored black — needs the map and its Expose to be handled in the same
        /// wake-up, which this server does not do reliably; `FrameStateTests` checks that case
        /// itself.)
        @Test func resizedToAPixelDuringGlidesThenHiddenAndShownTheBoardBreaksNothingAndSleepsWhileHidden() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let red = try session.settled(.redGreen), blue = try session.settled(.blueYellow)
            try session.gesture(
                [(1, (red.center.x, red.center.y), (red.center.x + 90, red.center.y + 30))], steps: 8, restBeforeLift: .zero)
            try session.gesture([(2, (blue.center.x, blue.center.y), (blue.center.x - 90, blue.center.y))], steps: 8, restBeforeLift: .zero)
            for round in 0..<30 {
                session.reader.resize(session.window, width: round % 3 == 0 ? 1 : 37, height: 1)
                pause(.milliseconds(15))
                session.reader.resize(session.window, width: 1280, height: 800)
                pause(.milliseconds(15))
            }
            #expect(session.app.process.isRunning)
            try session.rest()
            print("screenshot: \(try session.saveScreenshot(named: "after-resize-storm"))")
            // Every photo is still on the board, unchanged in size, and can be picked up and moved
            // into the open. Where the storm left them depends on timing, so each is taken where
            // it shows widest (it may hang over an edge or lie partly under the other).
            for (photo, target, before) in [(TestPhoto.redGreen, (330.0, 400.0), red), (TestPhoto.blueYellow, (950.0, 400.0), blue)] {
                let grab = try session.grabPoint(photo, raisingIfHidden: true)
                try session.gesture([(3, grab, target)])
                // Once wholly in view it measures true; a second placing corrects the first.
                _ = try session.place(photo, at: target)
                let moved = try session.place(photo, at: target)
                #expect(
                    abs(moved.center.x - target.0) <= 3 && abs(moved.center.y - target.1) <= 3,
                    "\(String(photo.left, radix: 16)) could not be moved: \(moved)")
                #expect(abs(moved.span - before.span) <= 2, "\(moved) vs \(before)")
            }
            #expect(session.app.standardError.isEmpty, "\(session.app.standardError)")

            // Hidden and shown again with nothing changed: the board as it was.
            let shown = try session.rest()
            session.reader.setMapped(session.window, false)
            try session.app.waitUntilItStopsWaking()
            session.reader.setMapped(session.window, true)
            pause(.milliseconds(300))
            let again = try session.rest()
            let differing = zip(shown.pixels, again.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(differing) pixels differ once shown again (a minimised board restored black)")

            // Hidden mid-glide: it paints nothing and sleeps; shown again, the glide has finished.
            let thrown = try session.place(.redGreen, at: (300, 400))
            // Throw it, then hide the window mid-glide.
            try session.gesture(
                [(1, (thrown.center.x, thrown.center.y), (thrown.center.x + 120, thrown.center.y))], steps: 8, restBeforeLift: .zero)
            session.reader.setMapped(session.window, false)
            // Once it has taken in the unmapping it stops waking; wait for that rather than guess
            // how long a busy machine takes to deliver it.
            try session.app.waitUntilItStopsWaking()
            let asleep = try session.app.cpuAndWakeups()
            pause(.seconds(2))
            let awake = try session.app.cpuAndWakeups()
            #expect(awake.ticks == asleep.ticks, "used \(awake.ticks - asleep.ticks) ticks while hidden")
            #expect(awake.wakeups == asleep.wakeups, "woke \(awake.wakeups - asleep.wakeups) times while hidden")
            session.reader.setMapped(session.window, true)
            let landed = try session.settled(.redGreen)
            // The glide finished while hidden: shown at rest, well past where it was let go.
            #expect(landed.center.x > thrown.center.x + 200 && landed.center.x <= 1280, "\(landed)")
        }
    }
}
