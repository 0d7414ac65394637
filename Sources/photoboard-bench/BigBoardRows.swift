import Foundation
import XorgHarness

/// The big-screen and big-library scenarios (issue 17), each measured for the board before and
/// after in one run, alternating, and printed as rows of "before | after | budget".
enum BigBoardRows {
    /// Runs `measure` for each binary in turn (`before` first), `rounds` times, alternating.
    static func alternating<T>(before: String?, after: String, rounds: Int, _ measure: (String) throws -> T) throws -> (
        before: [T], after: [T]
    ) {
        var results: (before: [T], after: [T]) = ([], [])
        for _ in 0..<max(1, rounds) {
            if let before { results.before.append(try measure(before)) }
            results.after.append(try measure(after))
        }
        return results
    }

    static func row(_ what: String, _ setup: String, before: [String], after: [String], budget: String) -> String {
        let beforeText = before.isEmpty ? "—" : before.joined(separator: "; ")
        return "| \(what) | \(setup) | \(beforeText) | \(after.joined(separator: "; ")) | \(budget) |"
    }

    /// The close-up rows; with `pinching` false, only its drag latencies.
    static func closeUp(
        width: Int, height: Int, before: String?, after: String, rounds: Int, pictures: BenchPhotos, pinching: Bool = true,
        desktop: WindowManager.Kind? = nil, printingLatencies: Bool = false
    ) throws -> [String] {
        let runs = try alternating(before: before, after: after, rounds: rounds) {
            try CloseUpBenchmark.run(
                width: width, height: height, binary: $0, pictures: pictures, pinching: pinching, desktop: desktop,
                printingLatencies: printingLatencies)
        }
        let setup = "\(width)×\(height), 20 photos" + (desktop.map { ", under \($0)" } ?? "")
        let cpu = { (f: CloseUpBenchmark.Figures) in
            "app \(Measure.format(f.appCPU, 0))% + X \(Measure.format(f.serverCPU, 0))% = \(Measure.format(f.total, 0))%"
        }
        let frames = { (f: CloseUpBenchmark.Figures) in
            "\(f.frames) frames (\(Measure.format(f.frameRate, 0))/s), X idle \(Measure.format(f.serverIdle, 0))%"
        }
        let latency = { (f: CloseUpBenchmark.Figures) in
            "median \(Measure.format(Measure.median(f.latencies), 1)) ms, p95 \(Measure.format(Measure.percentile(f.latencies, 0.95), 1)) ms"
        }
        let hesitating = { (result: HesitatingDrag.Result) in
            let l = result.latencies
            return "median \(Measure.format(Measure.median(l), 1)) ms, p90 \(Measure.format(Measure.percentile(l, 0.9), 1)) ms, "
                + "max \(Measure.format(l.max() ?? .nan, 1)) ms"
                + (result.misses > 0 ? ", \(result.misses) not seen" : "")
                + (result.operationsInPauses > 0 ? ", \(result.operationsInPauses) drawings in the pauses" : "")
        }
        let is4K = width >= 3840
        let budget = is4K ? "median ≤ 4 ms, p90 ≤ 16.7 ms" : "—"
        let hesitatingRows =
            !is4K
            ? []
            : [
                row(
                    "close-up drag latency, hesitating (an update after each 60–120 ms pause; both edges seen moved)", setup,
                    before: runs.before.map { hesitating($0.hesitating) }, after: runs.after.map { hesitating($0.hesitating) },
                    budget: budget),
                row(
                    "the same, the close-up turned 20°", setup, before: runs.before.map { hesitating($0.hesitatingTurned) },
                    after: runs.after.map { hesitating($0.hesitatingTurned) }, budget: budget),
                row(
                    "close-up turned and let go, grabbed again 60–120 ms later: the first move", setup,
                    before: runs.before.map { hesitating($0.regrabbed) }, after: runs.after.map { hesitating($0.regrabbed) }, budget: budget
                ),
            ]
        guard pinching else {
            return [row("close-up drag latency", setup, before: runs.before.map(latency), after: runs.after.map(latency), budget: "—")]
                + hesitatingRows
        }
        return [
            row(
                "close-up pinch + twist, 3 s: CPU", setup, before: runs.before.map(cpu), after: runs.after.map(cpu),
                budget: is4K ? "X never saturated" : "≤ 60%"),
            row(
                "close-up pinch + twist, 3 s: frames drawn", setup, before: runs.before.map(frames), after: runs.after.map(frames),
                budget: is4K ? "frames pace themselves (X idle > 0)" : "—"),
            row(
                "close-up drag latency", setup, before: runs.before.map(latency), after: runs.after.map(latency),
                budget: is4K ? "≤ 4 ms" : "—"),
        ] + hesitatingRows
    }

    static func library(photos: Int, before: String?, after: String, rounds: Int, pictures: BenchPhotos) throws -> [String] {
        let runs = try alternating(before: before, after: after, rounds: rounds) {
            try LibraryBenchmark.run(photos: photos, binary: $0, pictures: pictures)
        }
        let setup = "\(photos) photos (1600×1200 JPEGs), 1920×1080"
        let load = { (f: LibraryBenchmark.Figures) in "\(Measure.format(f.loadSeconds, 1)) s" }
        let memory = { (f: LibraryBenchmark.Figures) in
            "app \(Measure.format(f.appMiB, 0)) MiB, X growth \(Measure.format(f.serverGrowthMiB, 0)) MiB"
        }
        let latency = { (f: LibraryBenchmark.Figures) in
            "median \(Measure.format(Measure.median(f.latencies), 2)) ms, p95 \(Measure.format(Measure.percentile(f.latencies, 0.95), 2)) ms"
        }
        return [
            row("all decoded and on the board", setup, before: runs.before.map(load), after: runs.after.map(load), budget: "≤ 20 s"),
            row(
                "memory: app RSS, X server growth", setup, before: runs.before.map(memory), after: runs.after.map(memory),
                budget: "≤ 150 MB each"),
            row("drag latency", setup, before: runs.before.map(latency), after: runs.after.map(latency), budget: "≤ 2 ms"),
        ]
    }

    static func listing(folders: Int, files: Int, before: String?, after: String, rounds: Int, pictures: BenchPhotos) throws -> [String] {
        let tree = try pictures.tree(folders: folders, files: files)
        let runs = try alternating(before: before, after: after, rounds: rounds) { try LibraryBenchmark.windowTime(tree: tree, binary: $0) }
        let time = { (seconds: Double) in "window after \(Measure.format(seconds * 1000, 0)) ms" }
        return [
            row(
                "-r over a large tree", "\(folders) folders × \(files) photos", before: runs.before.map(time), after: runs.after.map(time),
                budget: "window at once")
        ]
    }
}
