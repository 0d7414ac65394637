/// A recognizer: a `RecognizerCore` plus a measurement that reacts to touches and time.
///
/// The suite keeps `core.touches` up to date before each callback (for `touchEnded` and
/// `touchCancelled` the touch is still present, at its last location, and is removed after).
/// Callbacks run only while the recognizer is possible or active. Continuous recognizers get
/// the touch callbacks from `ContinuousGestureRecognizer` and write only their measurement;
/// discrete ones (tap) write their own. Recognizers report values; `BoardController` applies
/// them.
public protocol GestureRecognizer: AnyObject {
    var core: RecognizerCore { get set }
    func touchBegan(_ touch: Touch)
    func touchMoved(_ touch: Touch)
    func touchEnded(_ touch: Touch)
    func touchCancelled(_ touch: Touch)
    /// Time passed with no touch change; recognizers that wait fail or act here.
    func advance(to time: Instant)
    /// When the recognizer next needs `advance(to:)`, or `nil` when it waits for touches only.
    var nextDeadline: Instant? { get }
    /// Back to a fresh `possible`: forget measurement. The state has already been reset.
    func reset()
}

extension GestureRecognizer {
    public func advance(to time: Instant) {}
    public var nextDeadline: Instant? { nil }
    public var state: GestureState { core.state }
}
