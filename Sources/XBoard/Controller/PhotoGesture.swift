/// The gestures every photo's suite recognizes, for enabling and disabling them board-wide.
public enum PhotoGesture: String, CaseIterable, Sendable {
    /// One or more fingers drag and throw.
    case pan
    /// Two or more fingers zoom about their centroid.
    case pinch
    /// Two or more fingers twist about their centroid.
    case rotation
    /// Two taps bring the photo up close, centred and upright; two more put it back.
    case doubleTap
    /// Three taps put the photo back where, how big and how turned it was first laid out.
    case tripleTap
    /// A finger held still opens the photo's menu.
    case longPress
}
