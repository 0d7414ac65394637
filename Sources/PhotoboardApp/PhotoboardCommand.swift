import ArgumentParser
import Foundation
import SystemPackage
import XBoard
import XBoardPlatform

/// The board's command: its arguments, and the composition and loop they start. A library (the
/// `photoboard-x11` executable only calls `main()`), so the fuzz package can build the same
/// program with AddressSanitizer from the objects its fuzz targets already compiled.
public struct PhotoboardCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "photoboard-x11",
        abstract: "A photo board: handle photos like prints thrown on a table.",
        // The generated usage line lists every option on one line, past 80 columns.
        usage: "photoboard-x11 [<options>] [<paths> ...]",
        discussion: CommandCatalogue.board.commandLineDiscussion,
        version: "0.2.0")

    /// Parses the command line as bytes (`System.escapedArguments()`), so paths that are not UTF-8
    /// survive — unless this process was started as a decoding helper, which never returns from its
    /// first call. A mistake in the arguments is one line and exit status 64 (`ArgumentCheck`, then
    /// the parser's own message without its usage block); `--help` and `--version` are the parser's.
    public static func main() {
        DecodeHelper.runIfRequested()
        GLibLog.install()
        let arguments: [String]
        switch ArgumentCheck.check(System.escapedArguments()) {
        case .success(let checked): arguments = checked
        case .failure(let problem): usageError(problem.line)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                usageError(ArgumentCheck.parserProblem(message(for: error), fallback: "\(error)").line)
            }
            exit(withError: error)
        }
    }

    /// Says `line` about the command line and exits with status 64 (EX_USAGE).
    private static func usageError(_ line: String) -> Never {
        System.printError("photoboard-x11: \(line)")
        exit(withError: ExitCode.validationFailure)
    }

    // Names and help from the core's table of options (`CommandLineOption`), which `ArgumentCheck` checks against.
    @Argument(help: ArgumentHelp(CommandLineOption.pathsHelp))
    var paths: [PathArgument] = []

    @Flag(name: .names(of: .recursive), help: ArgumentHelp(.recursive))
    var recursive = false

    @Option(name: .names(of: .geometry), help: ArgumentHelp(.geometry))
    var geometry: WindowGeometry?

    @Option(name: .names(of: .seed), help: ArgumentHelp(.seed))
    var seed: UInt64?

    @Option(name: .names(of: .input), help: ArgumentHelp(.input))
    var input: InputMode = .auto

    @Option(name: .names(of: .display), help: ArgumentHelp(.display))
    var display: String?

    @Option(name: .names(of: .export), help: ArgumentHelp(.export))
    var export: PathArgument?

    @Flag(name: .names(of: .fresh), help: ArgumentHelp(.fresh))
    var fresh = false

    @Option(name: .names(of: .colourManagement), help: ArgumentHelp(.colourManagement))
    var colourManagement: ColourManagement = .on

    @Flag(name: .names(of: .trace), help: ArgumentHelp(.trace))
    var trace = false

    public init() {}

    public func run() throws {
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
        var stateProblem: String?
        // `--export` saves nothing: it reads the state folder without making it.
        switch StateFolder.standard(creating: export == nil) {
        case .success(let folder): state = folder
        case .failure(let problem):
            report("arrangements will not be kept: \(problem)")
            state = nil
            stateProblem = "\(problem)"
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
        PangoText.shared.warmUpInBackground()
        let opening = try BoardOpener.start(
            requested, recursive: recursive, fresh: fresh, state: state, stateProblem: stateProblem, openOthers: true, report: report)
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
        if trace { System.printError("trace: \(window.traceSummary)") }
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
        settings.read(environment: ProcessInfo.processInfo.environment)
        settings.picturesFolder = FolderLister.picturesFolder(environment: ProcessInfo.processInfo.environment)
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

    /// The decoders' settings for the options given.
    private var decodeSettings: DecodeSettings { DecodeSettings(colourManagement: colourManagement) }

    /// The shared thumbnail cache photos open through; `nil` (said once) when there is no usable
    /// one, and with colour management off (thumbnails hold converted colours, not the numbers
    /// pictures store).
    private func thumbnailCache(report: @escaping @Sendable (String) -> Void) -> ThumbnailCache? {
        guard colourManagement == .on else { return nil }
        let program = Self.configuration.commandName ?? "photoboard-x11"
        switch ThumbnailCache.standard(program: program, version: Self.configuration.version, report: report) {
        case .success(let cache): return cache
        case .failure(let problem):
            report("thumbnails will not be used: \(problem); photos are decoded from their files")
            return nil
        }
    }

    /// `--export`: the board as a PNG, without any X display (`HeadlessExport`); its path on
    /// standard output, as bytes, for scripts.
    private func exportHeadlessly(_ opening: XBoard.BoardOpening, to path: FilePath, report: (String) -> Void) throws {
        do {
            let size = (geometry ?? .export).size
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
