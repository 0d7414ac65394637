/// What the saves still under way when the board ended came to — the last save, and any before
/// it the loop had not heard back from — for the board's last words and its exit status: a board
/// that ends without its arrangement saved says so, and says so in its status.
public struct LastSave: Hashable, Sendable {
    /// The exit status of a board that ended well but could not save its arrangement: EX_IOERR
    /// of sysexits.h (as 64, EX_USAGE, is a mistake in the arguments).
    public static let notSavedStatus: Int32 = 74

    /// Lines for standard error, without the program's name.
    public var lines: [String]
    /// Whether the arrangement as the board ended is kept.
    public var isSaved: Bool

    /// Nothing was left to save.
    public init() {
        self.init(lines: [], isSaved: true)
    }

    private init(lines: [String], isSaved: Bool) {
        self.lines = lines
        self.isSaved = isSaved
    }

    /// From the outcomes of the saves that finished at the end, in the order they were made
    /// (the last one holds the board as it ended, so its outcome decides), and the wait that ran
    /// out before they all finished, if one did.
    public init(outcomes: [SaveOutcome], unfinishedAfter wait: Duration? = nil) {
        if let wait {
            self.init(
                lines: ["the last save did not finish within \(wait.wholeSeconds) s: the arrangement may not be saved"], isSaved: false)
        } else if case .failed(let failure) = outcomes.last {
            self.init(lines: ["could not save the arrangement: \(failure.detail)"], isSaved: false)
        } else {
            self.init()
        }
    }

    /// The status the process exits with when the board ended with `status`: 74 when it ended
    /// well (0) but its arrangement is not saved; a status that already says the board did not
    /// end well (1, 128 + a signal) stays.
    public func exitStatus(endingWith status: Int32) -> Int32 {
        status == 0 && !isSaved ? Self.notSavedStatus : status
    }
}

extension Duration {
    /// The whole seconds in it, rounded up: "30" for a wait of 30 s.
    fileprivate var wholeSeconds: Int64 {
        components.seconds + (components.attoseconds > 0 ? 1 : 0)
    }
}
