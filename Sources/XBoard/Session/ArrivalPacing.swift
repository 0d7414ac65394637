/// When a frame that only shows photos arriving may be painted: while nobody is at the board,
/// such frames come at most every `interval`, leaving the cores to the decoders; a touch, a
/// click or a key brings them back at once, for `inputQuiet` after it (`ArrivalPacingTests`).
struct ArrivalPacing: Sendable {
    let interval: Duration
    let inputQuiet: Duration
    /// When a touch, a pointer or a key last came.
    var lastInputAt: Instant?

    /// When the next such frame may be painted, the last having been at `lastFrame`: `nil` (at
    /// once) for the first frame, unless `isUnattended` (photos arriving, nothing moving, nothing
    /// open or touched), and while input came less than `inputQuiet` ago.
    func frameTime(after lastFrame: Instant?, at now: Instant, isUnattended: Bool) -> Instant? {
        guard let lastFrame, isUnattended else { return nil }
        if let input = lastInputAt, now - input < inputQuiet { return nil }
        return lastFrame + interval
    }
}
