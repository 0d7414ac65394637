/// Which part of the board the window shows: how many window pixels one board point takes, and
/// the board point at the window's top-left corner.
///
/// The board is larger than the window; the window is a view onto it. `identity` (zoom 1 at
/// the board's origin) shows board points as window pixels, the board as it always was.
public struct BoardView: Hashable, Sendable, CustomStringConvertible {
    /// Window pixels per board point; always finite and positive.
    public var zoom: Double
    /// The board point at the window's top-left corner.
    public var origin: Point

    public init(zoom: Double, origin: Point) {
        self.zoom = zoom.isFinite && zoom > 0 ? zoom : 1
        self.origin = origin.isFinite ? origin : .zero
    }

    /// Zoom 1 at the board's origin: board points are window pixels.
    public static let identity = BoardView(zoom: 1, origin: .zero)

    /// The view whose `boardToWindow` is `transform`, read as a zoom and an origin (a turn, which
    /// a view never has, is ignored); `nil` when it is singular or not finite.
    public init?(boardToWindow transform: AffineTransform) {
        let zoom = transform.scale
        guard transform.isFinite, zoom.isFinite, zoom > 1e-9 else { return nil }
        // window = board · zoom + t, so the board point at the window's origin is −t / zoom.
        self.init(zoom: zoom, origin: Point(x: -transform.tx / zoom, y: -transform.ty / zoom))
    }

    /// From board points to window pixels.
    public var boardToWindow: AffineTransform {
        AffineTransform(translation: -origin).concatenating(AffineTransform(scale: zoom))
    }

    /// From window pixels to board points.
    public var windowToBoard: AffineTransform {
        AffineTransform(scale: 1 / zoom).concatenating(AffineTransform(translation: origin))
    }

    /// The part of the board a window of `windowSize` shows, in board points.
    public func visibleBounds(in windowSize: Size) -> Rect {
        Rect(origin: origin, size: windowSize * (1 / zoom))
    }

    /// The view zoomed by `factor`, with the board point under `windowLocation` kept there.
    public func zoomed(by factor: Double, about windowLocation: Point) -> BoardView {
        guard factor.isFinite, factor > 0, windowLocation.isFinite else { return self }
        let fixed = windowToBoard.apply(to: windowLocation)
        let zoom = zoom * factor
        return BoardView(zoom: zoom, origin: fixed - windowLocation / zoom)
    }

    /// The view of `boardRect` whole and centred in a window of `windowSize`, with `margin`
    /// window pixels to spare on every side (less on a window too small for them).
    public static func fitting(_ boardRect: Rect, in windowSize: Size, margin: Double = 0) -> BoardView {
        fitting(boardRect, into: Rect(origin: .zero, size: windowSize), margin: margin)
    }

    /// The view of `boardRect` whole and centred in `windowRect` (window pixels), with `margin`
    /// to spare on every side; at `zoom` when given (centred, whether it fits or not).
    public static func fitting(_ boardRect: Rect, into windowRect: Rect, margin: Double = 0, zoom: Double? = nil) -> BoardView {
        let margin = max(0, min(margin, windowRect.size.shortEdge / 4))
        let width = max(boardRect.size.width, 1e-6), height = max(boardRect.size.height, 1e-6)
        let fit = min((windowRect.size.width - 2 * margin) / width, (windowRect.size.height - 2 * margin) / height)
        let zoom = zoom ?? fit
        guard zoom.isFinite, zoom > 0 else { return .identity }
        return BoardView(zoom: zoom, origin: boardRect.center - windowRect.center / zoom)
    }

    public var description: String { "view ×\(zoom) at \(origin)" }
}
