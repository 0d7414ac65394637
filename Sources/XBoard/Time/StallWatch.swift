/// Gives up on something that stops making progress: armed when it starts, pushed back by every
/// sign of progress, and due once `patience` passes without any — a drop whose source stops
/// sending its pieces (ICCCM §2.7.2, INCR) must not keep the board waiting for ever.
///
/// Unlike a fixed timeout, a long transfer that keeps moving is never cut off; only silence is.
public struct StallWatch: Hashable, Sendable {
    /// How long it waits for the next sign of progress.
    public var patience: Duration
    /// When it gives up unless progress comes first (`nil`: not watching): a deadline for the
    /// loop's wait.
    public private(set) var nextDeadline: Instant?

    public init(patience: Duration) {
        self.patience = patience
    }

    /// Whether it is watching something.
    public var isWatching: Bool { nextDeadline != nil }

    /// Starts watching at `now` (again, if it was already).
    public mutating func start(at now: Instant) {
        nextDeadline = now + patience
    }

    /// Progress at `now`: the deadline moves to `patience` from now. Nothing when not watching.
    public mutating func progressed(at now: Instant) {
        guard nextDeadline != nil else { return }
        nextDeadline = now + patience
    }

    /// Stops watching (the thing finished, or was given up).
    public mutating func stop() {
        nextDeadline = nil
    }

    /// Whether `patience` has passed without progress by `now`; it then stops watching, so it
    /// says so once.
    public mutating func hasStalled(at now: Instant) -> Bool {
        guard let deadline = nextDeadline, deadline <= now else { return false }
        nextDeadline = nil
        return true
    }
}
