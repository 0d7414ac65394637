/// Estimates how fast a value changed just before release, by a least-squares line over the
/// samples of the last `window`.
///
/// The value is 2-D (a translation); scalar quantities use `x`. The estimate is zero when the
/// value stood still for `restThreshold` or more before the release instant, so a finger that
/// stops and then lifts throws nothing.
public struct VelocityEstimator: Sendable {
    public var window: Duration
    public var restThreshold: Duration
    private var samples: [(time: Instant, value: Point)] = []
    private var lastChange: Instant?

    public init(window: Duration, restThreshold: Duration) {
        self.window = window
        self.restThreshold = restThreshold
    }

    public mutating func add(_ value: Point, at time: Instant) {
        if let last = samples.last {
            if last.value != value { lastChange = time }
            if time < last.time { samples.removeAll() }  // time went backwards: start over
        } else {
            lastChange = time
        }
        samples.append((time, value))
        let horizon = time - window - window
        if let firstKept = samples.firstIndex(where: { $0.time >= horizon }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }

    public mutating func add(_ scalar: Double, at time: Instant) {
        add(Point(x: scalar, y: 0), at: time)
    }

    public mutating func removeAll() {
        samples.removeAll()
        lastChange = nil
    }

    /// Units of the value per second, as of `time`.
    public func velocity(at time: Instant) -> Point {
        guard let lastChange, time - lastChange < restThreshold else { return .zero }
        let recent = samples.filter { $0.time >= time - window && $0.time <= time }
        guard recent.count >= 2, let origin = recent.first?.time else { return .zero }
        let ts = recent.map { ($0.time - origin).seconds }
        let meanT = ts.reduce(0, +) / Double(ts.count)
        let meanValue = recent.map(\.value).centroid ?? .zero
        var varianceT = 0.0, covariance = Point.zero
        for (t, sample) in zip(ts, recent) {
            varianceT += (t - meanT) * (t - meanT)
            covariance += (sample.value - meanValue) * (t - meanT)
        }
        guard varianceT > 1e-9 else { return .zero }
        let slope = covariance / varianceT
        return slope.isFinite ? slope : .zero
    }
}
