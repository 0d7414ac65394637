/// The controls along the top edge, as a layer: when they show and when they fade, the control
/// a finger holds down, and every touch on them — a control acts when the finger lifts on the
/// one it began on (a finger that slid off and back acts; one that lifted elsewhere does not).
/// What a touch asks for comes out as outcomes; `ScreenLayers` carries them out and says which
/// controls can act (`ControlsLayerTests`).
struct ControlsLayer: Sendable {
    enum Outcome: Equatable, Sendable {
        /// The control at this index of the bar (the bar's "More" one past the controls).
        case activate(Int)
    }

    /// How long the controls stay after the last touch or pointer near them, and their fade.
    let idle: Duration
    let fade: Duration
    /// Until when they show (then they fade), unless pinned.
    private(set) var shownUntil: Instant?
    /// The control a finger holds down now, shown pressed.
    private(set) var pressed: Int?
    /// The touches on the controls: the control each began on, and where it is.
    private var touches: [TouchID: (control: Int?, location: Point)] = [:]
    /// Whether undo can act, as worked out for a revision.
    private var undoKnown: (revision: UInt64, canUndo: Bool)?

    init(idle: Duration, fade: Duration) {
        self.idle = idle
        self.fade = fade
    }

    /// Shows the controls for a while (a finger or the pointer came to the empty table or the
    /// top edge, or to the controls themselves).
    mutating func show(at now: Instant) {
        shownUntil = max(shownUntil ?? now, now + idle)
    }

    /// The opacity at `now`: 1 while shown or pinned, fading over `fade` after.
    func opacity(at now: Instant, isPinned: Bool) -> Double {
        if isPinned { return 1 }
        guard let until = shownUntil else { return 0 }
        if now <= until { return 1 }
        return max(0, 1 - (now - until).seconds / fade.seconds)
    }

    /// When the controls next change by themselves: when they start to fade, then every frame
    /// while they fade; `nil` once gone (or while pinned, when they do not fade).
    func nextDeadline(after now: Instant, frame: Instant, isPinned: Bool) -> Instant? {
        guard !isPinned, let until = shownUntil else { return nil }
        if now < until { return until }
        return now < until + fade ? frame : nil
    }

    /// Where a touch on the controls is (for its cancel).
    func location(of touch: TouchID) -> Point? { touches[touch]?.location }

    /// A touch on the controls as `shown` (the last frame's layout of the bar).
    mutating func touch(_ event: TouchEvent, shown: LaidOutWidget?) -> [Outcome] {
        let location = event.phase == .began ? (event.routingLocation ?? event.location) : event.location
        let control: Int? = if case .control(let index) = shown?.target(at: location) { index } else { nil }
        switch event.phase {
        case .began:
            touches[event.id] = (control, location)
            pressed = control
            show(at: event.time)
            return []
        case .moved:
            guard touches[event.id] != nil else { return [] }
            touches[event.id]?.location = location
            let began = touches[event.id]?.control
            pressed = began != nil && control == began ? began : nil
            return []
        case .ended:
            guard let began = touches.removeValue(forKey: event.id) else { return [] }
            pressed = nil
            guard let index = began.control, control == index else { return [] }
            show(at: event.time)
            return [.activate(index)]
        case .cancelled:
            touches[event.id] = nil
            pressed = nil
            return []
        }
    }

    /// The bar as it shows now: `controls`, those in `disabled` greyed, the held one pressed.
    func bar(_ controls: [CommandCatalogue.Control], metrics: WidgetMetrics, disabled: Set<Int>) -> ControlBar {
        ControlBar(controls: controls, metrics: metrics, pressed: pressed, disabled: disabled)
    }

    /// Whether undo would change anything at `revision`: `work` says, once per revision.
    mutating func canUndo(at revision: UInt64, _ work: () -> Bool) -> Bool {
        if let known = undoKnown, known.revision == revision { return known.canUndo }
        let value = work()
        undoKnown = (revision, value)
        return value
    }

    /// The controls that cannot act now, by index: undo with nothing to undo, redo with nothing
    /// to redo, Removed with no photo off the board (unless its list shows, to close it), Tidy
    /// on an empty board.
    static func disabled(
        _ controls: [CommandCatalogue.Control], canUndo: Bool, canRedo: Bool, canShowRemoved: Bool, hasPhotos: Bool
    ) -> Set<Int> {
        var disabled: Set<Int> = []
        for (index, control) in controls.enumerated() {
            switch control.action {
            case .command(.undo) where !canUndo: disabled.insert(index)
            case .command(.redo) where !canRedo: disabled.insert(index)
            case .command(.toggleRemovedPhotos) where !canShowRemoved: disabled.insert(index)
            case .tidyMenu where !hasPhotos: disabled.insert(index)
            default: break
            }
        }
        return disabled
    }

    /// Under the control at `index` of the bar as `shown`: where its menu opens.
    static func anchor(of index: Int, shown: LaidOutWidget?, metrics: WidgetMetrics) -> Point {
        guard let frame = shown?.targets.first(where: { $0.target == .control(index) })?.frame else { return .zero }
        return Point(x: frame.minX - metrics.target * 0.6, y: frame.maxY + frame.size.height / 2)
    }

    /// Whether the bar, across a board `width` wide, would cover a print in the hands (one of
    /// `heldBounds`, board points): it gives way.
    static func covers(_ heldBounds: [Rect], width: Double, metrics: WidgetMetrics) -> Bool {
        let band = Rect(x: 0, y: 0, width: width, height: metrics.controlBarBottom)
        return heldBounds.contains { $0.intersects(band) }
    }
}
