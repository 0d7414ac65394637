import Foundation

/// A long session on a real Xorg: random touch, two-finger and mouse gestures at 120 Hz from a
/// seed, with memory and drag latency measured after a warm-up and at the end.
///
/// Latency is measured on a probe photo the session controls: before each measurement the probe
/// is brought to the front and put back where it was first laid out, with the board's own keys
/// and gestures (Shift+Tab raises photos, a triple tap puts one back), so no sequence of random
/// gestures can hide it or leave it where it cannot move.
public enum Soak {
    /// How long a session lasts: a number of gestures (the same gestures at the same moments
    /// for a seed, however busy the machine) or a time.
    public enum Length: Sendable {
        case gestures(warmUp: Int, total: Int)
        case duration(warmUp: Duration, total: Duration)
    }

    public struct Report: Sendable, CustomStringConvertible {
        public var seed: UInt64
        public var duration: Duration
        public var gestures: Int
        public var warmUpGestures: Int
        public var events: Int
        public var memoryAfterWarmUp: Memory
        public var memoryAtEnd: Memory
        /// Drag latency after the warm-up and at the end: the lower quartile of `latencySamples`
        /// samples (from one touch update to the probe moving on screen), in milliseconds. The
        /// lower quartile is what a busy machine disturbs least; a real slowdown moves it.
        public var latencyAtStartMs: Double
        public var latencyAtEndMs: Double
        /// What it took to put the probe back before the two measurements.
        public var shiftTabPresses: Int
        public var tripleTaps: Int
        public var exitStatus: Int32
        public var standardError: String

        /// Growth of the board's own memory (`Memory.ownMiB`) from the end of the warm-up to
        /// the end, in percent: what a leak grows, whatever the X server's pace.
        public var growthPercent: Double {
            (memoryAtEnd.ownMiB - memoryAfterWarmUp.ownMiB) / memoryAfterWarmUp.ownMiB * 100
        }

        public var description: String {
            func f(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
            return
                "seed \(seed): \(duration.components.seconds) s, \(gestures) gestures (\(warmUpGestures) warm-up), \(events) input events; "
                + "own memory after warm-up \(f(memoryAfterWarmUp.ownMiB, 1)) MiB → \(f(memoryAtEnd.ownMiB, 1)) MiB at the end "
                + "(\(growthPercent >= 0 ? "+" : "")\(f(growthPercent, 2))%); "
                + "shared upload pools \(f(memoryAfterWarmUp.sharedMiB, 1)) → \(f(memoryAtEnd.sharedMiB, 1)) MiB, "
                + "RSS \(f(memoryAfterWarmUp.residentMiB, 1)) → \(f(memoryAtEnd.residentMiB, 1)) MiB; drag latency \(f(latencyAtStartMs, 2)) → \(f(latencyAtEndMs, 2)) ms "
                + "(probe put back with \(shiftTabPresses) × Shift+Tab and \(tripleTaps) triple taps); exit status \(exitStatus)"
        }
    }

    /// The board's memory at one moment, read from /proc.
    ///
    /// RSS is the board's own pages plus the shared memory cairo sends pictures to the X server
    /// through (MIT-SHM pools of 16–32 MiB). A pool's pages stay resident once touched, and how
    /// many get touched depends on how many uploads are in flight while the server catches up:
    /// on a loaded machine the same gestures left 4.8–13.8 MiB of them (a second pool of 32 MiB
    /// once), the board's own memory within 0.4% every time. So a leak is judged on the board's
    /// own part, and the shared part has a bound of its own.
    public struct Memory: Sendable {
        public var residentMiB: Double
        public var sharedMiB: Double
        /// RSS without the shared pools: the board's heap, stacks and the libraries it maps.
        public var ownMiB: Double { residentMiB - sharedMiB }

        public init(of pid: Int32) {
            // Both from one reading would be better; two readings a moment apart of a board at
            // rest differ by nothing.
            residentMiB = ProcessFigures.residentMiB(of: pid)
            sharedMiB = ProcessFigures.sharedMiB(of: pid)
        }
    }

    /// Latency samples per measurement.
    public static let latencySamples = 30

    /// Runs `binary` with `photos` (plus a flat probe photo of its own) for `length`, random
    /// gestures drawn from `seed`. A failure names the seed, the gesture it happened after, and
    /// the folder with the server's log and a screenshot (kept on failure).
    public static func run(binary: String, photos: [String], length: Length, seed: UInt64) throws -> Report {
        let server = try XorgServer()
        defer { server.stop() }
        func failure(_ error: Error, _ session: SoakSession?) -> HarnessError {
            server.keepsDirectory = true
            let progress = session.map { " after \($0.gestures) gestures" } ?? ""
            return HarnessError(
                "soak with seed \(seed) failed\(progress): \(error); the screen, the server's log and the board's stderr are in \(server.directory.path)"
            )
        }
        let session: SoakSession
        do {
            session = try SoakSession(binary: binary, photos: photos, seed: seed, server: server)
        } catch {
            throw failure(error, nil)
        }
        defer { session.stop() }
        do {
            return try session.run(length)
        } catch {
            try? session.reader.screenshot().savePNG(to: server.directory.appendingPathComponent("failure.png").path)
            throw failure(error, session)
        }
    }
}
