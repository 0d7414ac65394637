import ArgumentParser
import Foundation
import XBoard
import XBoardPlatform
import XorgHarness

@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photoboard-bench",
        abstract: "Measures photoboard-x11 and prints the figures as Markdown table rows (see BENCHMARKS.md).")

    /// Runs the decoding helper when started as one (the load benchmark's decoder starts helpers
    /// from this binary), the benchmarks otherwise.
    static func main() {
        DecodeHelper.runIfRequested()
        main(nil)
    }

    enum Part: String, CaseIterable, ExpressibleByArgument {
        case engine, paint, closeuppaint, load, decode, colour, memory, app, closeup, closeupdrag, library, listing, thumbnails, picker,
            scale, scaledrag, table, opening, tiles, soak, edits
    }

    @Option(
        help:
            "Run only these parts: engine, paint, edits, closeuppaint, load, decode, colour, memory, app, closeup, library, listing, thumbnails, picker, scale, table, opening, tiles, soak (soak, scale, table, opening, tiles and edits run only when named); edits: painting and dragging plain prints against flipped, black-and-white, see-through and cropped ones; tiles: a 201 MP JPEG at its own pixels, against djpeg, and memory; table: the 10,000 photos' table pinched and panned, their first opening against djpeg and their reopening; opening: only the 10,000 photos' first opening, djpeg and reopening; scaledrag: only the drag among 10,000 photos, tidied (to profile the board under it); closeupdrag: only the close-up's drags, at 4K."
    )
    var only: [Part] = [
        .engine, .paint, .closeuppaint, .load, .decode, .colour, .memory, .app, .closeup, .library, .listing, .thumbnails, .picker,
    ]

    @Option(
        help:
            "A photoboard-x11 binary to compare with (closeup, closeupdrag, library, listing, thumbnails, scale, table): measured before --binary, alternating."
    )
    var before: String?

    @Option(help: "How many times the compared scenarios run for each binary (alternating).")
    var rounds = 1

    @Option(help: "Soak length in minutes (with --only soak).")
    var minutes: Double = 10

    @Option(help: "Soak length in random gestures instead of minutes, a fifth of them warm-up (with --only soak).")
    var gestures: Int?

    @Option(help: "The seed of the soak's random gestures (a failure prints it; the same seed replays the same gestures).")
    var seed: UInt64 = 1

    @Flag(help: "Print every latency of the close-up's hesitating drags (closeup, closeupdrag) as each ends.")
    var latencies = false

    @Option(help: "Run the close-up scenarios under this desktop: openbox, i3, xfwm4, openbox+picom (default: none).")
    var desktop: String?

    @Option(help: "The photoboard-x11 binary to measure (default: the one built beside this program).")
    var binary: String?

    func run() throws {
        let binary =
            binary
            ?? (URL(fileURLWithPath: System.executablePath()?.string ?? "").deletingLastPathComponent().appendingPathComponent(
                "photoboard-x11"
            ).path)
        let desktop = try desktop.map { name in
            guard let kind = WindowManager.Kind(rawValue: name) else { throw ValidationError("no desktop named \(name)") }
            return kind
        }
        print("| what | setup | figures |")
        print("|---|---|---|")
        if only.contains(.engine) {
            print(EngineBenchmark.run(photos: 100, events: 400_000))
            print(EngineBenchmark.run(photos: 20, events: 400_000))
        }
        guard only.contains(where: { $0 != .engine }) else { return }
        let pictures = try BenchPhotos()
        defer { pictures.remove() }
        if only.contains(.paint) {
            for (width, height) in [(1280, 800), (1920, 1080)] {
                for count in [20, 100] {
                    try PaintBenchmark.run(width: width, height: height, photos: count, pictures: pictures).forEach { print($0) }
                }
            }
            for (width, height, count) in [(1280, 800, 20), (1920, 1080, 100)] {
                try PaintBenchmark.run(width: width, height: height, photos: count, pictures: pictures, captions: true).forEach {
                    print($0)
                }
            }
        }
        if only.contains(.edits) {
            // Issue 40: a drag of an edited print against a plain one, in the same run.
            let variants: [(PrintEdits, String)] = [
                (.none, ""), (PrintEdits(flipsHorizontally: true, isBlackAndWhite: true), "every print flipped, black and white"),
                (PrintEdits(opacity: 0.5), "every print 50 % see-through"),
                (PrintEdits(crop: Rect(x: 0.2, y: 0.1, width: 0.6, height: 0.7)), "every print cropped"),
            ]
            for (edits, name) in variants {
                try PaintBenchmark.run(width: 1920, height: 1080, photos: 100, pictures: pictures, edits: edits, editsName: name).forEach {
                    print($0)
                }
            }
        }
        if only.contains(.closeuppaint) {
            try CloseUpPaintBenchmark.run(pictures: pictures).forEach { print($0) }
        }
        if only.contains(.load) {
            for count in [20, 100] { print(try LoadBenchmark.run(photos: count, pictures: pictures)) }
        }
        if only.contains(.decode) {
            try DecodeBenchmark.throughput(photos: 20, pictures: pictures).forEach { print($0) }
            try DecodeBenchmark.largePNG(pictures: pictures).forEach { print($0) }
            print(try DecodeBenchmark.budget(photos: 4, pictures: pictures))
        }
        if only.contains(.colour) {
            try ColourBenchmark.rows(photos: 20, rounds: 7, pictures: pictures).forEach { print($0) }
        }
        if only.contains(.memory) {
            for count in [20, 100] { print(try AppBenchmark.memory(photos: count, binary: binary, pictures: pictures)) }
        }
        if only.contains(.app) {
            try AppBenchmark.interaction(binary: binary, pictures: pictures).forEach { print($0) }
        }
        if only.contains(where: {
            [Part.closeup, .closeupdrag, .library, .listing, .thumbnails, .picker, .scale, .table, .opening].contains($0)
        }) {
            print("\n| scenario | setup | before | after | budget |")
            print("|---|---|---|---|---|")
        }
        if only.contains(.closeup) {
            for (width, height) in [(1920, 1080), (3840, 2160)] {
                try BigBoardRows.closeUp(
                    width: width, height: height, before: before, after: binary, rounds: rounds, pictures: pictures, desktop: desktop,
                    printingLatencies: latencies
                ).forEach { print($0) }
            }
        }
        if only.contains(.closeupdrag) {
            try BigBoardRows.closeUp(
                width: 3840, height: 2160, before: before, after: binary, rounds: rounds, pictures: pictures, pinching: false,
                desktop: desktop, printingLatencies: latencies
            ).forEach { print($0) }
        }
        if only.contains(.library) {
            try BigBoardRows.library(photos: 1000, before: before, after: binary, rounds: rounds, pictures: pictures).forEach { print($0) }
        }
        if only.contains(.listing) {
            try BigBoardRows.listing(folders: 100, files: 200, before: before, after: binary, rounds: rounds, pictures: pictures)
                .forEach { print($0) }
        }
        if only.contains(.thumbnails) {
            for count in [320, 1000] {
                try ThumbnailBenchmark.rows(photos: count, before: before, after: binary, rounds: rounds, pictures: pictures).forEach {
                    print($0)
                }
            }
        }
        if only.contains(.picker) {
            try PickerBenchmark.rows(photos: 1000, after: binary, pictures: pictures).forEach { print($0) }
        }
        if only.contains(.scale) {
            try ScaleBenchmark.rows(photos: 10_000, dropped: 3000, before: before, after: binary, rounds: rounds, pictures: pictures)
                .forEach { print($0) }
        }
        if only.contains(.table) || only.contains(.opening) {
            try TableZoomBenchmark.rows(
                photos: 10_000, before: before, after: binary, rounds: rounds, pictures: pictures, gestures: only.contains(.table)
            ).forEach { print($0) }
        }
        if only.contains(.tiles) {
            print("\n| scenario | setup | figures | budget |")
            print("|---|---|---|---|")
            try TileBenchmark.rows(binary: binary, pictures: pictures).forEach { print($0) }
        }
        if only.contains(.scaledrag) {
            let latencies = try ScaleBenchmark.dragAmongThem(count: 10_000, binary: binary, pictures: pictures)
            print(
                "| drag latency among 10,000 photos, tidied | \(binary) | median \(Measure.format(Measure.median(latencies), 2)) ms of \(latencies.count) |"
            )
        }
        if only.contains(.soak) {
            let total = Duration.seconds(Int64(minutes * 60))
            let length = gestures.map { Soak.Length.gestures(warmUp: $0 / 5, total: $0) } ?? .duration(warmUp: total / 5, total: total)
            let report = try Soak.run(binary: binary, photos: try pictures.paths(19), length: length, seed: seed)
            print("| soak | \(binary) | \(report) |")
            if !report.standardError.isEmpty { print("stderr of the board:\n\(report.standardError)") }
        }
    }
}
