import XBoard

/// The one loop: take the window's events, let time pass, repaint what changed, and sleep in
/// poll() until the next event or the controller's next deadline (forever when nothing moves).
struct EventLoop {
    let window: X11Window
    let painter: CairoPainter
    let controller: BoardController
    let trace: Bool
    let scene = SceneBuilder()

    func run() throws {
        var paintedRevision: UInt64?
        var needsPresent = false
        while true {
            for event in window.pendingEvents() {
                if trace { System.printError("trace: \(event)") }
                switch event {
                case .touch(let touch):
                    controller.handle(touch)
                case .exposed:
                    needsPresent = true
                case .resized(let size):
                    try painter.resize(to: size)
                    controller.resize(to: size)
                    paintedRevision = nil
                case .deviceRemoved(let source):
                    controller.cancelTouches(fromSource: source)
                case .closeRequested, .key(.quit):
                    return
                }
            }
            if let deadline = controller.nextDeadline, deadline <= System.now() {
                controller.advance(to: System.now())
            }
            if paintedRevision != controller.revision {
                painter.paint(scene.build(controller.board))
                paintedRevision = controller.revision
                needsPresent = false
            } else if needsPresent {
                painter.present()
                needsPresent = false
            }
            window.flush()
            if window.hasPendingEvents { continue }
            let timeout = controller.nextDeadline.map { $0 - System.now() }
            try System.waitUntilReadable(window.fileDescriptor, timeout: timeout.map { max($0, .zero) })
        }
    }
}
