import Foundation
import XBoard
import XBoardPlatform
import XorgHarness

/// The table of ten thousand moving (issue 38, stage 5): the scale benchmark's folder of 10,000
/// photo-like 640×480 JPEGs and the probe, opened at 1920×1080 with an empty thumbnail cache,
/// then the bare table pinched by two XI2 touches and panned by one, 2 s each, and the same
/// folder opened again from the thumbnail cache. `djpeg -scale 1/8` decodes the same files on
/// the same cores in the same run, for the opening's yardstick.
///
/// "Sharp" is the probe's square of the screen as it is once the board has stopped drawing:
/// from the lift until the square last changed. The pan and the first pinch end where they
/// began (the view comes back, every print drawn from the sprite it had); the second pinch ends
/// with the fingers 10% further apart, so every print in view wants a new sprite at rest.
enum TableZoomBenchmark {
    struct Gesture {
        var frames = 0, seconds = 0.0
        var longest: ScaleBenchmark.Stall?
        /// From the fingers lifting to the probe's square as it was before the gesture, and to
        /// the board's last drawing (nothing drawn for a second after it), in milliseconds.
        var sharp: Double?, still = 0.0

        var frameRate: Double { Double(frames) / max(seconds, 1e-9) }
    }

    struct Figures {
        var firstOpen = 0.0, reopen = 0.0, djpeg = 0.0
        var pinch = Gesture(), pan = Gesture(), zoomingPinch = Gesture()
    }

    static let (width, height) = (1920, 1080)

    static func run(photos count: Int, binary: String, pictures: BenchPhotos, gestures: Bool = true) throws -> Figures {
        let board = try ScaleBenchmark.folder(count: count - 1, pictures: pictures, name: "scale-\(count)")
        let probeLeft = ScaleBenchmark.probeLeft, probeRight = ScaleBenchmark.probeRight
        let probeFile = try ScaleBenchmark.addProbe(to: board, pictures: pictures)
        defer { try? FileManager.default.removeItem(atPath: probeFile) }
        // One server for both openings: the board's cache (XDG_CACHE_HOME) is in its folder.
        let server = try XorgServer(width: width, height: height)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        var figures = Figures()
        let arguments = ["--seed", "2", "--geometry", "\(width)x\(height)", board]

        do {
            let launched = ContinuousClock.now
            let app = try AppUnderTest(binary: binary, arguments: arguments, server: server, environment: ["PHOTOBOARD_TRACE": "loop"])
            defer { app.stop() }
            let window = try waitFor("the window", stall: .seconds(30)) { reader.window(ofProcess: app.pid) }
            let drawing = try FrameCounter(displayName: server.displayName, window: window)
            defer { drawing.close() }
            figures.firstOpen = (try quiet(drawing, reader: reader, since: launched, minimumPixels: 20) - launched).seconds
            if gestures {

                // Zoomed out twice (Ctrl+minus: to 0.64 about the middle), the board leaves a band of
                // bare table down the left side of the window for the fingers.
                for _ in 0..<2 { try server.keyboard.press(reader.keycode(for: 0x2D), with: [reader.keycode(for: 0xFFE3)]) }
                _ = try ScaleBenchmark.lastDrawing(drawing, still: .seconds(2))
                let shot = try reader.screenshot()
                guard let probe = PrintMeasure(shot, left: probeLeft, right: probeRight, minimumPixels: 4) else {
                    try shot.savePNG(to: "/tmp/table-probe-missing.png")
                    throw HarnessError("the probe is not on the zoomed-out board (/tmp/table-probe-missing.png; \(binary))")
                }
                let table = shot.pixel(width - 4, height - 4)
                let centre = (x: 150.0, y: Double(height) * 0.65)
                guard isBare(shot, table: table, x: 20, y: Int(centre.y) - 60, width: 260, height: 120) else {
                    try shot.savePNG(to: "/tmp/table-not-bare.png")
                    throw HarnessError("no bare table at the left of the zoomed-out board (/tmp/table-not-bare.png; \(binary))")
                }
                let side = Int(max(24, probe.span * 2))
                let square = (x: max(0, Int(probe.center.x) - side / 2), y: max(0, Int(probe.center.y) - side / 2), side: side)
                let fingers = Fingers(server: server)

                // Two fingers 120 px apart spread to 180 and back, twice, about a fixed middle.
                figures.pinch = try measure(app: app, drawing: drawing, reader: reader, fingers: fingers, square: square) { elapsed in
                    let reach = 60 * (1 + 0.25 * (1 - cos(2 * Double.pi * elapsed)))
                    return [(centre.x - reach, centre.y), (centre.x + reach, centre.y)]
                }
                // One finger 110 px to the right and back, twice.
                figures.pan = try measure(app: app, drawing: drawing, reader: reader, fingers: fingers, square: square) { elapsed in
                    [(centre.x - 55 + 55 * (1 - cos(2 * Double.pi * elapsed)), centre.y)]
                }
                // The pinch again, ending 10% further apart: the table zoomed 1.1× about the fingers'
                // middle, where the probe's square is then.
                let zoomed = (
                    x: centre.x + (probe.center.x - centre.x) * 1.1, y: centre.y + (probe.center.y - centre.y) * 1.1, side: side * 11 / 10
                )
                let zoomedSquare = (
                    x: max(0, Int(zoomed.x) - zoomed.side / 2), y: max(0, Int(zoomed.y) - zoomed.side / 2), side: zoomed.side
                )
                figures.zoomingPinch = try measure(app: app, drawing: drawing, reader: reader, fingers: fingers, square: zoomedSquare) {
                    elapsed in
                    let reach = 60 * (1 + 0.25 * (1 - cos(2 * Double.pi * elapsed)) + 0.05 * elapsed)
                    return [(centre.x - reach, centre.y), (centre.x + reach, centre.y)]
                }
            }
        }

        // The same files through `djpeg -scale 1/8`, one stream of them per processor.
        let files = (0..<(count - 1)).map { board + String(format: "/IMG_%05d.jpg", $0) }
        figures.djpeg = try djpeg(files)

        do {
            let launched = ContinuousClock.now
            let app = try AppUnderTest(binary: binary, arguments: arguments, server: server)
            defer { app.stop() }
            let window = try waitFor("the window", stall: .seconds(30)) { reader.window(ofProcess: app.pid) }
            let drawing = try FrameCounter(displayName: server.displayName, window: window)
            defer { drawing.close() }
            figures.reopen = (try quiet(drawing, reader: reader, since: launched, minimumPixels: 4) - launched).seconds
        }
        return figures
    }

