import Foundation
import XBoard
import XBoardPlatform
import XorgHarness

/// A close-up in the hands on a big screen: the probe photo is brought up close (double tap),
/// dragged (latency, in a steady rhythm and in a hesitating one), then pinched and twisted with
/// two fingers for 3 s (CPU of the board and the X server, frames drawn, the server's idle time).
enum CloseUpBenchmark {
    struct Figures {
        var appCPU = 0.0, serverCPU = 0.0
        var frames = 0, seconds = 0.0
        /// Steady rhythm (an update every 40 ms), any change of a row across the print, in ms.
        var latencies: [Double] = []
        /// Hesitating rhythm (`HesitatingDrag`), both edges of the print seen moved: upright,
        /// turned 20°, and grabbed again after each twist.
        var hesitating = HesitatingDrag.Result()
        var hesitatingTurned = HesitatingDrag.Result()
        var regrabbed = HesitatingDrag.Result()

        var total: Double { appCPU + serverCPU }
        var serverIdle: Double { max(0, 100 - serverCPU) }
        var frameRate: Double { Double(frames) / max(seconds, 1e-9) }
    }

    static let probeLeft: UInt32 = 0xD0_2020, probeRight: UInt32 = 0x20_B040

    /// Measures the close-up on a `width`×`height` screen at 60 Hz, under `desktop` if given;
    /// with `pinching` false, only its drags.
    static func run(
        width: Int, height: Int, binary: String, pictures: BenchPhotos, pinching: Bool = true, desktop: WindowManager.Kind? = nil,
        printingLatencies: Bool = false
    ) throws -> Figures {
        let server = try XorgServer(width: width, height: height)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        let windowManager = try desktop.map { try WindowManager($0, on: server, reader: reader) }
        defer { windowManager?.stop() }
        guard let serverPID = server.pid else { throw HarnessError("no server pid") }
        // 19 photos plus the probe on top, 20 in all; the probe is as large as a 5 MP photo, so
        // its close-up is decoded as sharp as a photo's.
        let files = try pictures.paths(19) + [try pictures.probe(left: probeLeft, right: probeRight, width: 2400, height: 1800)]
        let app = try AppUnderTest(binary: binary, arguments: ["--seed", "4", "--geometry", "\(width)x\(height)"] + files, server: server)
        defer { app.stop() }
        try AppBenchmark.waitUntilLoaded(reader: reader, app: app)
        guard let window = reader.window(ofProcess: app.pid) else { throw HarnessError("the board's window is gone") }
        let fingers = Fingers(server: server)

        // Double tap the probe: it comes up close, upright and centred; wait for its sharp copy.
        let shot = try reader.screenshot()
        guard let spot = shot.interiorPoint(of: [probeLeft, probeRight]) else { throw HarnessError("probe photo not found on screen") }
        for _ in 0..<2 {
            try fingers.touch(.begin, 1, spot.x, spot.y)
            pause(.milliseconds(40))
            try fingers.touch(.end, 1, spot.x, spot.y)
            pause(.milliseconds(80))
        }
        pause(.milliseconds(600))
        _ = try reader.waitForRest(of: app, on: server, still: .milliseconds(800), stall: .seconds(60))
        guard let closeUp = PrintMeasure(try reader.screenshot(), left: probeLeft, right: probeRight) else {
            throw HarnessError("the close-up is not on screen")
        }
        var figures = Figures()

        // Drag latency: one touch update, then poll a strip across the close-up's middle.
        var x = closeUp.center.x, y = closeUp.center.y
        try fingers.touch(.begin, 1, x, y)
        for _ in 0..<5 {
            x += 6
            try fingers.touch(.update, 1, x, y)
            pause(.milliseconds(8))
        }
        pause(.milliseconds(300))
        let stripX = max(0, Int(x - closeUp.span * 1.2)), stripWidth = min(width - stripX, Int(closeUp.span * 2.4))
        for sample in 0..<40 {
            let before = try reader.pixels(x: stripX, y: Int(y), width: stripWidth, height: 1)
            x += sample % 2 == 0 ? 3 : -3
            let start = ContinuousClock.now
            try fingers.touch(.update, 1, x, y)
            let changed = try waitFor("the close-up to move", stall: .seconds(2), interval: .microseconds(200)) { () -> Bool? in
                try reader.pixels(x: stripX, y: Int(y), width: stripWidth, height: 1) != before ? true : nil
            }
            if changed { figures.latencies.append((ContinuousClock.now - start).seconds * 1000) }
            pause(.milliseconds(40))
        }
        try fingers.touch(.end, 1, x, y)
        pause(.milliseconds(300))
        _ = try reader.waitForRest(of: app, on: server, still: .milliseconds(500), stall: .seconds(60))

        // A hesitating finger (issue 22), at 4K: single updates after pauses of 60–120 ms, both
        // edges watched; then the same with the close-up turned 20°, and turned again and let go
        // before each move (a finger landing while it is drawn sharp).
        if width >= 3840 {
            let pauseCounter = try FrameCounter(displayName: server.displayName, window: window)
            defer { pauseCounter.close() }
            var hesitating = HesitatingDrag(fingers: fingers, reader: reader, counter: pauseCounter, screenWidth: width)
            hesitating.printsLatencies = printingLatencies
            let upright = try hesitating.drag(from: (x, y), samples: 60)
            (x, y) = upright.end
            figures.hesitating = upright
            pause(.milliseconds(300))
            _ = try reader.waitForRest(of: app, on: server, still: .milliseconds(500), stall: .seconds(60))
            let twisted = try hesitating.regrab(around: (x, y), arm: closeUp.span * 0.6, samples: 1, turn: 20 * .pi / 180)
            (x, y) = twisted.end
            _ = try reader.waitForRest(of: app, on: server, still: .milliseconds(500), stall: .seconds(60))
            let turned = try hesitating.drag(from: (x, y), samples: 40)
            (x, y) = turned.end
            figures.hesitatingTurned = turned
            pause(.milliseconds(300))
            _ = try reader.waitForRest(of: app, on: server, still: .milliseconds(500), stall: .seconds(60))
            let regrabbed = try hesitating.regrab(around: (x, y), arm: closeUp.span * 0.6, samples: 16)
            (x, y) = regrabbed.end
            figures.regrabbed = regrabbed
            _ = try reader.waitForRest(of: app, on: server, still: .milliseconds(500), stall: .seconds(60))
        }
        guard pinching else { return figures }

        // Pinch and twist for 3 s at 120 Hz: the fingers turn ±35° and spread ±30% (at 4K the
        // close-up is turned by about 20° from the twists before).
        let counter = try FrameCounter(displayName: server.displayName, window: window)
        defer { counter.close() }
        let arm = closeUp.span * 0.6
        try fingers.touch(.begin, 2, x - arm, y)
        try fingers.touch(.begin, 3, x + arm, y)
        pause(.milliseconds(50))
        counter.reset()
        let perf = try Measure.perfRecord([serverPID, app.pid], seconds: 3, name: "\(width)")
        let appTicks = Measure.ticks(of: app.pid), serverTicks = Measure.ticks(of: serverPID)
        let start = ContinuousClock.now
        var elapsed = 0.0
        while elapsed < 3 {
            let phase = 2 * Double.pi * elapsed / 3
            let angle = 0.6 * sin(phase), reach = arm * (1 + 0.3 * sin(2 * phase))
            let (dx, dy) = (reach * cos(angle), reach * sin(angle))
            try fingers.touch(.update, 2, x - dx, y - dy, sync: false)
            try fingers.touch(.update, 3, x + dx, y + dy)
            pause(.microseconds(8333))
            elapsed = (ContinuousClock.now - start).seconds
            counter.poll()
        }
        figures.seconds = elapsed
        figures.appCPU = Double(Measure.ticks(of: app.pid) - appTicks) / elapsed
        figures.serverCPU = Double(Measure.ticks(of: serverPID) - serverTicks) / elapsed
        counter.poll()
        figures.frames = counter.frames
        perf?.waitUntilExit()
        try fingers.touch(.end, 2, x, y)
        try fingers.touch(.end, 3, x, y)
        return figures
    }
}

/// Touches on the harness's touchscreen, in screen pixels.
struct Fingers {
    let server: XorgServer

    func touch(_ type: InputTestDevice.TouchType, _ id: UInt32, _ x: Double, _ y: Double, sync: Bool = true) throws {
        let (vx, vy) = server.valuators(for: x, y)
        try server.touch.touch(type, id: id, x: vx, y: vy)
        if sync { try server.touch.sync() }
    }
}
