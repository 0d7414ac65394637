/// A placement and the recognizers' values when fingers last changed, from which every later
/// placement is computed (as Qt's pinch keeps its start state; never compounding deltas).
///
/// Everything is in window pixels, the fingers' space: a photo's `startTransform` is from its
/// own space into the window, and the table's is the view's `boardToWindow`.
struct Manipulation: Hashable, Sendable {
    var startTransform: AffineTransform
    /// The fingers' centroid at the snapshot, in window pixels: scale and rotation happen about it.
    var pivot: Point
    var translation: Point
    var scale: Double
    var rotation: Double

    /// A snapshot of `startTransform` and the values of `pan` and `pinch` now (and `rotation`,
    /// the rotation recognizer's, for a photo), about the fingers' centroid; `nil` while no
    /// finger is tracked.
    init?(startTransform: AffineTransform, pan: PanGestureRecognizer, pinch: PinchGestureRecognizer, rotation: Double) {
        guard let pivot = pan.core.centroid ?? pinch.core.centroid else { return nil }
        self.init(startTransform: startTransform, pivot: pivot, translation: pan.translation, scale: pinch.scale, rotation: rotation)
    }

    init(startTransform: AffineTransform, pivot: Point, translation: Point, scale: Double, rotation: Double) {
        (self.startTransform, self.pivot) = (startTransform, pivot)
        (self.translation, self.scale, self.rotation) = (translation, scale, rotation)
    }

    /// The placement for the recognizers' current values, before limits.
    ///
    /// Moves the pivot by the translation change and scales and turns about it, so with two
    /// fingers the photo point under each finger stays under it.
    func placement(translation: Point, scaleRatio: Double, rotation: Double) -> AffineTransform {
        startTransform
            .concatenating(AffineTransform(translation: -pivot))
            .concatenating(AffineTransform(scale: scaleRatio))
            .concatenating(AffineTransform(rotation: rotation - self.rotation))
            .concatenating(AffineTransform(translation: pivot + (translation - self.translation)))
    }
}
