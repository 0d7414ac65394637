import Foundation
import XBoard
import XBoardPlatform
import XorgHarness

/// Ten thousand photos (issue 22): a folder of 10,000 photo-like 640×480 JPEGs opened at
/// 1920×1080 — time until decoded and quiet, memory, the longest turn of the board's loop
/// while opening, saving, taking a drop of 3,000 files and tidying, a touch answered while a
/// save runs, and the drag latency of a photo among them.
///
/// The loop's turns come from the board's own meter (`PHOTOBOARD_TRACE=loop`: every turn over
/// 4 ms with when it began, on the monotonic clock every process shares); a board without it
/// (an older build) shows "—" there.
enum ScaleBenchmark {
    struct Figures {
        var loadSeconds = 0.0
        var appMiB = 0.0, serverGrowthMiB = 0.0
        /// The longest loop turn during each scenario, in milliseconds (`nil`: not measured).
        var openStall: Stall?, saveStall: Stall?, dropStall: Stall?, tidyStall: Stall?
        /// How long the save took on its worker, in milliseconds (from the board's trace).
        var saveMilliseconds: Double?
        /// How long a touch that landed while the save ran took to show, in milliseconds.
        var touchWhileSaving: Double?
        var dropFinished: Double?
        var latencies: [Double] = []
    }

    static let probeLeft: UInt32 = 0xD0_2020, probeRight: UInt32 = 0x20_B040

    /// A folder of `count` hard links to one noisy 640×480 JPEG, and the probe.
    /// Puts the probe photo into `board` (last by name); returns its path, for the caller to
    /// remove once done.
    static func addProbe(to board: String, pictures: BenchPhotos) throws -> String {
        let probe = board + "/IMG_99999-probe.png"
        try FileManager.default.copyItem(atPath: try pictures.probe(left: probeLeft, right: probeRight), toPath: probe)
        return probe
    }

    static func folder(count: Int, pictures: BenchPhotos, name: String) throws -> String {
        let folder = pictures.folder + "/\(name)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let master = pictures.folder + "/vga.jpg"
        if !FileManager.default.fileExists(atPath: master) {
            try TestPhotos.writeJPEG(to: master, width: 640, height: 480, left: 0x70_5848, right: 0x48_6070, noise: 40)
        }
        for index in 0..<count {
            let path = folder + String(format: "/IMG_%05d.jpg", index)
            if !FileManager.default.fileExists(atPath: path) { try FileManager.default.linkItem(atPath: master, toPath: path) }
        }
        return folder
    }

