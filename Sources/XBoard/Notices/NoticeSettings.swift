/// Tunables of notices on the board, with their units.
public struct NoticeSettings: Hashable, Sendable {
    /// How long a short notice stays, fade included.
    public var minimumDuration: Duration = .seconds(4)
    /// Extra time per character of text, so a longer notice can be read through.
    public var readingTimePerCharacter: Duration = .milliseconds(50)
    /// The longest a notice stays.
    public var maximumDuration: Duration = .seconds(12)
    /// How long it takes to fade out, at the end of its duration.
    public var fadeDuration: Duration = .milliseconds(800)
    /// Frame interval while a notice fades.
    public var frameInterval: Duration = .microseconds(16_667)
    /// How many notices show at once; later ones wait for room.
    public var maximumShown = 3

    public init() {}

    /// How long a notice of `count` characters stays, fade included.
    public func duration(forCharacters count: Int) -> Duration {
        min(maximumDuration, max(minimumDuration, minimumDuration + readingTimePerCharacter * count))
    }
}
