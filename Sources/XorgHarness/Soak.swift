import Foundation

/// A long session on a real Xorg: random touch, two-finger and mouse gestures at 120 Hz, with
/// memory and drag latency measured after a warm-up and at the end.
public enum Soak {
    public struct Report: Sendable, CustomStringConvertible {
        public var duration: Duration
        public var gestures: Int
        public var events: Int
        public var residentAfterWarmUpMiB: Double
        public var residentAtEndMiB: Double
        public var latencyAtStartMs: Double
        public var latencyAtEndMs: Double
        public var exitStatus: Int32
        public var standardError: String

        /// RSS growth from the end of the warm-up to the end, in percent.
        public var growthPercent: Double { (residentAtEndMiB - residentAfterWarmUpMiB) / residentAfterWarmUpMiB * 100 }

        public var description: String {
            func f(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
            return "\(duration.components.seconds) s, \(gestures) gestures, \(events) input events; RSS after warm-up \(f(residentAfterWarmUpMiB, 1)) MiB → "
                + "\(f(residentAtEndMiB, 1)) MiB at the end (\(growthPercent >= 0 ? "+" : "")\(f(growthPercent, 2))%); drag latency "
                + "\(f(latencyAtStartMs, 2)) → \(f(latencyAtEndMs, 2)) ms; exit status \(exitStatus)"
        }
    }

    static let probeLeft: UInt32 = 0xD0_2020, probeRight: UInt32 = 0x20_B040

