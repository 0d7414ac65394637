/// Recognizes one or more taps of a number of fingers, as UIKit's tap recognizer.
///
/// Each tap is `numberOfTouchesRequired` fingers down and all lifted, none travelling more than
/// the tap slop nor staying down longer than the tap maximum duration. The next tap must touch
/// down within the tap interval of the previous lift and within the tap distance of the first tap.
/// Fails otherwise; recognizes when the last required tap lifts (subject to arbitration: a
/// recognizer that requires another to fail waits, and its `nextDeadline` is then the other's).
public final class TapGestureRecognizer: GestureRecognizer {
    public var core: RecognizerCore
    public var settings: GestureSettings
    public let numberOfTapsRequired: Int
    public let numberOfTouchesRequired: Int
    /// Taps completed so far in this sequence.
    public private(set) var tapCount = 0
    /// Where the first tap's first finger touched, in board points.
    public private(set) var firstTapLocation: Point?
    private var touchesInCurrentTap = 0
    private var deadline: Instant?

    public init(
        name: String? = nil, settings: GestureSettings = GestureSettings(), numberOfTapsRequired: Int = 1,
        numberOfTouchesRequired: Int = 1
    ) {
        let defaultName =
            ["tap", "doubleTap", "tripleTap"].indices.contains(numberOfTapsRequired - 1)
            ? ["tap", "doubleTap", "tripleTap"][numberOfTapsRequired - 1] : "tap×\(numberOfTapsRequired)"
        core = RecognizerCore(name: name ?? defaultName, isDiscrete: true)
        self.settings = settings
        self.numberOfTapsRequired = max(1, numberOfTapsRequired)
        self.numberOfTouchesRequired = max(1, numberOfTouchesRequired)
    }

    public var nextDeadline: Instant? { core.state == .possible && !core.wantsActivation ? deadline : nil }

    public func touchBegan(_ touch: Touch) {
        guard !core.wantsActivation else { return }
        if core.touches.count == 1 {
            if let firstTapLocation, touch.location.distance(to: firstTapLocation) > settings.tapDistance {
                return fail()
            }
            if firstTapLocation == nil { firstTapLocation = touch.location }
            touchesInCurrentTap = 0
        }
        touchesInCurrentTap += 1
        if touchesInCurrentTap > numberOfTouchesRequired { return fail() }
        deadline = touch.time + settings.tapMaximumDuration
    }

    public func touchMoved(_ touch: Touch) {
        guard !core.wantsActivation else { return }
        if touch.travel > settings.tapSlop { fail() }
    }

    public func touchEnded(_ touch: Touch) {
        guard !core.wantsActivation else { return }
        if touch.travel > settings.tapSlop { return fail() }
        guard core.touches.count == 1 else { return }
        guard touchesInCurrentTap == numberOfTouchesRequired else { return fail() }
        tapCount += 1
        if tapCount == numberOfTapsRequired {
            deadline = nil
            core.wantsActivation = true
        } else {
            deadline = touch.time + settings.tapInterval
        }
    }

    public func touchCancelled(_ touch: Touch) { fail() }

    public func advance(to time: Instant) {
        if let deadline, time >= deadline, core.state == .possible, !core.wantsActivation { fail() }
    }

    public func reset() {
        tapCount = 0
        firstTapLocation = nil
        touchesInCurrentTap = 0
        deadline = nil
    }

    private func fail() {
        if core.state == .possible { core.transition(to: .failed) }
    }
}
