/// The view onto the board (`view`): which part of the board the window shows, how it changes
/// (Home, Fit, Ctrl+0, Ctrl+plus and minus, the table's gestures) and how a point or a placement
/// goes from one space to the other.
extension BoardController {
    /// The part of the board the window shows, in board points: where throws come to rest,
    /// tidies lay their grid and gather brings the prints.
    public var visibleBounds: Rect { view.visibleBounds(in: board.size) }

    /// `placement` with its centre moved to the nearest point inside `bounds` (board points):
    /// how every move keeps a photo in view.
    func clamped(_ placement: AffineTransform, into bounds: Rect) -> AffineTransform {
        placement.withCenter(bounds.clamp(placement.center))
    }

    /// Where any centre may be: the window's board grown by the coordinate limit on every side
    /// (as touches are), so whatever moves along with a held print stays finite and saveable.
    var coordinateBounds: Rect {
        let limit = Self.coordinateLimit
        return Rect(x: -limit, y: -limit, width: board.size.width + 2 * limit, height: board.size.height + 2 * limit)
    }

    /// The topmost photo under a window point.
    public func photo(atWindow location: Point) -> PhotoID? {
        board.photo(at: view.windowToBoard.apply(to: location))
    }

    /// The centre, in window pixels, of the topmost photo under a window point.
    public func photoCenter(atWindow location: Point) -> Point? {
        board.photoCenter(at: view.windowToBoard.apply(to: location)).map(view.boardToWindow.apply(to:))
    }

    /// A photo's placement from its own space into the window.
    func windowPlacement(of id: PhotoID) -> AffineTransform {
        placement(of: id).concatenating(view.boardToWindow)
    }

    /// The bounds of every print on the board, board points, each where it comes to rest (a
    /// print gliding away counts where it stops); `nil` for an empty board.
    var printsExtent: Rect? {
        guard let first = board.photos.first else { return nil }
        func resting(_ photo: Photo) -> Rect {
            guard motions.index(forKey: photo.id) != nil else { return photo.boardBounds }
            var resting = photo
            resting.photoToBoard = restingPlacement(of: photo)
            return resting.boardBounds
        }
        return board.photos.dropFirst().reduce(resting(first)) { $0.union(resting($1)) }
    }

    /// Shows `newView` at once, within the limits (`ViewSettings`); a view motion under way stops.
    public func show(_ newView: BoardView) {
        viewMotion = nil
        setView(limited(newView))
    }

    /// Whether the view moves on its own (after a flick, or easing where a command sends it).
    public var isViewAnimating: Bool { viewMotion != nil }

    /// Shows every print whole (Home, the Fit control), in the window below `topInset` window
    /// pixels (the controls) and above `bottomInset` (the loading panel while photos load),
    /// zoomed in no further than `ViewSettings.largestFitZoom`.
    public func showWholeBoard(keepingClearAtTop topInset: Double = 0, bottom bottomInset: Double = 0) {
        guard let extent = printsExtent else { return }
        let settings = settings.view, size = board.size
        let top = max(0, min(topInset, size.height / 2)), bottom = max(0, min(bottomInset, size.height / 4))
        let area = Rect(x: 0, y: top, width: size.width, height: size.height - top - bottom)
        var target = BoardView.fitting(extent, into: area, margin: settings.fitMargin)
        if target.zoom > settings.largestFitZoom {
            target = BoardView.fitting(extent, into: area, margin: settings.fitMargin, zoom: settings.largestFitZoom)
        }
        moveView(to: target)
    }

    /// Eases the view so that `extent` (board points) lies whole within `area` (window pixels)
    /// with `margin` to spare: centred there, zoomed out as far as it takes and never in. Nothing
    /// moves when it lies there already (a crop's frame, brought where fingers reach its handles).
    /// Returns the view it left, when it moved (to go back to, `easeView(to:)`).
    @discardableResult
    public func bringIntoView(_ extent: Rect, within area: Rect, margin: Double) -> BoardView? {
        let before = viewDestination, boardToWindow = before.boardToWindow
        let shown = Rect.bounding(extent.corners.map(boardToWindow.apply(to:)))
        guard !area.insetBy(margin).contains(shown) else { return nil }
        let fit = BoardView.fitting(extent, into: area, margin: margin)
        moveView(to: BoardView.fitting(extent, into: area, margin: margin, zoom: min(before.zoom, fit.zoom)))
        return before
    }

    /// Eases the view to `target` (within the limits): back where a crop found it.
    public func easeView(to target: BoardView) { moveView(to: target) }

    /// Shows the prints at the size they were laid out (zoom 1, Ctrl+0), about the window's middle.
    public func showActualSize() {
        let from = viewDestination
        zoomTable(by: 1 / from.zoom)
    }

    /// Zooms the table by `factor` about a window point (the window's middle by default), easing
    /// there; keys pressed in quick succession add up.
    public func zoomTable(by factor: Double, about windowLocation: Point? = nil) {
        let middle = windowLocation ?? Point(x: board.size.width / 2, y: board.size.height / 2)
        moveView(to: viewDestination.zoomed(by: factor, about: middle))
    }

    /// Where the view is headed: the end of a settle under way, else where it is.
    var viewDestination: BoardView {
        if case .settle(_, let to, _, _, _) = viewMotion { return to }
        return view
    }

    /// Eases the view to `target` (within the limits).
    func moveView(to target: BoardView) {
        let target = limited(target)
        guard target != view else {
            viewMotion = nil
            return
        }
        let middle = Point(x: board.size.width / 2, y: board.size.height / 2)
        viewMotion = .settle(from: view, to: target, middle: middle, startTime: now, duration: settings.view.settleDuration)
        revision &+= 1
    }

    /// `view` within the zoom range and the pan allowance about the prints.
    func limited(_ view: BoardView, extent: Rect? = nil) -> BoardView {
        settings.view.limited(view, windowSize: board.size, extent: extent ?? printsExtent)
    }

    /// Shows `newView` at once. Prints held by fingers keep their place in the window (under
    /// their fingers), and their recognizers start again from there.
    func setView(_ newView: BoardView) {
        guard newView != view, newView.zoom.isFinite, newView.origin.isFinite else { return }
        let held = Set(touchOwners.values)
        let windowPlacements = held.map { ($0, windowPlacement(of: $0)) }
        view = newView
        for (id, placed) in windowPlacements {
            guard let photo = board.photo(id) else { continue }
            let onBoard = placed.concatenating(newView.windowToBoard)
            let scale = photo.clampScale(onBoard.scale, settings: settings.motion)
            board.setTransform(AffineTransform(center: onBoard.center, scale: scale, rotation: onBoard.rotation), of: id)
            if let photoGestures = gestures[id] { rebase(id, photoGestures) }
        }
    }

    /// Moves the view on its own motion to `time`.
    func advanceView(to time: Instant) {
        guard let motion = viewMotion else { return }
        if case .glide = motion {
            setView(limited(motion.view(at: time), extent: tableGestures?.extent))  // a flick stops at the pan limit
        } else {
            setView(motion.view(at: time))
        }
        if time >= motion.endTime { viewMotion = nil }
    }
}