    /// Runs `binary` with `photos` (plus a flat probe photo) for `duration`, `warmUp` of it first.
    public static func run(binary: String, photos: [String], duration: Duration, warmUp: Duration, seed: UInt64 = 1) throws -> Report {
        let server = try XorgServer()
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        let probe = server.directory.appendingPathComponent("probe.png").path
        try TestPhotos.write(to: probe, width: 400, height: 300, left: probeLeft, right: probeRight)
        let app = try AppUnderTest(binary: binary, arguments: ["--seed", "\(seed)"] + photos + [probe], server: server)
        defer { app.stop() }
        let window = try waitFor("the window", timeout: .seconds(30)) { reader.window(ofProcess: app.pid) }
        _ = try waitFor("the probe photo", timeout: .seconds(60)) { PrintMeasure(try reader.screenshot(), left: probeLeft, right: probeRight) }
        pause(.seconds(1))

        var random = SplitMix(seed: seed)
        var events = 0, gestures = 0
        func touch(_ type: InputTestDevice.TouchType, _ id: UInt32, _ x: Double, _ y: Double) throws {
            let (vx, vy) = server.valuators(for: min(max(x, 1), 1278), min(max(y, 1), 798))
            try server.touch.touch(type, id: id, x: vx, y: vy)
            try server.touch.sync()
            events += 1
        }
        func point() -> (Double, Double) { (random.next(in: 80...1200), random.next(in: 80...720)) }

        /// Median time from one injected touch update to a visible change, nudging the probe photo
        /// (or, when others cover it, whichever photo lies near the middle of the screen).
        func latency() throws -> Double {
            var samples: [Double] = []
            var tried: [String] = []
            // Each attempt nudges a different way: a photo held against a side or in a corner
            // cannot follow in every direction.
            for (attempt, turn) in [(1.0, 1.0), (-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0)].enumerated() {
                if samples.count >= 10 { break }
                let shot = try reader.screenshot()
                guard let (x, y) = grabPoint(in: shot) else {
                    tried.append("attempt \(attempt): no photo on screen")
                    continue
                }
                let dx = (x < 640 ? 1.0 : -1.0) * turn.0, dy = (y < 400 ? 1.0 : -1.0) * turn.1
                try touch(.begin, 3, x, y)
                for step in 1...4 {
                    try touch(.update, 3, x + dx * Double(step) * 5, y + dy * Double(step) * 5)
                    pause(.milliseconds(8))
                }
                pause(.milliseconds(150))
                // A whole row and a whole column through the finger: any move of the photo shows
                // in them, even a large flat-coloured one (its edges or its halves' border do).
                func view() throws -> [UInt32] {
                    try reader.pixels(x: 0, y: Int(y), width: 1280, height: 1) + reader.pixels(x: Int(x), y: 0, width: 1, height: 800)
                }
                var misses = 0
                for sample in 0..<10 where misses < 3 {
                    let before = try view()
                    let start = ContinuousClock.now
                    let reach = 20 + (sample % 2 == 0 ? 3.0 : 0)
                    try touch(.update, 3, x + dx * reach, y + dy * reach)
                    let moved = try? waitFor("the photo to move", timeout: .milliseconds(500), interval: .microseconds(200)) {
                        try view() != before ? true : nil
                    }
                    if moved != nil {
                        samples.append(milliseconds(ContinuousClock.now - start))
                    } else {
                        misses += 1
                    }
                    pause(.milliseconds(15))
                }
                tried.append("attempt \(attempt) at (\(Int(x)), \(Int(y))) toward (\(Int(dx)), \(Int(dy))): \(misses) misses")
                pause(.milliseconds(80))
                try touch(.end, 3, x + dx * 20, y + dy * 20)
                pause(.milliseconds(500))
            }
            guard !samples.isEmpty else {
                let path = server.directory.appendingPathComponent("latency-failed.png").path
                try? reader.screenshot().savePNG(to: path)
                throw HarnessError("no photo could be nudged to measure latency: \(tried.joined(separator: "; ")); screen in \(path)")
            }
            return samples.sorted()[samples.count / 2]
        }

        /// A point on a photo: the probe's visible part if any, else the point of a photo nearest
        /// the middle of the screen (random throws may have sent every photo to the edges).
        func grabPoint(in shot: Screenshot) -> (Double, Double)? {
            if let probe = shot.blob(of: probeLeft), probe.count > 400 { return (probe.centroid.x, probe.centroid.y) }
            var best: (point: (Double, Double), distance: Double)?
            for y in stride(from: 10, to: 790, by: 12) {
                for x in stride(from: 10, to: 1270, by: 12) where !Self.isTableOrShadow(shot.pixel(x, y)) {
                    let distance = hypot(Double(x) - 640, Double(y) - 400)
                    if distance < best?.distance ?? .infinity { best = ((Double(x), Double(y)), distance) }
                }
            }
            return best?.point
        }

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
                let spread = random.next(in: 0.6...1.6), turn = random.next(in: -1.5...1.5), (dx, dy) = (random.next(in: -80...80), random.next(in: -80...80))
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
                reader.resize(window, width: 1280, height: 800)
            }
            pause(.milliseconds(Int64(50 + random.next() % 250)))
        }

        let start = ContinuousClock.now
        while ContinuousClock.now - start < warmUp { try randomGesture() }
        pause(.seconds(1))
        let residentAfterWarmUp = residentMiB(app.pid)
        let latencyAtStart = try latency()
        while ContinuousClock.now - start < duration { try randomGesture() }
        pause(.seconds(2))
        let residentAtEnd = residentMiB(app.pid)
        let latencyAtEnd = try latency()
        reader.requestClose(window)
        let status = try app.waitForExit(timeout: .seconds(30))
        reader.close()
        return Report(
            duration: ContinuousClock.now - start, gestures: gestures, events: events, residentAfterWarmUpMiB: residentAfterWarmUp,
            residentAtEndMiB: residentAtEnd, latencyAtStartMs: latencyAtStart, latencyAtEndMs: latencyAtEnd, exitStatus: status,
            standardError: app.standardError)
    }

    /// The table's colour, or the table darkened by a print's shadow.
    static func isTableOrShadow(_ pixel: UInt32) -> Bool {
        let r = Double(pixel >> 16), g = Double(pixel >> 8 & 0xFF), b = Double(pixel & 0xFF)
        return stride(from: 0.45, through: 1.0, by: 0.05).contains { k in abs(r - 54 * k) + abs(g - 63 * k) + abs(b - 74 * k) < 18 }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func residentMiB(_ pid: Int32) -> Double { ProcessFigures.residentMiB(of: pid) }
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
