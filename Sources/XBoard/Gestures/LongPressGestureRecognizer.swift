/// Recognizes a finger held still on a photo, as GTK's and Android's long press: one finger
/// down for `GestureSettings.holdDuration` without travelling past the slop. It fails when the
/// finger moves past the slop (a drag: the pan begins), when a second finger lands (a pinch),
/// or when the finger lifts first (a tap); a finger the mouse pinned is never one. Discrete: it recognizes while the finger is still
/// down, and by the arbiter's default, every other recognizer of the photo then fails.
public final class LongPressGestureRecognizer: GestureRecognizer {
    public var core = RecognizerCore(name: "longPress", isDiscrete: true)
    public var settings: GestureSettings
    /// When the finger went down, and where.
    public private(set) var start: (time: Instant, location: Point)?

    public init(settings: GestureSettings = GestureSettings()) {
        self.settings = settings
    }

    public var nextDeadline: Instant? {
        guard core.state == .possible, !core.wantsActivation, let start else { return nil }
        return start.time + settings.holdDuration
    }

    /// How far the hold has come at `now`, 0…1, while it may still be recognized.
    public func progress(at now: Instant) -> Double? {
        guard core.state == .possible, !core.wantsActivation, let start else { return nil }
        return min(1, max(0, (now - start.time).seconds / settings.holdDuration.seconds))
    }

    public func touchBegan(_ touch: Touch) {
        guard core.touches.count == 1, !touch.isPinned else { return fail() }
        start = (touch.time, touch.location)
    }

    public func touchMoved(_ touch: Touch) {
        if touch.travel > settings.slop { fail() }
    }

    public func touchEnded(_ touch: Touch) { fail() }

    public func touchCancelled(_ touch: Touch) { fail() }

    public func advance(to time: Instant) {
        guard let deadline = nextDeadline, time >= deadline, core.touches.count == 1 else { return }
        core.wantsActivation = true
    }

    public func reset() { start = nil }

    private func fail() {
        if core.state == .possible {
            core.transition(to: .failed)
            start = nil
        }
    }
}