    static func run(photos count: Int, dropped dropCount: Int, binary: String, pictures: BenchPhotos) throws -> Figures {
        let (width, height) = (1920, 1080)
        let board = try folder(count: count - 1, pictures: pictures, name: "scale-\(count)")
        let probeFile = try addProbe(to: board, pictures: pictures)
        defer { try? FileManager.default.removeItem(atPath: probeFile) }
        let drop = try folder(count: dropCount, pictures: pictures, name: "drop-\(dropCount)")
        let server = try XorgServer(width: width, height: height)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        guard let serverPID = server.pid else { throw HarnessError("no server pid") }
        let serverBefore = Measure.residentMiB(of: serverPID)
        let launched = MonotonicClock.now()
        let app = try AppUnderTest(
            binary: binary, arguments: ["--seed", "2", "--geometry", "\(width)x\(height)", board], server: server,
            environment: ["PHOTOBOARD_TRACE": "loop,save"])
        defer { app.stop() }
        var figures = Figures()
        // Quiet: the probe (the last file) on the board and nothing drawn for 3 s (a board that
        // stops answering while it opens shows a still screen long before it is done). What
        // the board draws is watched through Damage, not by reading the screen: a 1920×1080
        // XGetImage costs the server 4.4 ms, ten a second, which the board's turns then wait
        // behind — a load no person looking at the screen puts on it.
        let window = try waitFor("the window", stall: .seconds(30)) { reader.window(ofProcess: app.pid) }
        let drawing = try FrameCounter(displayName: server.displayName, window: window)
        defer { drawing.close() }
        // The screen is read only once the board has stopped drawing, to see the probe there (a
        // board still drawing arrivals draws every 100 ms; one that stalls for 3 s while opening
        // shows no probe yet and is waited for again).
        var quiet = try lastDrawing(drawing, still: .seconds(3))
        let opening = ContinuousClock.now
        while PrintMeasure(try reader.screenshot(), left: probeLeft, right: probeRight, minimumPixels: 20) == nil {
            guard ContinuousClock.now - opening < .seconds(600) else { throw HarnessError("the last photo never showed (\(binary))") }
            quiet = try lastDrawing(drawing, still: .seconds(3))
        }
        let opened = MonotonicClock.now()
        figures.loadSeconds = (opened - launched).seconds - (ContinuousClock.now - quiet).seconds
        figures.appMiB = Measure.residentMiB(of: app.pid)
        figures.serverGrowthMiB = Measure.residentMiB(of: serverPID) - serverBefore
        figures.openStall = longestTurn(app, from: launched, to: opened)

        let shot = try reader.screenshot()
        guard let probe = PrintMeasure(shot, left: probeLeft, right: probeRight, minimumPixels: 20) else {
            try shot.savePNG(to: "/tmp/scale-probe-missing.png")
            throw HarnessError("probe photo not found on screen (/tmp/scale-probe-missing.png; \(binary))")
        }
        // A drag, then the save a second after the board rests: a touch lands as it starts.
        let fingers = Fingers(server: server)
        var x = probe.center.x, y = probe.center.y
        let savesBefore = app.standardError.components(separatedBy: "trace: saving ").count
        let dragged = MonotonicClock.now()
        try fingers.touch(.begin, 1, x, y)
        for _ in 0..<5 {
            x += 6
            try fingers.touch(.update, 1, x, y)
            pause(.milliseconds(8))
        }
        pause(.milliseconds(100))
        try fingers.touch(.end, 1, x, y)
        // The board says when a save starts; one that does not (an older build) saves a second
        // after the board rests, on its loop.
        let saying = try? waitFor("the save to start", stall: .seconds(3), interval: .microseconds(500)) {
            app.standardError.components(separatedBy: "trace: saving ").count > savesBefore ? true : nil
        }
        if saying == nil { pause(.milliseconds(1050)) }
        let stripX = max(0, Int(x - probe.span * 1.5)), stripWidth = min(width - stripX, Int(probe.span * 3))
        let before = try reader.pixels(x: stripX, y: Int(y), width: stripWidth, height: 1)
        let touched = ContinuousClock.now
        try fingers.touch(.begin, 2, x, y)
        try fingers.touch(.update, 2, x + 8, y)
        let moved = try? waitFor("the probe to move during the save", stall: .seconds(30), interval: .microseconds(200)) {
            () -> Bool? in try reader.pixels(x: stripX, y: Int(y), width: stripWidth, height: 1) != before ? true : nil
        }
        if moved == true { figures.touchWhileSaving = (ContinuousClock.now - touched).seconds * 1000 }
        try fingers.touch(.end, 2, x + 8, y)
        x += 8
        if saying != nil {
            let savedLine = try waitFor("the save to finish", stall: .seconds(60)) { () -> String? in
                app.standardError.split(separator: "\n").filter { $0.hasPrefix("trace: saved ") }.dropFirst(savesBefore - 1).first
                    .map(String.init)
            }
            let words = savedLine.split(separator: " ")
            figures.saveMilliseconds = words.firstIndex(of: "in").flatMap { Double(words[$0 + 1]) }
        }
        pause(.milliseconds(200))
        figures.saveStall = longestTurn(app, from: dragged, to: MonotonicClock.now())

        // A drop of thousands of files, through INCR.
        let paths = (0..<dropCount).map { drop + String(format: "/IMG_%05d.jpg", $0) }
        var payload = DropPayload(paths: paths)
        payload.incrementalChunk = 16 * 1024
        let dropStart = MonotonicClock.now()
        let outcome = try reader.drop(payload, onto: reader.window(ofProcess: app.pid) ?? 0, at: (width / 2, height / 3))
        figures.dropFinished = (MonotonicClock.now() - dropStart).seconds
        _ = outcome
        _ = try lastDrawing(drawing, still: .seconds(3))
        figures.dropStall = longestTurn(app, from: dropStart, to: MonotonicClock.now())

        // Tidy every photo (t).
        let tidyStart = MonotonicClock.now()
        try server.keyboard.press(reader.keycode(for: 0x74))
        _ = try lastDrawing(drawing, still: .seconds(3))
        figures.tidyStall = longestTurn(app, from: tidyStart, to: MonotonicClock.now())

        // Drag latency of the probe, now tidied among the rest.
        figures.latencies = try probeDragLatencies(reader: reader, fingers: fingers, width: width)
        return figures
    }

