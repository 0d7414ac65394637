import Foundation
import SystemPackage
import XBoard
import XBoardPlatform
import XorgHarness

/// Opening through the shared thumbnail cache (issue 26): a folder of 12 MP JPEGs at 1280×800,
/// opened the first time (an empty cache and no memory), again (the board's own thumbnails and
/// memory), and with a cache another program filled (`StandardThumbnails`: GNOME's factory's
/// way, gdk-pixbuf and GLib only) and no memory — time until every print shows and the screen
/// is quiet, CPU seconds of the board and its helpers, and resident memory.
enum ThumbnailBenchmark {
    enum Scenario: String, CaseIterable {
        case first = "first open (empty cache)"
        case again = "again"
        case filled = "cache filled by another program"
    }

    struct Figures {
        var seconds = 0.0
        var cpuSeconds = 0.0
        var boardMiB = 0.0, helpersMiB = 0.0
    }

    /// A folder of `count` hard links to the 12 MP master (a thousand cost one file's disk space;
    /// each has its own name, so its own thumbnail).
    static func folder(count: Int, pictures: BenchPhotos) throws -> String {
        let folder = pictures.folder + "/thumbnails-\(count)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            let path = folder + String(format: "/IMG_%05d.jpg", index)
            if !FileManager.default.fileExists(atPath: path) { try FileManager.default.linkItem(atPath: pictures.master, toPath: path) }
        }
        return folder
    }

    /// Fills the cache at `root` with `normal` thumbnails of every picture in `folder`, as a file
    /// manager would (the pixels made once: the pictures are one picture).
    static func fill(_ root: String, from folder: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        guard let first = names.first else { return }
        let resolved = System.canonicalPath(FilePath(folder)).string
        let made = try StandardThumbnails.write(of: resolved + "/" + first, edge: 128, root: root)
        for name in names.dropFirst() { try StandardThumbnails.write(of: resolved + "/" + name, edge: 128, root: root, showing: made) }
    }

    /// Opens `folder` with `binary`, its state and cache in `home`; measures until the screen
    /// below the controls has been still for a second.
    static func open(_ folder: String, binary: String, home: String) throws -> Figures {
        let (width, height) = (1280, 800)
        let server = try XorgServer(width: width, height: height)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        let launched = ContinuousClock.now
        let app = try AppUnderTest(
            binary: binary, arguments: ["--seed", "2", "--geometry", "\(width)x\(height)", folder], server: server,
            environment: ["XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache"])
        defer { app.stop() }
        _ = try waitFor("the window", stall: .seconds(30), interval: .milliseconds(5)) { reader.window(ofProcess: app.pid) }
        // The controls along the top fade by themselves a few seconds after opening: the rest
        // of the screen says when the prints are all there.
        var last: [UInt32] = [], changed = ContinuousClock.now
        let quiet = try waitFor("the prints to be shown and quiet", stall: .seconds(300), interval: .milliseconds(50)) {
            () -> ContinuousClock.Instant? in
            let rows = try reader.pixels(x: 0, y: 100, width: width, height: height - 100)
            if rows != last {
                (last, changed) = (rows, ContinuousClock.now)
                return nil
            }
            return ContinuousClock.now - changed > .seconds(1) && !ProcessFigures.isBusy(app.pid, allThreads: true) ? changed : nil
        }
        var figures = Figures()
        figures.seconds = (quiet - launched).seconds
        figures.cpuSeconds = Double(ProcessFigures.ticksWithChildren(of: app.pid) ?? 0) / 100
        figures.boardMiB = Measure.residentMiB(of: app.pid)
        figures.helpersMiB = ProcessFigures.children(of: app.pid).reduce(0) { $0 + Measure.residentMiB(of: $1) }
        if let window = reader.window(ofProcess: app.pid) { reader.requestClose(window) }
        _ = try? app.waitForExit(stall: .seconds(20))
        return figures
    }

    /// Rows for `count` photos: each scenario for each binary, alternating (`before` first).
    static func rows(photos count: Int, before: String?, after: String, rounds: Int, pictures: BenchPhotos) throws -> [String] {
        let folder = try folder(count: count, pictures: pictures)
        var results: [Scenario: (before: [Figures], after: [Figures])] = [:]
        for round in 0..<max(1, rounds) {
            let binaries = [(before, true), (after, false)].compactMap { binary, isBefore in binary.map { ($0, isBefore) } }
            let homes = binaries.map { _, isBefore in pictures.folder + "/home-\(count)-\(round)-\(isBefore ? "before" : "after")" }
            for scenario in Scenario.allCases {
                for ((binary, isBefore), home) in zip(binaries, homes) {
                    var place = home
                    if scenario == .filled {
                        place += "-filled"
                        try fill(place + "/cache/thumbnails", from: folder)
                    }
                    let figures = try open(folder, binary: binary, home: place)
                    if isBefore {
                        results[scenario, default: ([], [])].before.append(figures)
                    } else {
                        results[scenario, default: ([], [])].after.append(figures)
                    }
                }
            }
            for home in homes { try? FileManager.default.removeItem(atPath: home) }
            for home in homes { try? FileManager.default.removeItem(atPath: home + "-filled") }
        }
        let setup = "\(count) 12 MP JPEGs, 1280×800"
        let time = { (f: Figures) in "\(Measure.format(f.seconds, 2)) s" }
        let cpu = { (f: Figures) in "\(Measure.format(f.cpuSeconds, 1)) s CPU" }
        let memory = { (f: Figures) in "board \(Measure.format(f.boardMiB, 0)) MiB, helpers \(Measure.format(f.helpersMiB, 0)) MiB" }
        let firstCPU = results[.first]?.after.map(\.cpuSeconds).min() ?? 0
        var rows: [String] = []
        for scenario in Scenario.allCases {
            let runs = results[scenario] ?? ([], [])
            let isReopen = scenario != .first
            let timeBudget = scenario == .first ? "no slower than before" : count <= 320 ? "≤ 1.5 s" : "≤ 3 s"
            rows.append(
                BigBoardRows.row(
                    "open, \(scenario.rawValue): every print shown, quiet", setup, before: runs.before.map(time),
                    after: runs.after.map(time), budget: timeBudget))
            let ratio = isReopen ? runs.after.map { " (\(Measure.format(firstCPU / max($0.cpuSeconds, 0.01), 1))× less)" } : []
            rows.append(
                BigBoardRows.row(
                    "open, \(scenario.rawValue): CPU of board + helpers", setup, before: runs.before.map(cpu),
                    after: zip(runs.after.map(cpu), ratio.isEmpty ? Array(repeating: "", count: runs.after.count) : ratio).map { $0 + $1 },
                    budget: isReopen && count <= 320 ? "≥ 5× less than the first open" : "—"))
            rows.append(
                BigBoardRows.row(
                    "open, \(scenario.rawValue): RSS", setup, before: runs.before.map(memory), after: runs.after.map(memory), budget: "—"))
        }
        return rows
    }
}
