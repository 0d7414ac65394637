import Foundation

/// One soak: the board on a harness server, a seeded stream of random gestures, and the
/// measurements taken between them (see `Soak`).
final class SoakSession {
    static let probeLeft: UInt32 = 0xD0_2020, probeRight: UInt32 = 0x20_B040
    /// The board's size, in screen pixels (the server's screen; the window is put back to it
    /// after every random resize).
    static let width = 1280.0, height = 800.0

    let server: XorgServer
    let reader: ScreenReader
    let app: AppUnderTest
    let window: UInt
    let seed: UInt64
    /// More than the number of photos on the board (the Shift+Tab search's bound).
    let photoCountBound: Int
    /// The probe as first laid out, on top: where every latency measurement starts.
    var probeAtStart: PrintMeasure?
    var random: SplitMix
    private(set) var gestures = 0
    var events = 0
    var shiftTabPresses = 0
    var tripleTaps = 0

    init(binary: String, photos: [String], seed: UInt64, server: XorgServer) throws {
        self.server = server
        self.seed = seed
        random = SplitMix(seed: seed)
        reader = try ScreenReader(displayName: server.displayName)
        let probe = server.directory.appendingPathComponent("probe.png").path
        try TestPhotos.write(to: probe, width: 400, height: 300, left: Self.probeLeft, right: Self.probeRight)
        photoCountBound =
            2
            + photos.reduce(0) { count, path in
                count + ((try? FileManager.default.contentsOfDirectory(atPath: path).count) ?? 1)
            }
        // Listed last, the probe is laid out on top of the others.
        app = try AppUnderTest(
            binary: binary, arguments: ["--seed", "\(seed)", "--geometry", "1280x800"] + photos + [probe], server: server)
        window = try waitFor("the window", stall: .seconds(30)) { [app, reader] in
            guard app.process.isRunning else { throw HarnessError("the board exited: \(app.standardError)") }
            return reader.window(ofProcess: app.pid)
        }
    }

    func stop() {
        app.stop()
        reader.close()
    }

    /// The whole session: warm-up, memory and latency, the rest, memory and latency again, and a
    /// close through the window manager's protocol.
    func run(_ length: Soak.Length) throws -> Soak.Report {
        let start = ContinuousClock.now
        let (warmUpDone, allDone): (() -> Bool, () -> Bool)
        switch length {
        case .gestures(let warmUp, let total):
            (warmUpDone, allDone) = ({ self.gestures >= warmUp }, { self.gestures >= total })
        case .duration(let warmUp, let total):
            (warmUpDone, allDone) = ({ ContinuousClock.now - start >= warmUp }, { ContinuousClock.now - start >= total })
        }
        _ = try waitFor("the probe photo", stall: .seconds(60)) {
            PrintMeasure(try reader.screenshot(), left: Self.probeLeft, right: Self.probeRight)
        }
        _ = try rest()
        probeAtStart = try probeMeasure(in: try rest())

        while !warmUpDone() { try randomGesture() }
        let warmUpGestures = gestures
        // Memory is read where the latency measurement leaves the board, the same way each time:
        // the whole board shown (Home) and the probe put back. What the board holds depends on
        // the view (sharper copies of prints seen up close), and the gestures zoom the table too.
        let latencyAtStart = try latency()
        _ = try rest()
        let afterWarmUp = Soak.Memory(of: app.pid)
        while !allDone() { try randomGesture() }
        let latencyAtEnd = try latency()
        _ = try rest()
        let atEnd = Soak.Memory(of: app.pid)
        reader.requestClose(window)
        let status = try app.waitForExit(stall: .seconds(30))
        return Soak.Report(
            seed: seed, duration: ContinuousClock.now - start, gestures: gestures, warmUpGestures: warmUpGestures, events: events,
            memoryAfterWarmUp: afterWarmUp, memoryAtEnd: atEnd, latencyAtStartMs: latencyAtStart,
            latencyAtEndMs: latencyAtEnd, shiftTabPresses: shiftTabPresses, tripleTaps: tripleTaps, exitStatus: status,
            standardError: app.standardError)
    }

    /// Waits until nothing moves on the board any more (glides and settles are over).
    @discardableResult
    func rest() throws -> Screenshot {
        try reader.waitForRest(of: app, on: server, stall: .seconds(30))
    }

    func touch(_ type: InputTestDevice.TouchType, _ id: UInt32, _ x: Double, _ y: Double) throws {
        let (vx, vy) = server.valuators(for: min(max(x, 1), Self.width - 2), min(max(y, 1), Self.height - 2))
        try server.touch.touch(type, id: id, x: vx, y: vy)
        try server.touch.sync()
        events += 1
    }

    func point() -> (Double, Double) { (random.next(in: 80...1200), random.next(in: 80...720)) }

    /// One random gesture, then a random pause; all from the seed.
    func randomGesture() throws {
        gestures += 1
        let (x, y) = point()
        switch random.next() % 8 {
        case 0, 1, 2:  // drag or throw with one finger
            let (tx, ty) = point()
            let steps = 8 + Int(random.next() % 40)
            try touch(.begin, 1, x, y)
            for step in 1...steps {
                let f = Double(step) / Double(steps)
                try touch(.update, 1, x + (tx - x) * f, y + (ty - y) * f)
                pause(.microseconds(8333))
            }
            if random.next() % 2 == 0 { pause(.milliseconds(60)) }
            try touch(.end, 1, tx, ty)
        case 3, 4:  // pinch, twist and move with two fingers
            let spread = random.next(in: 0.6...1.6), turn = random.next(in: -1.5...1.5),
                (dx, dy) = (random.next(in: -80...80), random.next(in: -80...80))
            try touch(.begin, 1, x - 50, y)
            try touch(.begin, 2, x + 50, y)
            for step in 1...30 {
                let f = Double(step) / 30, angle = turn * f, radius = 50 * (1 + (spread - 1) * f)
                try touch(.update, 1, x + dx * f - radius * cos(angle), y + dy * f - radius * sin(angle))
                try touch(.update, 2, x + dx * f + radius * cos(angle), y + dy * f + radius * sin(angle))
                pause(.microseconds(8333))
            }
            try touch(.end, 1, x, y)
            try touch(.end, 2, x, y)
        case 5:  // taps, sometimes three
            for _ in 0..<(random.next() % 2 == 0 ? 1 : 3) {
                try touch(.begin, 1, x, y)
                pause(.milliseconds(40))
                try touch(.end, 1, x, y)
                pause(.milliseconds(80))
            }
        case 6:  // mouse wheel over the point
            let (vx, vy) = server.valuators(for: x, y)
            try server.pointer.motion(x: vx, y: vy)
            for _ in 0..<(1 + random.next() % 4) {
                let button: Int32 = random.next() % 2 == 0 ? 4 : 5
                try server.pointer.button(button, pressed: true)
                try server.pointer.button(button, pressed: false)
                events += 2
            }
            try server.pointer.sync()
        default:  // the window is resized and restored
            reader.resize(window, width: Int(random.next(in: 200...1280)), height: Int(random.next(in: 150...800)))
            pause(.milliseconds(150))
            reader.resize(window, width: Int(Self.width), height: Int(Self.height))
        }
        pause(.milliseconds(Int64(50 + random.next() % 250)))
    }
}

/// A seedable generator for the harness (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}