    /// When the board last drew before a 3 s stillness with the probe on screen.
    static func quiet(_ drawing: FrameCounter, reader: ScreenReader, since: ContinuousClock.Instant, minimumPixels: Int) throws
        -> ContinuousClock.Instant
    {
        var quiet = try ScaleBenchmark.lastDrawing(drawing, still: .seconds(3))
        while PrintMeasure(
            try reader.screenshot(), left: ScaleBenchmark.probeLeft, right: ScaleBenchmark.probeRight, minimumPixels: minimumPixels)
            == nil
        {
            guard ContinuousClock.now - since < .seconds(600) else { throw HarnessError("the last photo never showed") }
            quiet = try ScaleBenchmark.lastDrawing(drawing, still: .seconds(3))
        }
        return quiet
    }

    /// Every pixel of the rectangle within a few levels of the table's colour.
    static func isBare(_ shot: Screenshot, table: UInt32, x: Int, y: Int, width: Int, height: Int) -> Bool {
        for row in y..<(y + height) {
            for column in x..<(x + width) where differs(shot.pixel(column, row), table, by: 6) { return false }
        }
        return true
    }

    static func differs(_ a: UInt32, _ b: UInt32, by tolerance: Int) -> Bool {
        for shift: UInt32 in [16, 8, 0] {
            let first = Int((a >> shift) & 0xFF), second = Int((b >> shift) & 0xFF)
            if abs(first - second) > tolerance { return true }
        }
        return false
    }

    /// At most 1% of the pixels more than 24 levels off in a channel.
    static func matches(_ now: [UInt32], _ before: [UInt32]) -> Bool {
        guard now.count == before.count else { return false }
        let off = zip(now, before).filter { differs($0, $1, by: 24) }.count
        return off * 100 <= now.count
    }

    /// The fingers at `places(elapsed seconds)`, begun, moved at 120 Hz for 2 s, then lifted:
    /// the frames drawn while they moved, the longest loop turn from their landing until the
    /// board is still, and how long after lifting the probe showed sharp and the board stopped.
    static func measure(
        app: AppUnderTest, drawing: FrameCounter, reader: ScreenReader, fingers: Fingers, square: (x: Int, y: Int, side: Int),
        _ places: (Double) -> [(Double, Double)]
    ) throws -> Gesture {
        var gesture = Gesture()
        let landed = MonotonicClock.now()
        let ids: [UInt32] = [11, 12]
        for (index, place) in places(0).enumerated() { try fingers.touch(.begin, ids[index], place.0, place.1) }
        pause(.milliseconds(50))
        drawing.reset()
        let start = ContinuousClock.now
        var elapsed = 0.0
        while elapsed < 2 {
            let now = places(min(elapsed, 2))
            for (index, place) in now.enumerated() {
                try fingers.touch(.update, ids[index], place.0, place.1, sync: index == now.count - 1)
            }
            pause(.microseconds(8333))
            elapsed = (ContinuousClock.now - start).seconds
            drawing.poll()
        }
        let end = places(2)
        for (index, place) in end.enumerated() { try fingers.touch(.update, ids[index], place.0, place.1) }
        drawing.poll()
        gesture.seconds = (ContinuousClock.now - start).seconds
        gesture.frames = drawing.frames
        // Held still a moment (no flick), then lifted.
        pause(.milliseconds(100))
        for (index, place) in end.enumerated() { try fingers.touch(.end, ids[index], place.0, place.1) }
        let lifted = ContinuousClock.now
        drawing.reset()
        // The probe's square read every 5 ms until the board has drawn nothing for a second.
        var squares: [(at: ContinuousClock.Instant, pixels: [UInt32])] = []
        var seen = 0, changed = lifted
        while ContinuousClock.now - changed < .seconds(1) {
            guard ContinuousClock.now - lifted < .seconds(60) else { throw HarnessError("the board never stopped drawing") }
            squares.append((ContinuousClock.now, try reader.pixels(x: square.x, y: square.y, width: square.side, height: square.side)))
            drawing.poll()
            if drawing.operations != seen {
                seen = drawing.operations
                changed = ContinuousClock.now
            }
            pause(.milliseconds(5))
        }
        gesture.still = (changed - lifted).seconds * 1000
        // Sharp from the first read after which the square stays as it ends.
        if let final = squares.last?.pixels {
            var first = squares.count - 1
            while first > 0, matches(squares[first - 1].pixels, final) { first -= 1 }
            gesture.sharp = (squares[first].at - lifted).seconds * 1000
        }
        gesture.longest = ScaleBenchmark.longestTurn(app, from: landed, to: MonotonicClock.now())
        return gesture
    }

