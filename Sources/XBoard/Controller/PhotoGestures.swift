/// One photo's recognizers, wired as the design wants: pan, pinch and rotation run together, so
/// one two-finger gesture moves, zooms and twists at once; a double tap waits for the triple tap
/// to fail, so a triple tap fires once, and a single tap waits for the double tap to fail (a
/// tap adds the photo to a selection or takes it out); a finger held still is a long press.
final class PhotoGestures {
    let suite: RecognizerSuite
    let pan: PanGestureRecognizer
    let pinch: PinchGestureRecognizer
    let rotation: RotationGestureRecognizer
    let singleTap: TapGestureRecognizer
    let doubleTap: TapGestureRecognizer
    let tripleTap: TapGestureRecognizer
    let longPress: LongPressGestureRecognizer
    /// The snapshot the current manipulation is computed from; present while fingers are down.
    var manipulation: Manipulation?
    /// The other selected photos' placements (photo to window) at the snapshot, while this one
    /// moves the selection (`BoardController+Selection`); empty otherwise.
    var groupStarts: [PhotoID: AffineTransform] = [:]
    /// Where the photo lay before its close-up: a double tap returns it there.
    var placementBeforeCloseUp: AffineTransform?

    init(settings: GestureSettings) {
        pan = PanGestureRecognizer(settings: settings)
        pinch = PinchGestureRecognizer(settings: settings)
        rotation = RotationGestureRecognizer(settings: settings)
        singleTap = TapGestureRecognizer(settings: settings, numberOfTapsRequired: 1)
        doubleTap = TapGestureRecognizer(settings: settings, numberOfTapsRequired: 2)
        tripleTap = TapGestureRecognizer(settings: settings, numberOfTapsRequired: 3)
        longPress = LongPressGestureRecognizer(settings: settings)
        // A long press is exclusive (the arbiter's default): moving past the slop begins the
        // pan, which fails it; its own rules fail it for a second finger or an early lift; and
        // when it is recognized, every other recognizer of the photo fails.
        suite = RecognizerSuite([pan, pinch, rotation, singleTap, doubleTap, tripleTap, longPress])
        suite.arbiter.allowSimultaneous(pan, pinch)
        suite.arbiter.allowSimultaneous(pan, rotation)
        suite.arbiter.allowSimultaneous(pinch, rotation)
        suite.arbiter.require(doubleTap, toFail: tripleTap)
        suite.arbiter.require(singleTap, toFail: doubleTap)
    }

    func recognizer(for gesture: PhotoGesture) -> any GestureRecognizer {
        switch gesture {
        case .pan: pan
        case .pinch: pinch
        case .rotation: rotation
        case .doubleTap: doubleTap
        case .tripleTap: tripleTap
        case .longPress: longPress
        }
    }

    /// Whether a continuous recognizer's value counts toward the placement: once it began, until
    /// it is reset (an ended one still holds its final value).
    static func contributes(_ state: GestureState) -> Bool {
        state == .began || state == .changed || state == .ended
    }

    /// The recognizers' current values, with inactive ones reading as no change.
    func values(relativeTo snapshot: Manipulation) -> (translation: Point, scale: Double, rotation: Double) {
        (
            Self.contributes(pan.state) ? pan.translation : snapshot.translation,
            Self.contributes(pinch.state) ? pinch.scale : snapshot.scale,
            Self.contributes(rotation.state) ? rotation.rotation : snapshot.rotation
        )
    }

    /// Snapshot of the placement (photo to window) and the recognizers' values, taken whenever
    /// the set of fingers or the view changes, so the photo never jumps when a finger is added
    /// or lifted.
    func rebase(placement: AffineTransform) {
        manipulation = Manipulation(startTransform: placement, pan: pan, pinch: pinch, rotation: rotation.rotation)
    }
}
