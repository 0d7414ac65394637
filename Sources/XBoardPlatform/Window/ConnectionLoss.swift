import Foundation
import Synchronization

/// What the board does in the moment the X server goes away (killed, or the window's client
/// killed with `xkill`): Xlib's I/O error handler must not return, so the board's last words
/// run inside it — saving the arrangement from what it holds in memory, without one X call —
/// and then the process ends (`X11Errors`).
public enum ConnectionLoss {
    /// The last words, set by the loop while it runs.
    ///
    /// Invariant: set, cleared and spoken on the main thread only — the thread that owns the
    /// display connection, where Xlib calls its I/O error handler — so the closure may capture
    /// the loop's main-thread objects; `speak` checks it.
    private struct LastWords: @unchecked Sendable {
        var body: () -> Void
    }

    private static let lastWords = Mutex<LastWords?>(nil)

    /// Sets (or with `nil`, clears) what to do when the server is lost. Main thread only.
    public static func setLastWords(_ body: (() -> Void)?) {
        precondition(Thread.isMainThread, "last words belong to the main thread")
        lastWords.withLock { $0 = body.map(LastWords.init) }
    }

    /// Runs the last words once (a second loss while they run finds none).
    static func speak() {
        guard Thread.isMainThread,
            let words = lastWords.withLock({ words in
                defer { words = nil }; return words
            })
        else { return }
        words.body()
    }
}
