internal import CX11
import Synchronization
import XBoard

/// Xlib's error handlers: protocol errors are reported in one line and survived; losing the
/// server ends the process with one line and status 1 (Xlib would otherwise exit on its own),
/// after the board's last words (`ConnectionLoss`: the arrangement is saved).
///
/// Once the window is known destroyed (by another program), the errors that follow are its
/// expected echo — the board's last requests on the window and freeing what was drawn into it —
/// and are not reported.
enum X11Errors {
    fileprivate static let windowIsGone = Atomic<Bool>(false)

    /// The board's window was destroyed: errors from here on are not reported.
    static func windowDestroyed() { windowIsGone.store(true, ordering: .relaxed) }

    static func install() {
        XSetErrorHandler { display, error in
            guard let display, let error, !X11Errors.windowIsGone.load(ordering: .relaxed) else { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(error.pointee.error_code), &text, Int32(text.count))
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            System.printError(
                "photoboard-x11: X error: \(message) (request \(error.pointee.request_code), resource \(error.pointee.resourceid))")
            return 0
        }
        XSetIOErrorHandler { _ in
            System.printError("photoboard-x11: lost the connection to the X server")
            ConnectionLoss.speak()  // saves the arrangement, with no X call
            System.exitImmediately(1)
        }
    }
}
