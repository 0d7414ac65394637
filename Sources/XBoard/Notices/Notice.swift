/// A short message on the board: what went wrong or what just happened, said where a person
/// who opened the board from a file manager sees it (standard error still gets every detail).
public struct Notice: Hashable, Sendable {
    /// Whether it reports a problem or just informs; the painter marks problems.
    public enum Tone: Hashable, Sendable {
        case information
        case problem
    }

    /// What a notice is about: a newer notice on the same topic replaces the older one (three
    /// failed pictures are one notice counting three, not three notices).
    public struct Topic: Hashable, Sendable {
        public var name: String

        public init(_ name: String) {
            self.name = name
        }
    }

    public var id: NoticeID
    public var topic: Topic?
    public var text: String
    public var tone: Tone
    /// Whether it stays until withdrawn or dismissed, rather than fading on its own.
    public var isSticky: Bool
    /// When it appeared on the board; `nil` while it waits for room (see `NoticeSettings.maximumShown`).
    public var shownAt: Instant?

    /// When it is gone, fade included; `nil` while it waits or when it is sticky.
    public func expiry(settings: NoticeSettings) -> Instant? {
        guard !isSticky, let shownAt else { return nil }
        return shownAt + settings.duration(forCharacters: text.count)
    }

    /// How opaque it is at `now`: 1 until its fade begins, then down to 0 at its expiry.
    public func opacity(at now: Instant, settings: NoticeSettings) -> Double {
        guard let expiry = expiry(settings: settings) else { return 1 }
        let remaining = (expiry - now).seconds, fade = settings.fadeDuration.seconds
        guard fade > 0 else { return remaining > 0 ? 1 : 0 }
        return min(1, max(0, remaining / fade))
    }
}
