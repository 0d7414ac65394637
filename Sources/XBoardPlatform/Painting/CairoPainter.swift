internal import CX11
import Foundation
import XBoard

/// Executes display lists with cairo on the X server: draws each frame into a back-buffer
/// pixmap and shows the repainted part in one request (`FramePresenter`), so nothing flickers.
///
/// Pictures are uploaded once as server-side surfaces. Each print (shadow, border, picture) is
/// rendered into a server-side sprite at its exact turn and scale (`PrintSprite`), and a frame
/// copies the sprites at whole-pixel positions, the X server's fastest path; a print that turns
/// or scales while it moves is drawn from its sprite through a transform (a bilinear draft) and
/// rendered sharp again once it rests. Only damaged rectangles are redrawn, and only where no
/// large opaque print above hides them (`PaintPlan`).
///
/// The opaque inside of a large print on top (a close-up in the hands) goes straight into the
/// window instead, written once rather than drawn into the back buffer and copied again; when it
/// only moved since the last frame, its pixels already in the window are moved instead
/// (`CairoPainter+Moves`). The back buffer is then behind there (`staleInBackBuffer`) until a
/// later frame repaints it, and is brought up to date before it is ever shown whole (`present`).
///
/// Sharp sprites of large prints that come to rest are rendered a band at a time between frames
/// (`CairoPainter+Refinement`), the print drawn from its draft meanwhile. Pictures are uploaded,
/// replaced and let go, and the sprites of photos gone dropped, in `CairoPainter+Pictures`.
public final class CairoPainter {
    let window: X11Window
    private(set) var size: Size
    private(set) var backPixmap: Pixmap = 0
    private(set) var backSurface: OpaquePointer?
    /// The window itself, for what is drawn straight into it.
    private(set) var windowSurface: OpaquePointer?
    /// Where the back buffer does not hold what the window shows (it was drawn straight into
    /// the window), and the list last painted, to bring it up to date from.
    var staleInBackBuffer: [Rect] = []
    internal(set) var paintedList: DisplayList?
    /// The print on top as the window shows it, when all of it shows drawn one way.
    var shownTop: ShownPrint?
    /// Prints at rest drawn from a draft, owed a sharp sprite, and the one being made.
    var deferredSharpSprites: Set<PhotoID> = []
    var refinement: Refinement?
    var refinementSettings = RefinementSettings()
    /// A repaint of many prints being drawn a slice at a time, and the list painted meanwhile,
    /// which waits for it (`CairoPainter+Slices`).
    var slicedRepaint: SlicedRepaint?
    var listAfterSlicedRepaint: DisplayList?
    var sliceSettings = SliceSettings()
    /// How many prints a slice draws: as many as the server draws in `sliceSettings.serverBudget`,
    /// learnt from how long each slice took it (the round trip of the step after it).
    var slicePrints = 200
    /// How long the loop took to ask for one print in the last slice (its own time, not the server's).
    var loopTimePerPrint: Duration = .microseconds(10)
    /// The last sprite's serial number.
    var spriteSerial: UInt64 = 0
    /// The photos of the last list painted, bottom to top.
    var photosOnBoard: [PhotoID] = []
    var pictures: [PhotoID: (surface: OpaquePointer, size: Size)] = [:]
    /// The tiles of pictures shown finer than their copies (issue 39), server-side, drawn over
    /// their prints as the display list says (`PrintItem.tiles`).
    var tiles: [TileKey: (surface: OpaquePointer, size: Size)] = [:]
    /// Black-and-white copies of the pictures and tiles of prints shown so (issue 40), made
    /// once each from the colour ones (`CairoPainter+Edits`).
    var blackAndWhitePictures: [PhotoID: (surface: OpaquePointer, size: Size)] = [:]
    var blackAndWhiteTiles: [TileKey: (surface: OpaquePointer, size: Size)] = [:]
    /// The snapshot of the table while the view of a large board moves, and the overlays the
    /// last snapshot frame showed (`CairoPainter+Table`).
    var tableSnapshotPicture: TableSnapshotPicture?
    var snapshotOverlays: [Rect] = []
    var sprites: [PhotoID: PrintSprite] = [:]
    let shadows = ShadowCache()
    var lastList: DisplayList?
    /// Repainted with the next frame though the list did not change there (a picture changed).
    var pendingDamage: [Rect] = []
    /// Photos whose picture came or went under an unchanged display list since the last frame:
    /// their prints are repainted by the next (only theirs, not the frame: ten thousand photos
    /// arriving one by one would otherwise repaint every print each time).
    var picturesChanged: Set<PhotoID> = []
    /// Whether drafts are drawn nearest-neighbour inside the print (its edges stay smooth):
    /// for a server slow at frames (`FramePacer.serverIsSlow`), where the smooth draft of a
    /// turning close-up costs most of a frame.
    /// Follows the server's speed at frames: quick drafts while it is slow (`pacer.serverIsSlow`),
    /// said when it changes with `traces`.
    public func followServerSpeed(of pacer: FramePacer, traces: Bool) {
        guard quickDrafts != pacer.serverIsSlow else { return }
        quickDrafts = pacer.serverIsSlow
        guard traces else { return }
        let typical = pacer.typicalFrameTime.map { "\($0)" } ?? "?"
        System.printError("trace: drafts \(pacer.serverIsSlow ? "quick" : "smooth") (the server takes \(typical) a frame)")
    }

