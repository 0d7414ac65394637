/// The notices on the board and those waiting for room: posted with the instant they happen,
/// shown oldest first up to `NoticeSettings.maximumShown`, each fading out after its duration
/// unless sticky; dismissed by a tap or withdrawn when what they say no longer holds.
///
/// Time is data here as everywhere in the core: `advance(to:)` lets it pass, and
/// `nextDeadline(after:)` says when it next needs time to pass (a fade's frames, or the next
/// fade's start).
public struct NoticeQueue: Sendable {
    public var settings: NoticeSettings
    /// Every notice, in the order posted (replacements keep their predecessor's place).
    public private(set) var notices: [Notice] = []
    private var nextNumber = 1

    public init(settings: NoticeSettings = NoticeSettings()) {
        self.settings = settings
    }

    /// Posts a notice at `now`. One on the same topic is replaced in place, and shows afresh
    /// for its whole duration.
    @discardableResult
    public mutating func post(
        _ text: String, topic: Notice.Topic? = nil, tone: Notice.Tone = .information, isSticky: Bool = false, at now: Instant
    )
        -> NoticeID
    {
        let id = NoticeID(nextNumber)
        nextNumber += 1
        let notice = Notice(id: id, topic: topic, text: text, tone: tone, isSticky: isSticky, shownAt: nil)
        if let topic, let index = notices.firstIndex(where: { $0.topic == topic }) {
            notices[index] = notice
        } else {
            notices.append(notice)
        }
        advance(to: now)
        return id
    }

    /// Takes away the notice on `topic`, if any (what it said no longer holds).
    public mutating func withdraw(topic: Notice.Topic, at now: Instant) {
        notices.removeAll { $0.topic == topic }
        advance(to: now)
    }

    /// Takes away one notice (it was tapped).
    public mutating func dismiss(_ id: NoticeID, at now: Instant) {
        notices.removeAll { $0.id == id }
        advance(to: now)
    }

    /// Lets time pass: expired notices go, and waiting ones take the room they leave.
    public mutating func advance(to now: Instant) {
        notices.removeAll { notice in notice.expiry(settings: settings).map { $0 <= now } ?? false }
        for index in notices.indices.prefix(max(0, settings.maximumShown)) where notices[index].shownAt == nil {
            notices[index].shownAt = now
        }
    }

    /// The notices on the board at `now`, oldest first, with their opacity.
    public func shown(at now: Instant) -> [ShownNotice] {
        notices.prefix(max(0, settings.maximumShown)).compactMap { notice in
            guard notice.shownAt != nil else { return nil }
            let opacity = notice.opacity(at: now, settings: settings)
            guard opacity > 0 else { return nil }
            return ShownNotice(id: notice.id, text: notice.text, tone: notice.tone, opacity: opacity)
        }
    }

    /// When the notices next need time to pass: the next frame while one fades, else the
    /// instant the next fade begins; `nil` when only sticky notices (or none) are shown.
    public func nextDeadline(after now: Instant) -> Instant? {
        var deadline: Instant?
        for notice in notices {
            guard let expiry = notice.expiry(settings: settings) else { continue }
            let fadeStart = expiry - settings.fadeDuration
            let wake = now >= fadeStart ? min(now + settings.frameInterval, expiry) : fadeStart
            deadline = min(deadline ?? wake, wake)
        }
        return deadline
    }

    public var isEmpty: Bool { notices.isEmpty }
}

/// A notice as the board shows it at one instant: what the scene draws and the frame state
/// compares.
public struct ShownNotice: Hashable, Sendable {
    public var id: NoticeID
    public var text: String
    public var tone: Notice.Tone
    /// 0…1, falling during the fade.
    public var opacity: Double

    public init(id: NoticeID, text: String, tone: Notice.Tone, opacity: Double = 1) {
        self.id = id
        self.text = text
        self.tone = tone
        self.opacity = opacity
    }
}
