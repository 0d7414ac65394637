/// How far opening the photos has got, for the progress indicator.
public struct LoadingStatus: Hashable, Sendable {
    public var finished: Int
    public var total: Int

    public init(finished: Int, total: Int) {
        self.finished = finished
        self.total = total
    }

    /// 0…1.
    public var fraction: Double { total > 0 ? Double(finished) / Double(total) : 1 }

    public var text: String { "Opening photos… \(finished) of \(total)" }
}
