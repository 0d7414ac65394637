/// Fires once a change has stood still for `delay`: the layout is saved a second after the board
/// comes to rest, not on every frame of a gesture.
///
/// Changes are revisions (any value that differs counts); the debouncer is armed while the
/// source is ready with an unhandled revision, and disarmed whenever it is not ready.
public struct Debouncer: Hashable, Sendable {
    /// How long a change must stand still before it fires.
    public var delay: Duration
    private var handledRevision: UInt64?
    private var due: Instant?

    public init(delay: Duration) {
        self.delay = delay
    }

    /// When it will fire, if armed: a deadline to be woken at.
    public var nextDeadline: Instant? { due }

    /// Notes the source's state at `now`; returns `true` when the change is due to be handled now
    /// (it is then recorded as handled).
    public mutating func poll(revision: UInt64, isReady: Bool, at now: Instant) -> Bool {
        guard isReady, revision != handledRevision else {
            due = nil
            return false
        }
        let deadline = due ?? now + delay
        guard deadline <= now else {
            due = deadline
            return false
        }
        due = nil
        handledRevision = revision
        return true
    }
}
