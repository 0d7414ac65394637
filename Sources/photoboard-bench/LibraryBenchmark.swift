import Foundation
import XBoard
import XBoardPlatform
import XorgHarness

/// A big library: a thousand 1600×1200 photos on a 1920×1080 board (time until every one is
/// on the board, memory, drag latency), and a big folder tree opened with -r (time until the
/// window is up).
enum LibraryBenchmark {
    struct Figures {
        var loadSeconds = 0.0
        var appMiB = 0.0, serverGrowthMiB = 0.0
        var latencies: [Double] = []
    }

    static let probeLeft: UInt32 = 0xD0_2020, probeRight: UInt32 = 0x20_B040

    static func run(photos count: Int, binary: String, pictures: BenchPhotos) throws -> Figures {
        let (width, height) = (1920, 1080)
        let server = try XorgServer(width: width, height: height)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        guard let serverPID = server.pid else { throw HarnessError("no server pid") }
        let files = try pictures.mediumPaths(count - 1) + [try pictures.probe(left: probeLeft, right: probeRight)]
        let serverBefore = Measure.residentMiB(of: serverPID)
        let launched = ContinuousClock.now
        let app = try AppUnderTest(binary: binary, arguments: ["--seed", "2", "--geometry", "\(width)x\(height)"] + files, server: server)
        defer { app.stop() }
        var figures = Figures()
        figures.loadSeconds = (try lastChange(reader: reader, app: app, still: .seconds(2)) - launched).seconds
        figures.appMiB = Measure.residentMiB(of: app.pid)
        figures.serverGrowthMiB = Measure.residentMiB(of: serverPID) - serverBefore

        guard let probe = PrintMeasure(try reader.screenshot(), left: probeLeft, right: probeRight, minimumPixels: 40) else {
            throw HarnessError("probe photo not found on screen")
        }
        let fingers = Fingers(server: server)
        var x = probe.center.x, y = probe.center.y
        try fingers.touch(.begin, 1, x, y)
        for _ in 0..<5 {
            x += 6
            try fingers.touch(.update, 1, x, y)
            pause(.milliseconds(8))
        }
        pause(.milliseconds(300))
        let perf = try Measure.perfRecord([serverPID, app.pid], seconds: 3, name: "library")
        defer { perf?.waitUntilExit() }
        let stripX = max(0, Int(x - probe.span * 1.5)), stripWidth = min(width - stripX, Int(probe.span * 3))
        for sample in 0..<60 {
            let before = try reader.pixels(x: stripX, y: Int(y), width: stripWidth, height: 1)
            x += sample % 2 == 0 ? 3 : -3
            let start = ContinuousClock.now
            try fingers.touch(.update, 1, x, y)
            let changed = try waitFor("the probe to move", stall: .seconds(2), interval: .microseconds(200)) { () -> Bool? in
                try reader.pixels(x: stripX, y: Int(y), width: stripWidth, height: 1) != before ? true : nil
            }
            if changed { figures.latencies.append((ContinuousClock.now - start).seconds * 1000) }
            pause(.milliseconds(20))
        }
        try fingers.touch(.end, 1, x, y)
        return figures
    }

    /// Seconds from launch until the window of a board opening `tree` with -r is on screen.
    static func windowTime(tree: String, binary: String) throws -> Double {
        let server = try XorgServer(width: 1280, height: 800)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        let launched = ContinuousClock.now
        let app = try AppUnderTest(binary: binary, arguments: ["--seed", "2", "-r", tree], server: server)
        defer { app.stop() }
        _ = try waitFor("the window", stall: .seconds(120), interval: .milliseconds(5)) { reader.window(ofProcess: app.pid) }
        return (ContinuousClock.now - launched).seconds
    }

    /// Waits until the window is up and the screen has not changed for `still`; returns when it
    /// last changed.
    static func lastChange(reader: ScreenReader, app: AppUnderTest, still: Duration) throws -> ContinuousClock.Instant {
        _ = try waitFor("the window", stall: .seconds(30)) { reader.window(ofProcess: app.pid) }
        var last: [UInt32] = [], changed = ContinuousClock.now
        return try waitFor("the photos to load", stall: .seconds(300), interval: .milliseconds(100)) { () -> ContinuousClock.Instant? in
            let shot = try reader.screenshot()
            if shot.pixels != last {
                last = shot.pixels
                changed = ContinuousClock.now
                return nil
            }
            return ContinuousClock.now - changed > still ? changed : nil
        }
    }
}