    public var quickDrafts = false {
        didSet {
            guard quickDrafts != oldValue, !staleInBackBuffer.isEmpty, staleQuickDrafts == nil else { return }
            staleQuickDrafts = oldValue
        }
    }

    /// The `quickDrafts` the parts of the back buffer that are behind were drawn into the window
    /// with, while it differs from the current one: they are brought up to date as they show,
    /// never redrawn the other way (an Expose would show the print's edges changed).
    var staleQuickDrafts: Bool?
    /// While the back buffer is brought up to date, the `quickDrafts` its parts were drawn with.
    var catchingUpQuickDrafts: Bool?
    /// Whether drafts are drawn quick in what is being drawn now.
    var drawsQuickDrafts: Bool { catchingUpQuickDrafts ?? quickDrafts }
    /// Pixels repainted by the last `paint`, for benchmarks and tests.
    public internal(set) var lastPaintedArea: Double = 0
    /// Counts of what the last frames did with prints, for benchmarks and traces.
    public internal(set) var statistics = Statistics()

    /// What painting did with prints since the counts were last reset.
    public struct Statistics: Hashable, Sendable {
        public var spritesRendered = 0
        public var draftsRendered = 0
        public var draftsStretched = 0
        public var blits = 0
        /// Frames that moved the print on top within the window, and the pixels they moved.
        public var moves = 0
        public var movedArea = 0.0
        /// Bands of deferred sharp sprites rendered between frames.
        public var refinementBands = 0
        /// Slices of repaints of many prints, and such repaints shown whole.
        public var repaintSlices = 0
        public var slicedRepaints = 0
        /// Frames that showed a snapshot of the table in place of its prints.
        public var snapshotFrames = 0
    }

    /// The back buffer is brought up to date once it is behind in more rectangles than this.
    static let maximumStaleRectangles = 1024

    public init(window: X11Window) throws {
        self.window = window
        size = window.size
        try makeBackBuffer()
    }

    deinit {
        dropTableSnapshot()
        if let refinement { cairo_surface_destroy(refinement.sprite.surface) }
        for picture in pictures.values { cairo_surface_destroy(picture.surface) }
        for tile in tiles.values { cairo_surface_destroy(tile.surface) }
        for copy in blackAndWhitePictures.values { cairo_surface_destroy(copy.surface) }
        for copy in blackAndWhiteTiles.values { cairo_surface_destroy(copy.surface) }
        for sprite in sprites.values { cairo_surface_destroy(sprite.surface) }
        shadows.removeAll()
        if let windowSurface { cairo_surface_destroy(windowSurface) }
        if let backSurface { cairo_surface_destroy(backSurface) }
        if backPixmap != 0 { XFreePixmap(window.display, backPixmap) }
    }

    /// The window changed size: a new back buffer of that size.
    public func resize(to newSize: Size) throws {
        guard newSize != size else { return }
        size = newSize
        lastList = nil
        dropTableSnapshot()
        cancelRefinement { _ in true }
        cancelSlicedRepaint()
        try makeBackBuffer()
    }

