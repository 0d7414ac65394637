import ArgumentParser
import Foundation
import SystemPackage
import XBoard
import XBoardPlatform

@main
struct PhotoboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photoboard-x11",
        abstract: "A photo board: handle photos like prints thrown on a table.",
        // The generated usage line lists every option on one line, past 80 columns.
        usage: "photoboard-x11 [<options>] [<paths> ...]",
        // Paragraphs are single lines (a trailing backslash joins source lines), which the
        // argument parser wraps to the terminal; the tables' lines are hand-set within 74
        // columns, so they fit both `--help` at 80 and the man page's indented 80.
        discussion: """
            Opens picture files and folders (a folder opens its pictures sorted by name; -r \
            also its sub-folders). JPEG, PNG, GIF, BMP, TIFF, ICO, and WebP, HEIF and AVIF \
            where their gdk-pixbuf loaders are installed; the orientation each file states \
            (EXIF, HEIF's irot/imir) is honoured, and names need not be UTF-8. With no paths, \
            the bundled sample photos open. Files that cannot be opened are reported one line \
            each on standard error and counted in a notice on the board; the rest open. \
            Pictures over 200 megapixels are refused.

            Without --geometry the window takes a share of the screen under the pointer, \
            from its size and Xft.dpi.


            """ + CommandCatalogue.board.helpText + """


                The arrangement is kept for each board (the paths named, or a \
                document) under $XDG_STATE_HOME/photoboard-x11, photo by photo: \
                renamed, added and removed files, quitting at any moment, signals and a \
                lost X server lose nothing.
                """,
        version: "0.2.0")

    /// Parses the command line as bytes (`RawArguments`), so paths that are not UTF-8 survive —
    /// unless this process was started as a decoding helper, which never returns from its first call.
    /// A mistake in the arguments is one line and exit status 64 (`ArgumentCheck`, then the
    /// parser's own message without its usage block); `--help` and `--version` are the parser's.
    static func main() {
        DecodeHelper.runIfRequested()
        GLibLog.install()
        let arguments: [String]
        switch ArgumentCheck.check(RawArguments.escaped()) {
        case .success(let checked): arguments = checked
        case .failure(let problem): usageError(problem.line)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
                usageError(message + " (see photoboard-x11 --help)")
            }
            exit(withError: error)
        }
    }

    /// Says `line` about the command line and exits with status 64 (EX_USAGE).
    private static func usageError(_ line: String) -> Never {
        System.printError("photoboard-x11: \(line)")
        exit(withError: ExitCode.validationFailure)
    }

    @Argument(help: "Picture files or folders to open, or a board document (NAME.photoboard).")
    var paths: [PathArgument] = []

    @Flag(name: [.customShort("r"), .long], help: "Also open the pictures in sub-folders of the given folders.")
    var recursive = false

    @Option(help: "Window size in pixels, as WIDTHxHEIGHT (default: a share of the screen, from its size and Xft.dpi).")
    var geometry: WindowGeometry?

    @Option(help: "Seed for the initial layout, to get the same layout again (default: random).")
    var seed: UInt64?

    @Option(help: "Input: auto (touches and the mouse), mouse (the pointer only, also from a touchscreen), touch (touches only).")
    var input: InputMode = .auto

    @Option(help: "X display to use (default: $DISPLAY).")
    var display: String?

    @Option(help: ArgumentHelp("Render the board into this PNG file and exit, without any X display.", valueName: "file.png"))
    var export: PathArgument?

    @Flag(help: "Lay the photos out afresh instead of as they were left last time (what is remembered is kept).")
    var fresh = false

    @Flag(help: "Print every input event and gesture recognizer transition to standard error.")
    var trace = false

    func run() throws {
        let report: @Sendable (String) -> Void = { System.printError("photoboard-x11: \($0)") }
        var requested = paths.map(\.path)
        if requested.isEmpty {
            guard let assets = BundledData.photosFolder() else {
                report("no paths given and the bundled photos were not found")
                throw ExitCode(1)
            }
            requested = [assets]
        }
        let state: StateFolder?
        // `--export` saves nothing: it reads the state folder without making it.
        switch StateFolder.standard(creating: export == nil) {
        case .success(let folder): state = folder
        case .failure(let problem):
            report("arrangements will not be kept: \(problem)")
            state = nil
        }
        if let export {
            guard
                let opened = BoardOpener.open(
                    requested, recursive: recursive, fresh: fresh, state: state, openOthers: false, isReadOnly: true, report: report)
            else { throw ExitCode(1) }
            try exportHeadlessly(opened.opening, to: export.path, report: report)
            return
        }
        // Folders are listed and the board's memory read off the loop: a quick opening is there
        // before the window shows, a long one (a large `-r` tree) finishes behind a window that
        // is already up.
        let opening = try BoardOpener.start(requested, recursive: recursive, fresh: fresh, state: state, openOthers: true, report: report)
        _ = try Poll.waitUntilReadable(opening.wakeFileDescriptor, timeout: .milliseconds(100))

        let window: X11Window
        do {
            let icon = BundledData.iconTheme().flatMap { WindowIcon(themeFolder: $0, name: "photoboard-x11") }
            let title = BoardTitle.title(for: paths.map(\.path.escaped))
            window = try X11Window(
                displayName: display, size: geometry?.size, title: title, applicationClass: "Photoboard-x11", icon: icon, inputMode: input)
        } catch {
            report("\(error)")
            throw ExitCode(1)
        }
        window.traceKeys = trace
        if trace {
            System.printError(
                "trace: XInput \(window.xInputVersion.map { "\($0.major).\($0.minor)" } ?? "none"), ui scale \(window.uiScale), "
                    + "refresh \(window.refreshRate), frames through \(window.usesPresent ? "Present" : "copies")")
        }
        if trace, !opening.isIdle { System.printError("trace: the window is up; still listing folders") }
        let painter = try CairoPainter(window: window)
        let decoder = try PhotoDecoder()
        var settings = SessionSettings()
        settings.frameInterval = window.refreshRate.interval  // glides, settles and fades at the display's rate
        settings.decodeWorkers = decoder.workerCount
        settings.seed = seed ?? UInt64(truncatingIfNeeded: MonotonicClock.now().sinceOrigin.components.attoseconds)
        settings.home = ProcessInfo.processInfo.environment["HOME"]
        let session = BoardSession(
            size: window.size, settings: settings, boardSettings: BoardSettings(uiScale: window.uiScale),
            scene: SceneBuilder(style: BoardStyle(uiScale: window.uiScale), measure: PangoText.measure), at: MonotonicClock.now())
        if trace {
            session.controller.transitionObserver = { id, transition in System.printError("trace: \(id) \(transition)") }
        }
        let status = try EventLoop(
            window: window, painter: painter, session: session, pump: DecodePump(decoder: decoder), opening: opening, trace: trace
        ).run()
        if status != 0 { throw ExitCode(status) }
    }

    /// The picture `--export` renders without `--geometry` (there is no screen to size it from).
    static let exportGeometry = WindowGeometry(width: 1280, height: 800)

    /// `--export`: decodes every photo, lays the board out as it would open (as remembered, or
    /// tossed for the seed and geometry), and writes it as a PNG. No X display is used, and
    /// nothing is saved.
    private func exportHeadlessly(_ opening: XBoard.BoardOpening, to path: FilePath, report: (String) -> Void) throws {
        let decoder = try PhotoDecoder()
        defer { decoder.stop() }
        let size = (geometry ?? Self.exportGeometry).size
        var catalogue = PhotoCatalogue(
            files: opening.files, named: opening.named, added: opening.added, boardSize: size, seed: seed ?? 1, memory: opening.memory,
            workerCount: decoder.workerCount, startTime: MonotonicClock.now())
        let controller = BoardController(board: Board(size: size), startTime: MonotonicClock.now())
        let pump = DecodePump(decoder: decoder)
        var images: [PhotoID: DecodedImage] = [:]
        pump.submit(catalogue.start())
        while catalogue.isLoading {
            _ = try Poll.waitUntilReadable(pump.wakeFileDescriptor, timeout: .seconds(60))
            let received = catalogue.receive(pump.takeReports { image, id in images[id] = image }, into: controller)
            received.problems.forEach(report)
        }
        guard !controller.board.photos.isEmpty else {
            report("none of the given paths could be opened")
            throw ExitCode(1)
        }
        do {
            try PNGExport.write(SceneBuilder().build(controller.board), to: path, pictures: images)
        } catch {
            report("\(error)")
            throw ExitCode(1)
        }
        // The path itself, as bytes, for scripts (messages escape it; this is data).
        FileHandle.standardOutput.write(Data(path.bytes + [UInt8(ascii: "\n")]))
    }
}
