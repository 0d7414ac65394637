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
        discussion: CommandCatalogue.board.commandLineDiscussion,
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

    @Option(
        help: ArgumentHelp(
            "Colour management: on (pictures' colour profiles converted to the display's, _ICC_PROFILE on the root window, or to sRGB), off (the numbers pictures store, as for calibrating a display).",
            valueName: "on|off"))
    var colourManagement: ColourManagement = .on

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
        let thumbnails = thumbnailCache(report: report)
        let decoder = try PhotoDecoder(settings: decodeSettings, thumbnails: thumbnails)
        _ = decoder.setDisplayProfile(window.displayProfile)
        var settings = SessionSettings()
        settings.frameInterval = window.refreshRate.interval  // glides, settles and fades at the display's rate
        settings.decodeWorkers = decoder.workerCount
        settings.usesThumbnails = thumbnails != nil
        settings.seed = seed ?? UInt64(truncatingIfNeeded: MonotonicClock.now().sinceOrigin.components.attoseconds)
        settings.home = ProcessInfo.processInfo.environment["HOME"]
        settings.picturesFolder = FolderLister.picturesFolder(environment: ProcessInfo.processInfo.environment)
        if let idle = ProcessInfo.processInfo.environment["PHOTOBOARD_CONTROLS_IDLE"].flatMap(Double.init), idle.isFinite, idle >= 0 {
            settings.controlsIdle = .seconds(min(idle, 3600))
        }
        let session = BoardSession(
            size: window.size, settings: settings, boardSettings: BoardSettings(uiScale: window.uiScale),
            scene: SceneBuilder(style: BoardStyle(uiScale: window.uiScale), measure: PangoText.measure), at: MonotonicClock.now())
        if trace {
            session.controller.transitionObserver = { id, transition in System.printError("trace: \(id) \(transition)") }
        }
        let status = try EventLoop(
            window: window, painter: painter, session: session, pump: DecodePump(decoder: decoder), opening: opening,
            exportSettings: decodeSettings, thumbnails: thumbnails, trace: trace
        ).run()
        if status != 0 { throw ExitCode(status) }
    }

    /// The shared thumbnail cache photos open through; `nil` (said once) when there is no usable
    /// one, and with colour management off (thumbnails hold converted colours, not the numbers
    /// pictures store).
    private func thumbnailCache(report: @escaping @Sendable (String) -> Void) -> ThumbnailCache? {
        guard decodeSettings.managesColour else { return nil }
        let program = Self.configuration.commandName ?? "photoboard-x11"
        switch ThumbnailCache.standard(program: program, version: Self.configuration.version, report: report) {
        case .success(let cache): return cache
        case .failure(let problem):
            report("thumbnails will not be used: \(problem); photos are decoded from their files")
            return nil
        }
    }

    /// The picture `--export` renders without `--geometry` (there is no screen to size it from).
    static let exportGeometry = WindowGeometry(width: 1280, height: 800)

    /// `--export`: the board as a PNG, without any X display (`HeadlessExport`); its path on
    /// standard output, as bytes, for scripts.
    private func exportHeadlessly(_ opening: XBoard.BoardOpening, to path: FilePath, report: (String) -> Void) throws {
        do {
            let size = (geometry ?? Self.exportGeometry).size
            guard try HeadlessExport.write(opening, size: size, seed: seed ?? 1, decodeSettings: decodeSettings, to: path, report: report)
            else { throw ExitCode(1) }
        } catch let error as ExitCode {
            throw error
        } catch {
            report("\(error)")
            throw ExitCode(1)
        }
        FileHandle.standardOutput.write(Data(path.bytes + [UInt8(ascii: "\n")]))
    }
}
