/// Where a recognizer is in its life, with UIKit's names and meanings.
///
/// Continuous recognizers (pan, pinch, rotation) go possible → began → changed… → ended or
/// cancelled; discrete ones (tap) go possible → recognized or failed. Every state other than
/// `possible` returns to `possible` on reset. "Possible" means watching; "began" means owning.
public enum GestureState: Hashable, Sendable, CustomStringConvertible {
    case possible
    case began
    case changed
    /// For a discrete recognizer this is "recognized", as in UIKit.
    case ended
    case cancelled
    case failed

    /// The discrete recognizers' name for `ended`.
    public static let recognized = GestureState.ended

    /// The legal transitions; `RecognizerCore.transition(to:)` checks every change against this.
    public static func legalTargets(from state: GestureState, isDiscrete: Bool) -> Set<GestureState> {
        switch (state, isDiscrete) {
        case (.possible, true): [.recognized, .failed]
        case (.possible, false): [.began, .failed]
        case (.began, false), (.changed, false): [.changed, .ended, .cancelled]
        case (.ended, _), (.cancelled, _), (.failed, _): [.possible]
        case (.began, true), (.changed, true): []
        }
    }

    /// Began or changed: the recognizer owns its touches and reports values.
    public var isActive: Bool { self == .began || self == .changed }

    /// Ended, cancelled or failed: waiting for reset.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

    public var description: String {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}
