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
            (EXIF, HEIF's irot/imir) is honoured, and so is the colour profile it states (ICC, \
            cICP, nclx, EXIF's Adobe RGB): colours are converted to the display's profile \
            (_ICC_PROFILE on the root window) or sRGB, and names need not be UTF-8. With no paths, \
            the bundled sample photos open. Files that cannot be opened are reported one line \
            each on standard error and counted in a notice on the board; the rest open. \
            Pictures over 200 megapixels are refused.

            Without --geometry the window takes a share of the screen under the pointer, \
            from its size and Xft.dpi.

            Gestures on a touchscreen:
              one finger drag          move a photo; let go while moving to throw it
              two fingers              zoom and turn about them, while moving
              touch a gliding photo    catch it
              double tap               close-up; again to put it back where it lay
              triple tap               back as it was first laid out
              tap a notice             dismiss it

            With a mouse or touchpad:
              left drag                one finger: move and throw; clicks are taps
              wheel                    zoom about the pointer (about 10% a notch)
              Shift+wheel              turn about the pointer (or the side wheel)
              Ctrl+left drag           zoom and turn about the photo's centre
              right-click a photo      pin a second finger there, then left drag
                                       to pinch and turn about it; right-click
                                       or Esc removes it
              touchpad pinch           zoom and turn about the pointer

            Keys:
              F11 or f                 fullscreen (Esc leaves it)
              Ctrl+Z, Ctrl+Shift+Z     undo, redo
              Space or g               gather every photo back into view
              t, Shift+T               tidy into a grid by file name, by date taken
              c                        show or hide captions (file name and date)
              Delete                   take the selected or top photo off the board
              r or Insert              show the photos taken off the board; tap
                                       one to put it back
              Tab, arrows, + -, [ ]    select a photo; move, zoom, turn it
              Ctrl+S                   save the board as a PNG in ~/Pictures
              Ctrl+Shift+S             save the board as a document
                                       (NAME.photoboard, paths relative to it);
                                       open it again by name
              ? or F1                  show the gestures and keys on the board
              Esc                      close help or the list, lift a pinned
                                       finger, or leave fullscreen
              q                        quit

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

    @Option(
        help: ArgumentHelp(
            "Colour management: on (pictures' colour profiles converted to the display's, _ICC_PROFILE on the root window, or to sRGB), off (the numbers pictures store, as for calibrating a display).",
            valueName: "on|off"))
    var colourManagement: ColourManagement = .on

    @Flag(help: "Print every input event and gesture recognizer transition to standard error.")
    var trace = false

    func run() throws {
        let reportLog = ReportLog()
        let report: (String) -> Void = { reportLog.report($0) }
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
        let open = { (listing: PictureFiles.Listing) throws -> BoardOpening in
            guard
                let opening = BoardOpening.open(
                    requested, listing: listing, fresh: fresh, state: state, openOthers: export == nil, isReadOnly: export != nil,
                    report: report)
            else { throw ExitCode(1) }
            return opening
        }
        let picturePaths = BoardOpening.picturePaths(among: requested)

        if let export {
            try exportHeadlessly(open(PictureFiles.list(picturePaths, recursive: recursive)), to: export.path, report: report)
            return
        }
        // Folders are listed off the loop: a quick listing opens as before, a long one (a large
        // `-r` tree) finishes behind a window that is already up (`ListingWait`).
        let background = try BackgroundListing(picturePaths, recursive: recursive)
        var opening = try background.wait(upTo: LoopSettings().listingGrace).map(open)

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
        let painter = try CairoPainter(window: window)
        let scene = SceneBuilder(style: BoardStyle(uiScale: window.uiScale), measure: PangoText.measure)
        if opening == nil {
            if trace { System.printError("trace: the window is up; still listing folders") }
            switch try ListingWait(window: window, painter: painter, scene: scene).run(until: background) {
            case .listed(let done):
                opening = try open(done)
            case .exit(let status):
                if status != 0 { throw ExitCode(status) }
                return
            }
        }
        guard let opening else { return }
        let decoder = try PhotoDecoder(settings: decodeSettings)
        decoder.setDisplayProfile(window.displayProfile)
        let layoutSeed = seed ?? UInt64(truncatingIfNeeded: MonotonicClock.now().sinceOrigin.components.attoseconds)
        let library = PhotoLibrary(
            files: opening.files, named: opening.named, added: opening.added, boardSize: window.size, seed: layoutSeed, decoder: decoder,
            memory: opening.memory, report: report)
        library.start()
        var boardSettings = BoardSettings(uiScale: window.uiScale)
        boardSettings.motion.frameInterval = window.refreshRate.interval  // glides and settles at the display's rate
        let controller = BoardController(board: Board(size: window.size), settings: boardSettings, startTime: MonotonicClock.now())
        if trace {
            controller.transitionObserver = { id, transition in System.printError("trace: \(id) \(transition)") }
        }
        let status = try EventLoop(
            window: window, painter: painter, controller: controller, library: library, decoder: decoder, keeper: opening.keeper,
            signals: try SignalPipe(), scene: scene, trace: trace, reportLog: reportLog,
            unopenedAtStart: opening.problemPaths.map(\.escaped)
        ).run()
        decoder.stop()
        if status != 0 { throw ExitCode(status) }
    }

    /// The picture `--export` renders without `--geometry` (there is no screen to size it from).
    static let exportGeometry = WindowGeometry(width: 1280, height: 800)

    /// `--export`: decodes every photo, lays the board out as it would open (as remembered, or
    /// tossed for the seed and geometry), and writes it as a PNG. No X display is used, and
    /// nothing is saved.
    private func exportHeadlessly(_ opening: BoardOpening, to path: FilePath, report: @escaping (String) -> Void) throws {
        let decoder = try PhotoDecoder(settings: decodeSettings)  // sRGB: a file is not a display
        defer { decoder.stop() }
        let size = (geometry ?? Self.exportGeometry).size
        let library = PhotoLibrary(
            files: opening.files, named: opening.named, added: opening.added, boardSize: size, seed: seed ?? 1, decoder: decoder,
            memory: opening.memory, report: report)
        let controller = BoardController(board: Board(size: size), startTime: MonotonicClock.now())
        var images: [PhotoID: DecodedImage] = [:]
        library.start()
        while library.isLoading {
            _ = try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .seconds(60))
            library.receive(into: controller) { image, id in images[id] = image }
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
