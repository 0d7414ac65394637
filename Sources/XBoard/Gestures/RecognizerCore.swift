/// The state and touch bookkeeping every recognizer shares; a recognizer embeds one and adds
/// only its measurement.
///
/// The core tracks every touch delivered to the recognizer, including surplus ones beyond its
/// maximum (tracked, never measured, as in GTK). It keeps, per measured touch, the location it
/// had at the last re-base, so a recognizer can fit the touches' motion since then.
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
    public private(set) var baseLocations: [TouchID: Point] = [:]
    /// Set by the measurement when it would begin (continuous) or recognize (discrete) now;
    /// the suite's arbitration decides whether and when that happens.
    public var wantsActivation = false
    /// States entered since the suite last drained them, for transcripts.
    var enteredStates: [GestureState] = []

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

    mutating func add(_ touch: Touch) {
        touches.removeAll { $0.id == touch.id }
        touches.append(touch)
    }

    mutating func update(_ id: TouchID, location: Point, time: Instant) {
        guard let index = touches.firstIndex(where: { $0.id == id }) else { return }
        touches[index].location = location
        touches[index].time = time
    }

    mutating func remove(_ id: TouchID) {
        touches.removeAll { $0.id == id }
    }

    /// Makes the measured touches' current locations the new base.
    public mutating func rebase() {
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

    // MARK: The continuous recognizers' shared life

    /// After a move was measured: an active gesture reports a change; a possible one asks to
    /// begin once `minimumTouches` are measured and one has travelled beyond `slop`.
    public mutating func measuredMove(minimumTouches: Int, slop: Double) {
        if state.isActive {
            transition(to: .changed)
        } else {
            considerBeginning(minimumTouches: minimumTouches, slop: slop)
        }
    }

    /// Asks to begin when the touches allow it (see `measuredMove`).
    public mutating func considerBeginning(minimumTouches: Int, slop: Double) {
        guard state == .possible, measuredTouches.count >= minimumTouches else { return }
        if measuredTouches.contains(where: { $0.travel > slop }) { wantsActivation = true }
    }

    /// A touch is ending: when it is the last, the gesture ends (or fails, never having begun).
    public mutating func endIfLastTouch() {
        guard touches.count == 1 else { return }
        transition(to: state.isActive ? .ended : .failed)
    }

    /// A touch was taken away: the gesture is cancelled (or fails, never having begun).
    public mutating func cancelOrFail() {
        transition(to: state.isActive ? .cancelled : .failed)
    }

    /// Centroid of the measured touches, in board points.
    public var centroid: Point? { Array(measuredTouches.map(\.location)).centroid }

    /// Clears touches and measurement bookkeeping; the state is left to the caller.
    mutating func clearTouches() {
        touches = []
        baseLocations = [:]
        wantsActivation = false
    }
}
