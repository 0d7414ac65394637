import XBoard

/// What failed in the platform layer, named after the failing part.
public enum PlatformError: Error, Sendable, CustomStringConvertible {
    case cannotOpenDisplay(String)
    case cairo(String)
    case system(call: String, errno: Int32, message: String)
    case image(path: String, reason: String)
    case connectionLost

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name):
            "cannot open display '\(name)': no X server is reachable there (is one running, and is DISPLAY right?)"
        case .cairo(let status): "cairo failed: \(status)"
        case .system(let call, let code, let message): "\(call) failed: \(message) (errno \(code))"
        case .image(let path, let reason): "\(path): \(reason)"
        case .connectionLost: "lost the connection to the X server"
        }
    }
}
