import SystemPackage
import XBoard

/// What failed in the platform layer, named after the failing part.
public enum PlatformError: Error, Sendable, CustomStringConvertible {
    /// The display name tried; empty when neither --display nor $DISPLAY named one.
    case cannotOpenDisplay(String)
    case cairo(String)
    case system(call: String, errno: Int32, message: String)
    /// A picture file that could not be opened (or written), and why, worded for the user.
    case image(path: FilePath, reason: String)
    case connectionLost

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name) where name.isEmpty:
            "no X display to open: DISPLAY is not set (run the board inside an X session, or name one with --display)"
        case .cannotOpenDisplay(let name):
            "cannot open display '\(name)': no X server is reachable there (is one running, and is DISPLAY right?)"
        case .cairo(let status): "cairo failed: \(status)"
        case .system(let call, let code, let message): "\(call) failed: \(message) (errno \(code))"
        case .image(let path, let reason): "\(path.escaped): \(reason)"
        case .connectionLost: "lost the connection to the X server"
        }
    }
}