    /// Draws what changed since the last list and shows it; returns whether a frame went to the
    /// server (its report, `WindowEvent.frameShown`, follows).
    ///
    /// Only the damaged rectangles are redrawn, each layer only where nothing opaque above it
    /// hides it: the print on top moved within the window where it only moved, its opaque inside
    /// straight into the window where it is large, the rest into the back buffer and shown from
    /// there in one request; with `atVerticalBlank` (a glide), all of it through the back buffer
    /// at the display's next vertical blank where it has a real one.
    @discardableResult
    public func paint(_ list: DisplayList, atVerticalBlank: Bool = false) -> Bool {
        guard backSurface != nil else { return false }
        // While the view moves, a snapshot of the table stands in for every print: before any
        // repaint in slices, which it ends (`CairoPainter+Table`).
        if let snapshot = list.tableSnapshot {
            paintSnapshot(list, snapshot)
            return true
        }
        if tableSnapshotPicture != nil {
            dropTableSnapshot()
            lastList = nil  // the prints again: the whole frame
        }
        // A repaint drawn in slices shows first; this list is painted after it.
        guard slicedRepaint == nil else {
            listAfterSlicedRepaint = list
            return false
        }
        // A list that waited for a repaint in slices is older than this one: painted after it
        // (the loop's next step), it showed the board as it was a moment before, and cost a
        // second paint in the turn.
        listAfterSlicedRepaint = nil
        let frame = Rect(origin: .zero, size: list.size)
        let previous = lastList
        if !picturesChanged.isEmpty {
            // Told by number in a flat array: a frame of arrivals among ten thousand hashed them all.
            let changed = PhotoMarks(picturesChanged)
            for index in list.items.indices {
                if case .print(let print) = list.items[index], changed.contains(print.photo) { pendingDamage += print.damageRegion }
            }
            picturesChanged = []
        }
        var damage = RectRegion.coarsened(
            (list.damage(since: previous).map { $0 + pendingDamage.compactMap { $0.intersection(frame) } } ?? [frame]).map(\.integral))
        pendingDamage = []
        let unchanged = topPrintDrawnAsBefore(in: list, previous: previous)
        if !unchanged.isEmpty { damage.removeAll { unchanged.contains($0) } }
        lastList = list
        paintedList = list
        lastPaintedArea = damage.reduce(0) { $0 + $1.size.area }
        forgetDeferredSprites(notRestingIn: list)
        defer {
            dropSpritesOfPhotosGone(from: list)
            requestRefinementStep()
        }
        guard !damage.isEmpty else { return false }
        // A repaint of a sixteenth of the window or more may be many prints: planned here once,
        // for slicing or for drawing at once. A finger's print among thousands damages less, and
        // is planned only where it is drawn (less what the window already shows).
        var plan: PaintPlan?
        if RectRegion.area(of: damage) * 16 >= frame.size.area {
            let planned = list.paintPlan(for: damage, drawingDirect: windowSurface != nil && !atVerticalBlank)
            if startSlicedRepaint(of: list, damage: damage, plan: planned) { return false }
            plan = planned
        }
        draw(list, damage: damage, previous: previous, atVerticalBlank: atVerticalBlank, plan: plan)
        return true
    }

    /// Sets the context's clip to the union of `rects`.
    func clip(_ context: OpaquePointer?, to rects: [Rect]) {
        cairo_new_path(context)
        for rect in rects { cairo_rectangle(context, rect.minX, rect.minY, rect.size.width, rect.size.height) }
        cairo_clip(context)
    }

    /// Forgets what was painted, so the next `paint` redraws the whole frame; with
    /// `sprites`, every print's sprite is rendered again too.
    public func invalidate(sprites dropSprites: Bool = false) {
        lastList = nil
        cancelSlicedRepaint()
        if dropSprites {
            cancelRefinement { _ in true }
            for id in Array(sprites.keys) { dropSprite(of: id) }
            shadows.removeAll()
        }
    }

    /// Waits until the X server has finished every drawing request (for benchmarks).
    public func finish() {
        XSync(window.display, 0)
    }

    private func makeBackBuffer() throws {
        staleInBackBuffer = []
        if let windowSurface {
            cairo_xlib_surface_set_size(windowSurface, Int32(max(1, size.width)), Int32(max(1, size.height)))
        } else if let surface = cairo_xlib_surface_create(
            window.display, window.window, window.visual, Int32(max(1, size.width)), Int32(max(1, size.height)))
        {
            // Without it every frame goes through the back buffer, as it always may.
            if cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS { windowSurface = surface } else { cairo_surface_destroy(surface) }
        }
        if let backSurface { cairo_surface_destroy(backSurface) }
        if backPixmap != 0 { XFreePixmap(window.display, backPixmap) }
        let width = UInt32(max(1, size.width)), height = UInt32(max(1, size.height))
        backPixmap = XCreatePixmap(window.display, window.window, width, height, UInt32(window.depth))
        guard let surface = cairo_xlib_surface_create(window.display, backPixmap, window.visual, Int32(width), Int32(height)) else {
            backSurface = nil
            throw PlatformError.cairo("cannot create the back buffer")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            backSurface = nil
            throw PlatformError.cairo(String(cString: cairo_status_to_string(status)))
        }
        backSurface = surface
    }
}