    /// When the board last drew into its window, once it has drawn nothing for `still` (the
    /// server's Damage reports, read ten times a second).
    static func lastDrawing(_ drawing: FrameCounter, still: Duration) throws -> ContinuousClock.Instant {
        drawing.reset()
        var seen = 0, changed = ContinuousClock.now
        return try waitFor("the board to stop drawing", stall: .seconds(300), interval: .milliseconds(100)) {
            () -> ContinuousClock.Instant? in
            drawing.poll()
            if drawing.operations != seen {
                seen = drawing.operations
                changed = ContinuousClock.now
                return nil
            }
            return ContinuousClock.now - changed > still ? changed : nil
        }
    }

    /// How long each of 40 small moves of the probe (a finger on it, moved 3 px back and forth)
    /// took to show, in milliseconds.
    static func probeDragLatencies(reader: ScreenReader, fingers: Fingers, width: Int) throws -> [Double] {
        let shot = try reader.screenshot()
        guard let probe = PrintMeasure(shot, left: probeLeft, right: probeRight, minimumPixels: 4) else {
            try shot.savePNG(to: "/tmp/scale-tidied-probe-missing.png")
            throw HarnessError("the probe is not on the tidied board (/tmp/scale-tidied-probe-missing.png)")
        }
        var latencies: [Double] = []
        var x = probe.center.x
        let y = probe.center.y
        try fingers.touch(.begin, 3, x, y)
        let toward: Double = x < Double(width) / 2 ? 6 : -6  // toward the middle: a print stops at the window's edge
        for _ in 0..<5 {
            x += toward
            try fingers.touch(.update, 3, x, y)
            pause(.milliseconds(8))
        }
        pause(.milliseconds(300))
        let stripX = max(0, Int(x - 60)), stripWidth = min(width - stripX, 120)
        for sample in 0..<40 {
            let before = try reader.pixels(x: stripX, y: Int(y), width: stripWidth, height: 1)
            x += sample % 2 == 0 ? 3 : -3
            let start = ContinuousClock.now
            try fingers.touch(.update, 3, x, y)
            let moved = try? waitFor("the probe to move", stall: .seconds(2), interval: .microseconds(200)) { () -> Bool? in
                try reader.pixels(x: stripX, y: Int(y), width: stripWidth, height: 1) != before ? true : nil
            }
            if moved == true { latencies.append((ContinuousClock.now - start).seconds * 1000) }
            pause(.milliseconds(20))
        }
        try fingers.touch(.end, 3, x, y)
        return latencies
    }

    /// Only the drag among `count` photos, tidied (for profiling the board under it: `binary`
    /// may be a script that runs the board under `perf record`): the drag latencies.
    static func dragAmongThem(count: Int, binary: String, pictures: BenchPhotos) throws -> [Double] {
        let (width, height) = (1920, 1080)
        let board = try folder(count: count - 1, pictures: pictures, name: "scale-\(count)")
        let probeFile = try addProbe(to: board, pictures: pictures)
        defer { try? FileManager.default.removeItem(atPath: probeFile) }
        let server = try XorgServer(width: width, height: height)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        let app = try AppUnderTest(
            binary: binary, arguments: ["--seed", "2", "--geometry", "\(width)x\(height)", "--fresh", board], server: server)
        defer { app.stop() }
        _ = try waitFor("the last photo on the board", stall: .seconds(600), interval: .milliseconds(250)) {
            PrintMeasure(try reader.screenshot(), left: probeLeft, right: probeRight, minimumPixels: 20)
        }
        _ = try LibraryBenchmark.lastChange(reader: reader, app: app, still: .seconds(3))
        try server.keyboard.press(reader.keycode(for: 0x74))
        _ = try LibraryBenchmark.lastChange(reader: reader, app: app, still: .seconds(3))
        return try probeDragLatencies(reader: reader, fingers: Fingers(server: server), width: width)
    }

