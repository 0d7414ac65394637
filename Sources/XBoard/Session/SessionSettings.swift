/// Tunables of a board session, with their units.
public struct SessionSettings: Sendable {
    /// The display's refresh interval: the one frame clock of the board (glides, settles and
    /// notices' fades are stepped at it).
    public var frameInterval: Duration = .microseconds(16_667)
    /// How long the board must rest before its arrangement is saved.
    public var autosaveDelay: Duration = .seconds(1)
    /// How often the loading indicator is redrawn while photos are still opening.
    public var loadingTick: Duration = .milliseconds(250)
    /// How many decodes run at once (for the loading indicator's estimate).
    public var decodeWorkers = 1
    /// The seed of the first layout.
    public var seed: UInt64 = 1
    /// The home folder, which notices show as `~`.
    public var home: String?

    public init() {}
}
