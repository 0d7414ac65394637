/// A recognizer of fingers moving together (pan, pinch, rotation): its life is shared, driven by
/// the `RecognizerCore`, and it adds only its measurement (as GTK's drag, zoom and rotate
/// gestures add theirs to `GtkGesture`).
///
/// The shared life: the recognizer stays possible until `minimumNumberOfTouches` measured touches
/// are down and one has travelled past `settings.slop`, then asks to begin (the suite's
/// arbitration decides); once active, every measured move is a change. A touch joining or
/// leaving re-bases the measurement, so the value never jumps; the gesture holds while fewer
/// than the minimum remain, ends when the last touch lifts and is cancelled when a touch is
/// taken away (it fails instead when it never began).
public protocol ContinuousGestureRecognizer: GestureRecognizer {
    var settings: GestureSettings { get }
    /// How many measured touches must be down before the gesture may begin.
    var minimumNumberOfTouches: Int { get }
    /// The first touch is down, the value still at its start.
    func beginMeasuring(at time: Instant)
    /// The measured touches moved by `motion` since the last re-base: update the value. Called
    /// only when some measured touch has a base.
    func measure(_ motion: Similarity, at time: Instant)
    /// A touch is joining or leaving: the value measured so far becomes the base that the next
    /// motion is measured from (the core re-bases the touches' locations at the same moment).
    func rebaseMeasurement()
}

extension ContinuousGestureRecognizer {
    public func beginMeasuring(at time: Instant) {}

    public func touchBegan(_ touch: Touch) {
        if core.touches.count == 1 { beginMeasuring(at: touch.time) }
        rebaseMeasurement()
        core.considerBeginning(minimumTouches: minimumNumberOfTouches, slop: settings.slop)
    }

    public func touchMoved(_ touch: Touch) {
        measureSinceBase(at: touch.time)
        core.measuredMove(minimumTouches: minimumNumberOfTouches, slop: settings.slop)
    }

    public func touchEnded(_ touch: Touch) {
        measureSinceBase(at: touch.time)
        rebaseMeasurement()
        core.endIfLastTouch()
    }

    public func touchCancelled(_ touch: Touch) { core.cancelOrFail() }

    private func measureSinceBase(at time: Instant) {
        if let motion = core.fitSinceBase() { measure(motion, at: time) }
    }
}