    /// Seconds `djpeg -scale 1/8` takes over `files`, in one shell per processor.
    static func djpeg(_ files: [String]) throws -> Double {
        let streams = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let lists = try (0..<streams).map { stream -> String in
            let path = NSTemporaryDirectory() + "djpeg-\(getpid())-\(stream).txt"
            let share = files.enumerated().filter { $0.offset % streams == stream }.map(\.element)
            try (share.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        defer { for list in lists { try? FileManager.default.removeItem(atPath: list) } }
        let start = ContinuousClock.now
        let shells = try lists.map { list -> Process in
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "while IFS= read -r f; do djpeg -scale 1/8 \"$f\" > /dev/null || exit 1; done < \"$0\"", list]
            try shell.run()
            return shell
        }
        for shell in shells {
            shell.waitUntilExit()
            guard shell.terminationStatus == 0 else { throw HarnessError("djpeg failed (is libjpeg-turbo-progs installed?)") }
        }
        return (ContinuousClock.now - start).seconds
    }

    static func rows(photos: Int, before: String?, after: String, rounds: Int, pictures: BenchPhotos, gestures: Bool = true) throws
        -> [String]
    {
        let runs = try BigBoardRows.alternating(before: before, after: after, rounds: rounds) {
            try run(photos: photos, binary: $0, pictures: pictures, gestures: gestures)
        }
        let setup = "\(photos) photos (640×480 JPEGs), 1920×1080"
        func row(_ what: String, _ budget: String, _ text: (Figures) -> String) -> String {
            BigBoardRows.row(what, setup, before: runs.before.map(text), after: runs.after.map(text), budget: budget)
        }
        func moving(_ gesture: Gesture) -> String {
            "\(Measure.format(gesture.frameRate, 0)) fps (\(gesture.frames) frames); longest turn "
                + (gesture.longest?.text ?? "—")
        }
        func resting(_ gesture: Gesture) -> String {
            "sharp \(gesture.sharp.map { "\(Measure.format($0, 0)) ms" } ?? "—"), still \(Measure.format(gesture.still, 0)) ms"
        }
        let opening = [
            row("first opening (empty thumbnail cache), quiet; `djpeg -scale 1/8` of the same files", "≤ 2× djpeg") {
                "\(Measure.format($0.firstOpen, 1)) s; djpeg \(Measure.format($0.djpeg, 1)) s (\(Measure.format($0.firstOpen / max($0.djpeg, 1e-9), 1))×)"
            },
            row("reopening from the thumbnail cache, quiet", "≤ 3 s") { "\(Measure.format($0.reopen, 1)) s" },
        ]
        guard gestures else { return opening }
        return [
            row("two-finger pinch of the bare table, 2 s: frames shown, longest loop turn", "60 fps; ≤ 16 ms") { moving($0.pinch) },
            row("after the pinch: the probe sharp, the board still (from the lift)", "sharp ≤ 300 ms") { resting($0.pinch) },
            row("one-finger pan of the bare table, 2 s: frames shown, longest loop turn", "60 fps; ≤ 16 ms") { moving($0.pan) },
            row("after the pan: the probe sharp, the board still (from the lift)", "sharp ≤ 300 ms") { resting($0.pan) },
            row("a pinch ending zoomed 1.1×, 2 s: frames shown, longest loop turn", "60 fps; ≤ 16 ms") { moving($0.zoomingPinch) },
            row("after it: the probe sharp, the board still (from the lift)", "sharp ≤ 300 ms") { resting($0.zoomingPinch) },
        ] + opening
    }
}
