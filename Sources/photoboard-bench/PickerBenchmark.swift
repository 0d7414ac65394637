import Foundation
import XBoard
import XBoardPlatform
import XorgHarness

/// The photo picker over a folder of a thousand photos (issue 24): flung with a finger, how many
/// frames the board shows while the grid glides (thumbnails arriving as rows come into view) on
/// a 60 Hz screen, and the longest turn of its loop meanwhile.
///
/// Frames come from the server (the Damage extension: what the board draws into its window);
/// loop turns from the board's own meter (`PHOTOBOARD_TRACE=loop`).
enum PickerBenchmark {
    struct Fling {
        var frames = 0
        var seconds = 0.0
        var longestTurn: Double?
        var rate: Double { seconds > 0 ? Double(max(0, frames - 1)) / seconds : 0 }
    }

    static func run(photos count: Int, binary: String, pictures: BenchPhotos, flings: Int) throws -> [Fling] {
        let (width, height) = (1920, 1080)
        let server = try XorgServer(width: width, height: height)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        // The picker opens in the Pictures folder of the board's home (the server's folder).
        let folder = server.directory.appendingPathComponent("Pictures").path
        let master = try ScaleBenchmark.folder(count: 1, pictures: pictures, name: "picker-master") + "/IMG_00000.jpg"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            try FileManager.default.linkItem(atPath: master, toPath: folder + String(format: "/IMG_%05d.jpg", index))
        }
        let app = try AppUnderTest(
            binary: binary, arguments: ["--geometry", "\(width)x\(height)", try pictures.paths(1)[0]], server: server,
            environment: ["PHOTOBOARD_TRACE": "loop"])
        defer { app.stop() }
        _ = try LibraryBenchmark.lastChange(reader: reader, app: app, still: .seconds(1))
        guard let window = reader.window(ofProcess: app.pid) else { throw HarnessError("no board window") }
        // Ctrl+O opens the picker; its first rows of thumbnails arrive.
        try server.keyboard.press(reader.keycode(for: 0x6F), with: [reader.keycode(for: 0xFFE3)])
        try server.keyboard.sync()
        _ = try LibraryBenchmark.lastChange(reader: reader, app: app, still: .seconds(2))
        let fingers = Fingers(server: server)
        let counter = try FrameCounter(displayName: server.displayName, window: window)
        defer { counter.close() }
        var results: [Fling] = []
        for _ in 0..<flings {
            // A quick flick up, lifted while moving: the grid glides on down the folder.
            let (from, to) = (850.0, 350.0)
            let x = Double(width) / 2
            try fingers.touch(.begin, 1, x, from)
            for step in 1...8 {
                pause(.milliseconds(8))
                try fingers.touch(.update, 1, x, from + (to - from) * Double(step) / 8)
            }
            counter.reset()
            let released = MonotonicClock.now()
            try fingers.touch(.end, 1, x, to)
            pause(.seconds(3))
            counter.poll()
            var result = Fling()
            result.frames = counter.frames
            if let first = counter.operationTimes.first, let last = counter.operationTimes.last {
                result.seconds = Double(last &- first) / 1000
            }
            result.longestTurn = ScaleBenchmark.longestTurn(app, from: released, to: MonotonicClock.now())?.took
            results.append(result)
        }
        return results
    }

    static func rows(photos: Int, after: String, pictures: BenchPhotos) throws -> [String] {
        let flings = try run(photos: photos, binary: after, pictures: pictures, flings: 4)
        let rates = flings.map(\.rate), turns = flings.compactMap(\.longestTurn)
        let setup = "\(photos) 640×480 JPEGs in the picker, 1920×1080 at 60 Hz, 4 flings"
        return [
            "| picker: frames a second while a fling glides | \(setup) | — (no picker) | median \(Measure.format(Measure.median(rates), 1)), lowest \(Measure.format(rates.min() ?? 0, 1)) (\(flings.map { "\($0.frames) in \(Measure.format($0.seconds, 2)) s" }.joined(separator: ", "))) | the display's rate (60) |",
            "| picker: longest loop turn while it glides | \(setup) | — | median \(Measure.format(Measure.median(turns), 1)) ms, longest \(Measure.format(turns.max() ?? 0, 1)) ms | ≤ 16 ms |",
        ]
    }
}
