import Foundation

/// The view onto the board moving on its own: easing to where Home, Fit or a key sends it, or
/// gliding on after a flick of the table.
///
/// Both are computed in closed form from their start, as `Settle` and `Glide` are, so they are
/// frame-rate independent.
public enum ViewMotion: Hashable, Sendable {
    /// Easing from one view to another: the zoom on a log scale, and the board point at the
    /// window's middle in a straight line, with the ease-out of `Settle`.
    case settle(from: BoardView, to: BoardView, middle: Point, startTime: Instant, duration: Duration)
    /// Sliding on with `velocity` (window pixels per second) under exponential friction with
    /// decay time `tau`, until what remains moves it less than `restDistance` window pixels.
    case glide(from: BoardView, velocity: Point, startTime: Instant, tau: Duration, restDistance: Double)

    public var endTime: Instant {
        switch self {
        case .settle(_, _, _, let startTime, let duration):
            return startTime + duration
        case .glide(_, let velocity, let startTime, let tau, let restDistance):
            let distance = velocity.length * tau.seconds, rest = max(restDistance, 1e-6)
            return startTime + .seconds(distance > rest ? min(tau.seconds * log(distance / rest), 30) : 0)
        }
    }

    /// Where the view is at `time`.
    public func view(at time: Instant) -> BoardView {
        switch self {
        case .settle(let from, let to, let middle, let startTime, let duration):
            let total = duration.seconds
            guard total > 0, time < startTime + duration else { return to }
            let progress = max(0, (time - startTime).seconds / total)
            let eased = 1 - pow(1 - progress, 3)
            let zoom = exp(log(from.zoom) + (log(to.zoom) - log(from.zoom)) * eased)
            let fromMiddle = from.windowToBoard.apply(to: middle), toMiddle = to.windowToBoard.apply(to: middle)
            let boardMiddle = fromMiddle + (toMiddle - fromMiddle) * eased
            return BoardView(zoom: zoom, origin: boardMiddle - middle / zoom)
        case .glide(let from, let velocity, let startTime, let tau, _):
            let t = max(0, min((time - startTime).seconds, (endTime - startTime).seconds))
            let isDone = time >= endTime
            let slide = isDone ? tau.seconds : tau.seconds * (1 - exp(-t / tau.seconds))
            // The board follows the finger: moving the finger right shows more of the left.
            return BoardView(zoom: from.zoom, origin: from.origin - velocity * (slide / from.zoom))
        }
    }
}
