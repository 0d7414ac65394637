/// A window size given as `WxH` on the command line, e.g. `1280x800` (`--geometry`).
public struct WindowGeometry: Equatable, Sendable, CustomStringConvertible {
    /// The size, in pixels.
    public var size: Size

    public init(width: Int, height: Int) {
        size = Size(width: Double(width), height: Double(height))
    }

    /// The largest width or height accepted, in pixels.
    public static let largestEdge = 16384

    /// The picture `--export` renders without `--geometry` (there is no screen to size it from).
    public static let export = WindowGeometry(width: 1280, height: 800)

    /// Reads `WIDTHxHEIGHT` (the `x` in either case), each a whole number from 1 to
    /// `largestEdge`; `nil` for anything else.
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (1...Self.largestEdge).contains(width),
            (1...Self.largestEdge).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    /// `WIDTHxHEIGHT`, as it is typed.
    public var description: String { "\(Int(size.width))x\(Int(size.height))" }
}
