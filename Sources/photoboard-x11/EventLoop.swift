import XBoard
import XBoardPlatform

/// The one loop: take the window's events and finished decodes, let time pass, repaint what
/// changed, and sleep in poll() until the next event, decode or deadline — forever when
/// nothing moves.
struct EventLoop {
    let window: X11Window
    let painter: CairoPainter
    let controller: BoardController
    let library: PhotoLibrary
    let decoder: PhotoDecoder
    let store: LayoutStore
    let trace: Bool
    let scene: SceneBuilder

    /// Runs until the window is closed; returns the exit status. Losing the X server is one line
    /// and status 1.
    func run() throws -> Int32 {
        do {
            let status = try loop()
            saveLayout()
            return status
        } catch PlatformError.connectionLost {
            saveLayout()
            System.printError("photoboard-x11: lost the connection to the X server")
            return 1
        }
    }

    /// Saves the arrangement (atomically); a failure is one line, never fatal.
    private func saveLayout() {
        guard !controller.board.photos.isEmpty else { return }
        do {
            try store.save(library.document(for: controller.board), key: library.layoutKey)
        } catch {
            System.printError("photoboard-x11: could not save the layout to \(store.path(for: library.layoutKey)): \(error)")
        }
    }

    private func loop() throws -> Int32 {
        var savedRevision: UInt64?
        var saveDeadline: Instant?
        var isVisible = true
        var showsHelp = false
        var paintedHelp = false
        var emulator = MouseEmulator()
        var paintedRevision: UInt64?
        var paintedStatus: LoadingStatus?
        var paintedOverlay: EmulationOverlay?
        var needsPresent = false
        var refinedRevision: UInt64?
        while true {
            for event in window.pendingEvents() {
                if trace { System.printError("trace: \(event)") }
                switch event {
                case .touch(let touch):
                    controller.handle(touch)
                case .pointer(let pointer):
                    for touch in emulator.touches(for: pointer, on: controller.board) { controller.handle(touch) }
                case .key(.escape):
                    // Esc closes what is open, one thing at a time: help, a pinned finger, fullscreen.
                    let lifted = emulator.removePinnedFinger(at: System.now())
                    for touch in lifted { controller.handle(touch) }
                    if showsHelp {
                        showsHelp = false
                    } else if lifted.isEmpty {
                        window.setFullscreen(false)
                    }
                case .key(.toggleFullscreen):
                    window.setFullscreen(!window.isFullscreen)
                case .key(.help):
                    showsHelp.toggle()
                case .key(.undo):
                    controller.undo()
                case .key(.redo):
                    controller.redo()
                case .key(.gather):
                    controller.gather(seed: UInt64(truncatingIfNeeded: System.now().sinceOrigin.components.seconds))
                case .key(.remove):
                    if let target = controller.commandTarget { controller.removeFromBoard(target) }
                case .key(.selectNext(let backwards)):
                    controller.selectNext(backwards: backwards)
                case .key(.nudge(let offset)):
                    controller.nudge(by: offset)
                case .key(.zoom(let isIn)):
                    controller.zoomTarget(by: isIn ? 1.1 : 1 / 1.1)
                case .key(.export):
                    let path = ExportPath.next()
                    do {
                        try painter.exportPNG(scene.build(controller.board), to: path)
                        print(path)
                        System.printError("photoboard-x11: saved the board as \(path)")
                    } catch {
                        System.printError("photoboard-x11: \(error)")
                    }
                case .key(.turn(let clockwise)):
                    controller.turnTarget(by: (clockwise ? 5 : -5) * .pi / 180)
                case .exposed:
                    needsPresent = true
                case .resized(let size):
                    try painter.resize(to: size)
                    controller.resize(to: size)
                    paintedRevision = nil
                case .visibilityChanged(let visible):
                    isVisible = visible
                    if visible {
                        controller.advance(to: System.now())  // glides finished while hidden land at once
                        paintedRevision = nil
                    }
                case .filesDropped(let paths, let location):
                    let listing = PictureFiles.list(paths, recursive: false)
                    listing.problems.forEach { System.printError("photoboard-x11: \($0)") }
                    library.add(files: listing.files, at: location)
                case .deviceRemoved(let source):
                    controller.cancelTouches(fromSource: source)
                case .closeRequested, .key(.quit):
                    return 0
                case .windowDestroyed:
                    System.printError("photoboard-x11: the window was destroyed by another program")
                    return 1
                }
            }
            if library.receive(into: controller, painter: painter) {
                // A new photo or a new copy of one: repaint, and see whether it suits its size now.
                paintedRevision = nil
                refinedRevision = nil
            }
            if library.allFailed {
                System.printError("photoboard-x11: none of the given paths could be opened")
                return 1
            }
            let now = System.now()
            if let deadline = controller.nextDeadline, deadline <= now {
                controller.advance(to: now)
            }
            let status = library.status(at: now)
            let overlay = emulator.overlay
            if !isVisible {
                // Hidden: no painting and no frames; time catches up when shown again.
            } else if paintedRevision != controller.revision || paintedStatus != status || paintedOverlay != overlay || paintedHelp != showsHelp {
                painter.paint(scene.build(controller.board, status: status, overlay: overlay, selection: controller.selection, showsHelp: showsHelp))
                paintedHelp = showsHelp
                paintedRevision = controller.revision
                paintedStatus = status
                paintedOverlay = overlay
                needsPresent = false
            } else if needsPresent {
                painter.present()
                needsPresent = false
            }
            if refinedRevision != controller.revision, !controller.isAnimating, controller.activeTouchCount == 0 {
                library.refineResolution(for: controller)
                refinedRevision = controller.revision
            }
            // Save a second after the board comes to rest (debounced), while photos are settled.
            if savedRevision != controller.revision, !controller.isAnimating, controller.activeTouchCount == 0, !library.isLoading {
                if saveDeadline == nil { saveDeadline = now + .seconds(1) }
                if let due = saveDeadline, due <= now {
                    saveLayout()
                    savedRevision = controller.revision
                    saveDeadline = nil
                }
            } else if controller.isAnimating || controller.activeTouchCount > 0 {
                saveDeadline = nil
            }
            window.flush()
            if window.hasPendingEvents { continue }
            var deadline = isVisible ? controller.nextDeadline : controller.nextTimeout
            if let due = saveDeadline { deadline = min(deadline ?? due, due) }
            if library.isLoading, isVisible { deadline = min(deadline ?? now + .milliseconds(250), now + .milliseconds(250)) }
            _ = try System.waitUntilReadable(
                [window.fileDescriptor, decoder.wakeFileDescriptor], timeout: deadline.map { max($0 - System.now(), .zero) })
        }
    }
}
