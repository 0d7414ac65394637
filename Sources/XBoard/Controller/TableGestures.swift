/// The recognizers of the bare table, shaped like a photo's (`PhotoGestures`): pan and pinch run
/// together, so one or two fingers pan the table and two zoom it about them. There is no
/// rotation: the table does not turn. A finger held still is a long press, which starts a band
/// (`+Selection`); a tap clears the selection.
final class TableGestures {
    let suite: RecognizerSuite
    let pan: PanGestureRecognizer
    let pinch: PinchGestureRecognizer
    let longPress: LongPressGestureRecognizer
    let tap: TapGestureRecognizer
    /// The snapshot the current manipulation is computed from: its `startTransform` is the view's
    /// `boardToWindow`. Present while fingers are down.
    var manipulation: Manipulation?
    /// The prints' extent when the fingers came (board points), for the pan limit: the prints do
    /// not move while the table does, and ten thousand are not measured on every move.
    var extent: Rect?

    init(settings: GestureSettings) {
        pan = PanGestureRecognizer(name: "table pan", settings: settings)
        pinch = PinchGestureRecognizer(name: "table pinch", settings: settings)
        longPress = LongPressGestureRecognizer(settings: settings)
        tap = TapGestureRecognizer(settings: settings, numberOfTapsRequired: 1)
        // The long press is exclusive (the arbiter's default): once recognized, the pan and the
        // pinch fail, and the finger draws the band instead of moving the table.
        suite = RecognizerSuite([pan, pinch, longPress, tap])
        suite.arbiter.allowSimultaneous(pan, pinch)
    }

    /// The recognizers' current values, with inactive ones reading as no change.
    func values(relativeTo snapshot: Manipulation) -> (translation: Point, scale: Double) {
        (
            PhotoGestures.contributes(pan.state) ? pan.translation : snapshot.translation,
            PhotoGestures.contributes(pinch.state) ? pinch.scale : snapshot.scale
        )
    }

    /// Snapshot of the view and the recognizers' values, taken whenever the set of fingers
    /// changes, so the table never jumps when a finger is added or lifted.
    func rebase(view: BoardView) {
        manipulation = Manipulation(startTransform: view.boardToWindow, pan: pan, pinch: pinch, rotation: 0)
    }
}