    /// The longest loop turn of a scenario: how long it took, how long of it the loop ran and
    /// waited for a processor (when the board says), and how many turns took over a frame.
    struct Stall {
        var took = 0.0
        var ran: Double?, queued: Double?
        var overFrame = 0

        var text: String {
            var text = "\(Measure.format(took, 1)) ms"
            if let ran, let queued, took > 0 {
                text += " (ran \(Measure.format(ran, 1)), waited \(Measure.format(queued, 1)) for a processor)"
            }
            return text + (overFrame > 1 ? ", \(overFrame) turns over 16 ms" : "")
        }
    }

    /// The longest loop turn the board said began between `start` and `end`; `nil` when the
    /// board says none (an older build, without the meter).
    static func longestTurn(_ app: AppUnderTest, from start: Instant, to end: Instant) -> Stall? {
        let lines = app.standardError.split(separator: "\n")
        guard lines.contains(where: { $0.hasPrefix("trace: loop turn") }) else { return nil }
        var stall = Stall()
        for line in lines where line.hasPrefix("trace: loop turn at ") {
            let words = line.split(separator: " ")
            guard words.count >= 7, let at = Double(words[4]), let took = Double(words[6]) else { continue }
            guard at >= start.sinceOrigin.seconds, at <= end.sinceOrigin.seconds else { continue }
            if took > 16 { stall.overFrame += 1 }
            guard took > stall.took else { continue }
            // "… ran 8.1, queued 12.0)"
            func figure(_ name: Substring) -> Double? {
                words.firstIndex(of: name).flatMap {
                    words.index(after: $0) < words.endIndex
                        ? Double(words[words.index(after: $0)].trimmingCharacters(in: CharacterSet(charactersIn: ",)"))) : nil
                }
            }
            stall = Stall(took: took, ran: figure("ran"), queued: figure("queued"), overFrame: stall.overFrame)
        }
        return stall
    }

    static func rows(photos: Int, dropped: Int, before: String?, after: String, rounds: Int, pictures: BenchPhotos) throws -> [String] {
        let runs = try BigBoardRows.alternating(before: before, after: after, rounds: rounds) {
            try run(photos: photos, dropped: dropped, binary: $0, pictures: pictures)
        }
        let setup = "\(photos) photos (640×480 JPEGs), 1920×1080"
        func ms(_ value: Double?) -> String { value.map { "\(Measure.format($0, 1)) ms" } ?? "—" }
        func ms(_ stall: Stall?) -> String { stall?.text ?? "—" }
        func row(_ what: String, _ budget: String, _ text: (Figures) -> String) -> String {
            BigBoardRows.row(what, setup, before: runs.before.map(text), after: runs.after.map(text), budget: budget)
        }
        return [
            row("all decoded and quiet", "≤ 30 s") { "\(Measure.format($0.loadSeconds, 1)) s" },
            row("memory: app RSS, X server growth", "≤ 300 MB each") {
                "app \(Measure.format($0.appMiB, 0)) MiB, X growth \(Measure.format($0.serverGrowthMiB, 0)) MiB"
            },
            row("longest loop turn while opening", "≤ 16 ms") { ms($0.openStall) },
            row("save: on its worker, longest loop turn", "< 1 s of worker time; ≤ 16 ms") {
                "\(ms($0.saveMilliseconds)); \(ms($0.saveStall))"
            },
            row("a touch that lands while the save runs", "within one frame") { ms($0.touchWhileSaving) },
            row("drop of \(dropped) files (INCR): XdndFinished, longest loop turn", "≤ 16 ms") {
                "\($0.dropFinished.map { Measure.format($0, 2) + " s" } ?? "—"); \(ms($0.dropStall))"
            },
            row("tidy \(photos): longest loop turn", "≤ 16 ms") { ms($0.tidyStall) },
            row("drag latency among them", "≤ 2 ms") {
                "\($0.latencies.count) of 40 seen, median \(Measure.format(Measure.median($0.latencies), 2)) ms, p95 \(Measure.format(Measure.percentile($0.latencies, 0.95), 2)) ms"
            },
        ]
    }
}
