import Foundation
import XBoard
import XBoardPlatform
import XorgHarness

/// The real binary on a real Xorg with injected touches: memory, drag latency, CPU while
/// dragging and while idle.
enum AppBenchmark {
    static let probeLeft: UInt32 = 0xD0_2020, probeRight: UInt32 = 0x20_B040

    static func memory(photos count: Int, binary: String, pictures: BenchPhotos) throws -> String {
        let server = try XorgServer(width: 1280, height: 800)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        guard let serverPID = server.pid else { throw HarnessError("no server pid") }
        let serverBefore = Measure.residentMiB(of: serverPID)
        let app = try AppUnderTest(binary: binary, arguments: ["--seed", "2"] + (try pictures.paths(count)), server: server)
        defer { app.stop() }
        try waitUntilLoaded(reader: reader, app: app)
        let appMiB = Measure.residentMiB(of: app.pid), serverGrowth = Measure.residentMiB(of: serverPID) - serverBefore
        let budget = 60 + 4 * Double(count)
        return
            "| memory | \(count) photos of 12 MP at 1280×800 | app \(Measure.format(appMiB, 0)) MiB + X server growth \(Measure.format(serverGrowth, 0)) MiB = \(Measure.format(appMiB + serverGrowth, 0)) MiB (budget \(Measure.format(budget, 0)) MiB) |"
    }

    static func interaction(binary: String, pictures: BenchPhotos) throws -> [String] {
        let server = try XorgServer(width: 1280, height: 800)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        guard let serverPID = server.pid else { throw HarnessError("no server pid") }
        // 19 photos plus a flat probe on top, 20 in all.
        let files = try pictures.paths(19) + [try pictures.probe(left: probeLeft, right: probeRight)]
        let app = try AppUnderTest(binary: binary, arguments: ["--seed", "4"] + files, server: server)
        defer { app.stop() }
        try waitUntilLoaded(reader: reader, app: app)
        guard let probe = PrintMeasure(try reader.screenshot(), left: probeLeft, right: probeRight) else {
            throw HarnessError("probe photo not found on screen")
        }
        var lines: [String] = []

        // Idle: nothing moves for 10 s.
        let idleTicks = Measure.ticks(of: app.pid), idleWakeups = Measure.wakeups(of: app.pid)
        pause(.seconds(10))
        lines.append(
            "| idle | 20 photos, 10 s | app \(Measure.format(Double(Measure.ticks(of: app.pid) - idleTicks) / 10, 1))% CPU, \(Measure.wakeups(of: app.pid) - idleWakeups) wake-ups |"
        )

        // Latency: one touch update, then poll a strip across the probe's middle until it changes.
        func touch(_ type: InputTestDevice.TouchType, _ x: Double, _ y: Double) throws {
            let (vx, vy) = server.valuators(for: x, y)
            try server.touch.touch(type, id: 1, x: vx, y: vy)
            try server.touch.sync()
        }
        var x = probe.center.x, y = probe.center.y
        try touch(.begin, x, y)
        for _ in 0..<5 {  // past the slop, so the pan owns the finger
            x += 6
            try touch(.update, x, y)
            pause(.milliseconds(8))
        }
        pause(.milliseconds(200))
        let stripY = Int(y), stripX = max(0, Int(x - probe.span * 1.2)), stripWidth = min(1280 - stripX, Int(probe.span * 2.4))
        var latencies: [Double] = []
        for sample in 0..<60 {
            let before = try reader.pixels(x: stripX, y: stripY, width: stripWidth, height: 1)
            x += sample % 2 == 0 ? 3 : -3
            let start = ContinuousClock.now
            try touch(.update, x, y)
            let changed = try waitFor("the probe to move", stall: .seconds(2), interval: .microseconds(200)) { () -> Bool? in
                try reader.pixels(x: stripX, y: stripY, width: stripWidth, height: 1) != before ? true : nil
            }
            if changed { latencies.append((ContinuousClock.now - start).seconds * 1000) }
            pause(.milliseconds(20))
        }
        lines.append(
            "| drag latency | 20 photos, \(latencies.count) samples (touch update → probe moved on screen) | median \(Measure.format(Measure.median(latencies))) ms, p95 \(Measure.format(Measure.percentile(latencies, 0.95))) ms |"
        )

        // CPU during a 5 s one-finger drag at 120 Hz.
        let appTicks = Measure.ticks(of: app.pid), serverTicks = Measure.ticks(of: serverPID)
        let start = ContinuousClock.now
        var step = 0
        while ContinuousClock.now - start < .seconds(5) {
            step += 1
            let angle = Double(step) * 0.05
            try touch(.update, probe.center.x + 150 * cos(angle), probe.center.y + 100 * sin(angle))
            pause(.microseconds(8333))
        }
        let seconds = (ContinuousClock.now - start).seconds
        try touch(.end, x, y)
        let appCPU = Double(Measure.ticks(of: app.pid) - appTicks) / seconds,
            serverCPU = Double(Measure.ticks(of: serverPID) - serverTicks) / seconds
        lines.append(
            "| CPU while dragging | 20 photos, \(step) updates in \(Measure.format(seconds, 1)) s | app \(Measure.format(appCPU, 1))% + X server \(Measure.format(serverCPU, 1))% = \(Measure.format(appCPU + serverCPU, 1))% of one core |"
        )
        return lines
    }

    /// Waits until the board shows no loading indicator and the screen has been still for a second.
    static func waitUntilLoaded(reader: ScreenReader, app: AppUnderTest) throws {
        _ = try waitFor("the window", stall: .seconds(10)) { reader.window(ofProcess: app.pid) }
        var last: [UInt32] = [], stillSince = ContinuousClock.now
        _ = try waitFor("the photos to load", stall: .seconds(120), interval: .milliseconds(100)) { () -> Bool? in
            let shot = try reader.screenshot()
            if shot.pixels != last {
                last = shot.pixels
                stillSince = ContinuousClock.now
                return nil
            }
            return ContinuousClock.now - stillSince > .seconds(1) ? true : nil
        }
    }
}
