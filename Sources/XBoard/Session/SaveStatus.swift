/// When the board saves its arrangement, and how its saves are going: the save a second after
/// the board rests (`Debouncer`), one at a time, and — once a save failed — the failure standing
/// until a save succeeds again, with a retry that backs off (`retryDelay`), so the board saves by
/// itself once the disk has room again, with nobody touching it.
///
/// Time is data, as everywhere in the core: the instants come with the calls, and
/// `nextDeadline(after:)` says when the loop must wake.
public struct SaveStatus: Hashable, Sendable {
    /// The wait before the first retry; each failure in a row doubles it, up to `longestRetry`.
    public var firstRetry: Duration
    public var longestRetry: Duration
    private var autosave: Debouncer
    /// Whether a save is with the platform now; the next one waits for it.
    public private(set) var isUnderWay = false
    /// Why the last save failed; `nil` while saves succeed.
    public private(set) var failure: WriteFailure?
    /// How many saves in a row failed.
    public private(set) var failuresInARow = 0
    /// When the board tries again, while a failure stands and no save is under way.
    public private(set) var retryAt: Instant?

    public init(autosaveDelay: Duration, firstRetry: Duration, longestRetry: Duration) {
        autosave = Debouncer(delay: autosaveDelay)
        self.firstRetry = firstRetry
        self.longestRetry = longestRetry
    }

    /// The wait before the retry that follows `failures` failures in a row: `firstRetry`,
    /// twice that, four times … never more than `longestRetry` (2, 4, 8, 16, 30, 30 … s).
    public func retryDelay(afterFailures failures: Int) -> Duration {
        var delay = firstRetry
        for _ in 1..<max(1, failures) where delay < longestRetry { delay *= 2 }
        return min(delay, longestRetry)
    }

    /// Whether a save starts now — the board changed (`revision`) and rested a while, or a
    /// retry is due — given whether the board is ready (at rest: no finger on it, nothing
    /// moving, nothing loading). A save that starts is under way until `saveFinished`.
    public mutating func startsSave(revision: UInt64, isReady: Bool, at now: Instant) -> Bool {
        let isReady = isReady && !isUnderWay
        let isDue = autosave.poll(revision: revision, isReady: isReady, at: now)
        guard isDue || (isReady && retryAt.map { $0 <= now } == true) else { return false }
        isUnderWay = true
        retryAt = nil
        return true
    }

    /// What a finished save changed for the person.
    public enum Change: Hashable, Sendable {
        /// Nothing to say: it succeeded as the one before did, or failed as the one before did.
        case quiet
        /// Saves fail, for the first time or for another reason than before: worth saying.
        case failing(WriteFailure)
        /// A save succeeded after saves failed.
        case recovered
    }

    /// The save under way finished at `now`: written, or with nothing to write (`failure`
    /// `nil`), or failed — then the next try is due after the back-off.
    public mutating func saveFinished(failure: WriteFailure?, at now: Instant) -> Change {
        isUnderWay = false
        guard let failure else {
            let wasFailing = self.failure != nil
            self.failure = nil
            failuresInARow = 0
            retryAt = nil
            return wasFailing ? .recovered : .quiet
        }
        let isNews = failure != self.failure
        self.failure = failure
        failuresInARow += 1
        retryAt = now + retryDelay(afterFailures: failuresInARow)
        return isNews ? .failing(failure) : .quiet
    }

    /// When the loop must wake for a save: the autosave's deadline, or the retry's while it is
    /// still to come (one already due waits for the board to be ready, which an event brings).
    public func nextDeadline(after now: Instant) -> Instant? {
        [autosave.nextDeadline, retryAt.flatMap { $0 > now ? $0 : nil }].compactMap { $0 }.min()
    }
}
