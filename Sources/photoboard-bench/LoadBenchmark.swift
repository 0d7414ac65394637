import SystemPackage
import XBoard
import XBoardPlatform
import XorgHarness

/// From nothing to every photo on screen, through the real decoder pool, catalogue and painter.
enum LoadBenchmark {
    static func run(photos count: Int, pictures: BenchPhotos) throws -> String {
        let server = try XorgServer(width: 1280, height: 800)
        defer { server.stop() }
        let size = Size(width: 1280, height: 800)
        let window = try X11Window(displayName: server.displayName, size: size, title: "bench", applicationClass: "Bench")
        let painter = try CairoPainter(window: window)
        let files = try pictures.paths(count)
        let decoder = try PhotoDecoder()
        defer { decoder.stop() }
        var failures: [String] = []
        let controller = BoardController(board: Board(size: size))
        let scene = SceneBuilder()
        let cpuBefore = Measure.processCPUSeconds()
        let start = ContinuousClock.now
        let listed = files.map { ListedFile(path: FilePath($0), canonical: PathKey(System.canonicalPath(FilePath($0)))) }
        var catalogue = PhotoCatalogue(
            files: listed, boardSize: size, seed: 3, workerCount: decoder.workerCount, startTime: MonotonicClock.now())
        let pump = DecodePump(decoder: decoder)
        pump.submit(catalogue.start())
        var first: Double?
        while catalogue.isLoading {
            _ = try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .seconds(30))
            let received = catalogue.receive(pump.takeReports { try painter.setPicture($0, for: $1.photo) })
            controller.place(received.placements) { catalogue.stackKey(of: $0) }
            failures += received.problems.map(\.description)
            if received.changed {
                painter.paint(scene.build(controller.board))
                painter.finish()
                if first == nil { first = (ContinuousClock.now - start).seconds }
            }
        }
        painter.paint(scene.build(controller.board))
        painter.finish()
        let wall = (ContinuousClock.now - start).seconds
        // This process and its helpers (where the decoding happens); helpers' warm-up included.
        let helperCPU = Double(decoder.helperProcessIDs.map { Measure.ticks(of: $0) }.reduce(0, +)) / 100
        let cpu = Measure.processCPUSeconds() - cpuBefore + helperCPU
        let note = failures.isEmpty ? "" : " (\(failures.count) failed)"
        return
            "| load 12 MP JPEGs | \(count) photos, \(decoder.workerCount) decode helpers | first on screen \(Measure.format((first ?? .nan) * 1000, 0)) ms, all \(Measure.format(wall, 2)) s wall, \(Measure.format(cpu, 2)) s CPU\(note) |"
    }
}
