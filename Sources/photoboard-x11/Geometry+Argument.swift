import ArgumentParser
import XBoard
import XBoardPlatform

/// A window size given as `WxH` on the command line, e.g. `1280x800`.
struct WindowGeometry: ExpressibleByArgument {
    var size: Size

    init(width: Int, height: Int) {
        size = Size(width: Double(width), height: Double(height))
    }

    /// The largest width or height accepted, in pixels.
    static let largestEdge = 16384

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (1...Self.largestEdge).contains(width),
            (1...Self.largestEdge).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(Int(size.width))x\(Int(size.height))" }
}
