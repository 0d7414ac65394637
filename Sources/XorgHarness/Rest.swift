import Foundation

extension AppUnderTest {
    /// Whether the board and its X server are both asleep at this moment: everything sent to
    /// them so far has been handled and drawn (a socket with unread data wakes its reader at
    /// once). Only timers — a glide's next frame — can still change the screen.
    ///
    /// A screen read while this is false may be out of date: on a busy machine the board can
    /// wait its turn for the CPU for a long time after a touch.
    ///
    /// `alongside` names more processes that must be asleep too: a window manager and a
    /// compositor, which draw what a person sees after the board has drawn it.
    public func isAsleep(with server: XorgServer, alongside others: [Int32] = []) -> Bool {
        guard let serverPID = server.pid else { return false }
        return !ProcessFigures.isBusy(pid) && !ProcessFigures.isBusy(serverPID, allThreads: true)
            && !others.contains { ProcessFigures.isBusy($0, allThreads: true) }
    }
}

extension AppUnderTest {
    /// Waits until the process neither uses CPU nor wakes up for `quiet` (an idle or hidden
    /// board sleeps for good), however long a busy machine takes to get it there.
    public func waitUntilItStopsWaking(quiet: Duration = .milliseconds(300), stall: Duration = .seconds(10)) throws {
        var last = try cpuAndWakeups()
        _ = try waitFor("the board to stop waking (last: \(last))", stall: stall, interval: .zero) { () -> Bool? in
            // Each comparison spans the whole quiet time (waitFor asks at once the first time).
            pause(quiet)
            let now = try cpuAndWakeups()
            defer { last = now }
            return now == last ? true : nil
        }
    }
}

extension ScreenReader {
    /// Waits until the screen has stayed the same for `still`, judged only from looks taken while
    /// the board and the server (and the processes `alongside`) were asleep, and returns it.
    public func waitForRest(
        of app: AppUnderTest, on server: XorgServer, alongside others: [Int32] = [], still: Duration = .milliseconds(300),
        stall: Duration = .seconds(20)
    )
        throws -> Screenshot
    {
        let clock = ContinuousClock()
        var last: (shot: Screenshot, since: ContinuousClock.Instant)?
        return try waitFor("the board to come to rest", stall: stall, interval: .milliseconds(20)) { () -> Screenshot? in
            guard app.isAsleep(with: server, alongside: others) else { return nil }
            let shot = try screenshot()
            guard let previous = last, previous.shot.pixels == shot.pixels else {
                last = (shot, clock.now)
                return nil
            }
            return clock.now - previous.since >= still ? shot : nil
        }
    }
}
