/// The state and touch bookkeeping every recognizer shares; a recognizer embeds one and adds
/// only its measurement.
///
/// The core tracks every touch delivered to the recognizer, including surplus ones beyond its
/// maximum (tracked, never measured, as in GTK). It keeps, per measured touch, the location it
/// had at the last re-base (a touch joining or leaving), so a recognizer can fit the touches'
/// motion since then. It holds the continuous recognizers' shared life (activation past the
/// slop, changes, the end and cancellation, see `ContinuousGestureRecognizer`), and the one
/// reset every finished recognizer goes through.
public struct RecognizerCore: Sendable {
    /// Shown in transcripts: "pan", "pinch", "tripleTap".
    public let name: String
    public let isDiscrete: Bool
    public private(set) var state: GestureState = .possible
    /// A disabled recognizer receives no touches; disabling an active one cancels it.
    public var isEnabled = true
    /// Every tracked touch, in the order they went down.
    public private(set) var touches: [Touch] = []
    /// At most this many touches are measured; later ones are surplus.
    public var maximumMeasuredTouches: Int
    /// Where each measured touch was at the last re-base, in board points.
    private var baseLocations: [TouchID: Point] = [:]
    /// Set by the measurement when it would begin (continuous) or recognize (discrete) now;
    /// the suite's arbitration decides whether and when that happens.
    public var wantsActivation = false
    /// States entered since the suite last took them, for transcripts.
    private var enteredStates: [GestureState] = []

    public init(name: String, isDiscrete: Bool, maximumMeasuredTouches: Int = .max) {
        self.name = name
        self.isDiscrete = isDiscrete
        self.maximumMeasuredTouches = maximumMeasuredTouches
    }

    /// The one place states change. An illegal transition is a programming error.
    public mutating func transition(to newState: GestureState) {
        precondition(
            GestureState.legalTargets(from: state, isDiscrete: isDiscrete).contains(newState),
            "\(name): illegal transition \(state) → \(newState)")
        state = newState
        if newState != .possible { wantsActivation = false }
        enteredStates.append(newState)
    }

    /// The touches that are measured: the first `maximumMeasuredTouches` to go down.
    public var measuredTouches: ArraySlice<Touch> { touches.prefix(maximumMeasuredTouches) }

    public func touch(_ id: TouchID) -> Touch? { touches.first { $0.id == id } }

    // MARK: Touches joining, moving and leaving

    /// A touch went down: it is tracked, and the measured touches re-base.
    mutating func join(_ touch: Touch) {
        touches.removeAll { $0.id == touch.id }
        touches.append(touch)
        rebase()
    }

    /// A tracked touch moved (or is about to leave from here); `nil` when it is not tracked.
    mutating func update(_ id: TouchID, location: Point, time: Instant) -> Touch? {
        guard let index = touches.firstIndex(where: { $0.id == id }) else { return nil }
        touches[index].location = location
        touches[index].time = time
        return touches[index]
    }

    /// A touch lifted or was taken away: it is forgotten, and the measured touches re-base.
    mutating func leave(_ id: TouchID) {
        touches.removeAll { $0.id == id }
        rebase()
    }

    /// Makes the measured touches' current locations the new base.
    private mutating func rebase() {
        baseLocations = [:]
        for touch in measuredTouches { baseLocations[touch.id] = touch.location }
    }

    /// The least-squares similarity from the base locations to the current ones, over the
    /// measured touches that have a base; `nil` when there are none.
    public func fitSinceBase() -> Similarity? {
        var start: [Point] = [], current: [Point] = []
        for touch in measuredTouches {
            guard let base = baseLocations[touch.id] else { continue }
            start.append(base)
            current.append(touch.location)
        }
        return Similarity(from: start, to: current)
    }

    /// Centroid of the measured touches, in board points.
    public var centroid: Point? { Array(measuredTouches.map(\.location)).centroid }

    // MARK: The continuous recognizers' shared life

    /// After a move was measured: an active gesture reports a change; a possible one asks to
    /// begin once `minimumTouches` are measured and one has travelled beyond `slop`.
    mutating func measuredMove(minimumTouches: Int, slop: Double) {
        if state.isActive {
            transition(to: .changed)
        } else {
            considerBeginning(minimumTouches: minimumTouches, slop: slop)
        }
    }

    /// Asks to begin when the touches allow it (see `measuredMove`).
    mutating func considerBeginning(minimumTouches: Int, slop: Double) {
        guard state == .possible, measuredTouches.count >= minimumTouches else { return }
        if measuredTouches.contains(where: { $0.travel > slop }) { wantsActivation = true }
    }

    /// A touch is ending: when it is the last, the gesture ends (or fails, never having begun).
    mutating func endIfLastTouch() {
        guard touches.count == 1 else { return }
        transition(to: state.isActive ? .ended : .failed)
    }

    /// A touch was taken away: the gesture is cancelled (or fails, never having begun).
    mutating func cancelOrFail() {
        transition(to: state.isActive ? .cancelled : .failed)
    }

    // MARK: Reset and transcripts

    /// Back to a fresh `possible` from a finished state, tracking no touch. The return to
    /// `possible` is not reported; the recognizer's own `reset()` forgets its measurement.
    mutating func reset() {
        touches = []
        baseLocations = [:]
        wantsActivation = false
        transition(to: .possible)
        enteredStates.removeAll()
    }

    /// The states entered since the last call, oldest first, for transcripts.
    mutating func takeEnteredStates() -> [GestureState] {
        defer { enteredStates.removeAll() }
        return enteredStates
    }
}
