/// Decides, once per wake-up of the app's event loop, whether it paints a new frame, only shows
/// the last one again (after an Expose), or does nothing: its "dirty flags" as one value (nsxiv's redraw
/// check), so at most one frame is drawn per wake-up and none while the window is hidden.
public struct FrameState: Sendable {
    /// Everything a frame is drawn from, as far as telling frames apart goes.
    public struct Content: Hashable, Sendable {
        /// The controller's revision: placements, stacking, photos, selection.
        public var revision: UInt64
        public var status: LoadingStatus?
        public var overlay: EmulationOverlay?
        public var showsHelp: Bool
        /// The notices on the board, with their opacity (a fade is a change).
        public var notices: [ShownNotice]
        /// Whether the removed photos list shows (what it lists changes with `revision`).
        public var showsRemovedPhotos: Bool
        /// The photos drawn as moving: one coming to rest is drawn sharp again.
        public var moving: Set<PhotoID>
        /// Whether the view onto the board moves (every print is drawn as moving meanwhile).
        public var isViewMoving: Bool
        /// Whether the prints show their captions (`c`).
        public var showsCaptions: Bool
        /// Changes when sharper or smaller copies of pictures arrive.
        public var picturesRevision: UInt64
        /// The on-board widgets as they show (controls, menus, the picker), fades included.
        public var widgets: [WidgetItem]

        public init(
            revision: UInt64, status: LoadingStatus?, overlay: EmulationOverlay?, showsHelp: Bool, notices: [ShownNotice] = [],
            showsRemovedPhotos: Bool = false, moving: Set<PhotoID> = [], showsCaptions: Bool = false, picturesRevision: UInt64 = 0,
            widgets: [WidgetItem] = [], isViewMoving: Bool = false
        ) {
            self.isViewMoving = isViewMoving
            self.revision = revision
            self.status = status
            self.overlay = overlay
            self.showsHelp = showsHelp
            self.notices = notices
            self.showsRemovedPhotos = showsRemovedPhotos
            self.moving = moving
            self.showsCaptions = showsCaptions
            self.picturesRevision = picturesRevision
            self.widgets = widgets
        }
    }

    /// What to do this wake-up.
    public enum Action: Hashable, Sendable {
        /// Build the display list and paint what changed.
        case paint
        /// Paint what changed, then show the whole frame again: the window was also exposed (or
        /// shown again), and painting draws only what changed since the last list.
        case paintAndPresent
        /// Copy the last frame to the window again (it was exposed).
        case present
        case none
    }

    private var painted: Content?
    private var needsPresent = false
    /// Whether the window is mapped; hidden windows get no frames.
    public private(set) var isVisible = true

    public init() {}

    /// Forgets what was painted: the next wake-up paints (a picture arrived, the window resized
    /// or was shown again).
    public mutating func invalidate() { painted = nil }

    /// Part of the window lost its pixels: show the last frame again.
    public mutating func exposed() { needsPresent = true }

    /// The window was hidden or shown; shown again, its pixels are gone and it is painted afresh.
    public mutating func setVisible(_ visible: Bool) {
        if visible, !isVisible {
            painted = nil
            needsPresent = true
        }
        isVisible = visible
    }

    /// Whether a frame of `content` would be painted, or the last one shown again, now (without
    /// recording anything): what a loop waiting for its frame pacer asks, to know it must wake
    /// up for it. An Expose counts: the exposed part shows garbage until the frame is shown again
    /// (a window manager enlarging the window's frame right after a frame, as openbox does going
    /// fullscreen, left it so until the next event).
    public func needsFrame(for content: Content) -> Bool {
        isVisible && (painted != content || needsPresent)
    }

    /// What to do for a frame of `content`; records it as painted when the answer is `.paint`.
    public mutating func action(for content: Content) -> Action {
        guard isVisible else { return .none }
        if painted != content {
            painted = content
            defer { needsPresent = false }
            return needsPresent ? .paintAndPresent : .paint
        }
        if needsPresent {
            needsPresent = false
            return .present
        }
        return .none
    }
}
