import ArgumentParser
import XBoard

@main
struct PhotoboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photoboard-x11",
        abstract: "A photo board: handle photos like prints thrown on a table.",
        discussion: """
            Gestures (touchscreen; a mouse's left button acts as one finger):
              drag with one finger        move a photo; let go while moving to throw it
              pinch and twist, 2+ fingers  zoom and turn about the fingers, while moving
              tap a gliding photo         catch it
              double tap                  bring the photo up close; again to put it back
              triple tap                  put the photo back as it was first laid out
            Keys: q quits.
            With no paths, the bundled sample photos open.
            """,
        version: "0.1.0")

    @Argument(help: "Picture files or folders to open.")
    var paths: [String] = []

    @Option(help: "Window size in pixels, as WIDTHxHEIGHT.")
    var geometry = WindowGeometry(width: 1280, height: 800)

    @Option(help: "Seed for the initial layout, to get the same layout again (default: random).")
    var seed: UInt64?

    @Option(help: "X display to use (default: $DISPLAY).")
    var display: String?

    @Flag(help: "Print every gesture recognizer transition to standard error.")
    var trace = false

    func run() throws {
        let report: (String) -> Void = { System.printError("photoboard-x11: \($0)") }
        var requested = paths
        if requested.isEmpty {
            guard let assets = PhotoSources.bundledAssets() else {
                report("no paths given and the bundled photos were not found")
                throw ExitCode(1)
            }
            requested = [assets]
        }
        let files = PhotoSources.files(for: requested, report: report)

        let window: X11Window
        do {
            window = try X11Window(displayName: display, size: geometry.size, title: "Photoboard", applicationClass: "Photoboard-x11")
        } catch {
            report("\(error)")
            throw ExitCode(1)
        }
        let painter = try CairoPainter(window: window)

        var images: [DecodedImage] = []
        for file in files {
            do {
                images.append(try ImageLoader.load(path: file))
            } catch {
                report("\(error)")
            }
        }
        guard !images.isEmpty else {
            report("none of the given paths could be opened")
            throw ExitCode(1)
        }

        let layoutSeed = seed ?? UInt64(truncatingIfNeeded: System.now().sinceOrigin.components.attoseconds)
        var board = Board(size: window.size)
        let photos = Board.tossedLayout(pixelSizes: images.map(\.nativeSize), boardSize: window.size, seed: layoutSeed)
        for (photo, image) in zip(photos, images) {
            board.add(photo)
            try painter.setPicture(image, for: photo.id)
        }
        images.removeAll()
        let controller = BoardController(board: board, startTime: System.now())
        if trace {
            controller.transitionObserver = { id, transition in System.printError("trace: \(id) \(transition)") }
        }
        try EventLoop(window: window, painter: painter, controller: controller, trace: trace).run()
    }
}
