internal import CX11
import XBoard

/// Xlib's error handlers: protocol errors are reported in one line and survived; losing the
/// server ends the process with one line and status 1 (Xlib would otherwise exit on its own).
enum X11Errors {
    static func install() {
        XSetErrorHandler { display, error in
            guard let display, let error else { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(error.pointee.error_code), &text, Int32(text.count))
            System.printError(
                "photoboard-x11: X error: \(String(cString: text)) (request \(error.pointee.request_code), resource \(error.pointee.resourceid))"
            )
            return 0
        }
        XSetIOErrorHandler { _ in
            System.printError("photoboard-x11: lost the connection to the X server")
            System.exitImmediately(1)
        }
    }
}
