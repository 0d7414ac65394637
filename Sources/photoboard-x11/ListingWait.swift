import XBoard
import XBoardPlatform

/// The window while the command line's folders are still being listed (a large `-r` tree): it
/// is up at once, shows the empty table, follows resizes and closes when asked, until the
/// listing (`BackgroundListing`) is done and the board proper starts.
struct ListingWait {
    let window: X11Window
    let painter: CairoPainter
    let scene: SceneBuilder

    /// What ended the wait: the listing, or an exit status (the window was closed).
    enum Outcome {
        case listed(PictureFiles.Listing)
        case exit(Int32)
    }

    /// Waits for `listing`; losing the X server meanwhile is one line and status 1, as in the
    /// board's own loop.
    func run(until listing: BackgroundListing) throws -> Outcome {
        do {
            return try wait(for: listing)
        } catch PlatformError.connectionLost {
            System.printError("photoboard-x11: lost the connection to the X server")
            return .exit(1)
        }
    }

    private func wait(for listing: BackgroundListing) throws -> Outcome {
        var size = window.size
        var needsPaint = true
        while true {
            let events = window.pendingEvents() + [window.abandonStalledDrop(at: MonotonicClock.now())].compactMap { $0 }
            for event in events {
                switch event {
                case .closeRequested, .key(.quit, _):
                    return .exit(0)
                case .windowDestroyed:
                    System.printError("photoboard-x11: the window was destroyed by another program")
                    return .exit(1)
                case .resized(let newSize):
                    try painter.resize(to: newSize)
                    size = newSize
                    needsPaint = true
                case .exposed:
                    if !needsPaint { painter.present() }
                case .filesDropped:
                    window.finishDrop(accepted: false)  // the board is not up yet
                case .dropIgnored(let reason):
                    System.printError("photoboard-x11: drop ignored: \(reason)")
                default:
                    break
                }
            }
            if let done = listing.result { return .listed(done) }
            if needsPaint {
                painter.paint(scene.build(Board(size: size)))
                needsPaint = false
            }
            window.flush()
            if window.hasPendingEvents { continue }
            let wakeUp = window.dropDeadline.map { max($0 - MonotonicClock.now(), .zero) }
            _ = try Poll.waitUntilReadable([window.fileDescriptor, listing.wakeFileDescriptor], timeout: wakeUp)
        }
    }
}
