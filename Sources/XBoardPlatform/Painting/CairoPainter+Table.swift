internal import CX11
import XBoard

/// The table drawn as a picture of itself while a large board's view moves
/// (`DisplayItem.tableSnapshot`): on the first such frame the frame shown is copied once into a
/// pixmap on the server, the overlays it showed filled with the table's colour (so the controls
/// are not scaled along); each frame then fills the table, composites that pixmap through the
/// view's change since, draws the overlays on top, and shows the frame whole. The X server
/// draws one transformed copy a frame instead of every print in view. The pixmap is let go at
/// the first list without the item; that list repaints the whole frame (`DisplayList.damage`),
/// in slices when it draws many prints, the window keeping the snapshot meanwhile.
extension CairoPainter {
    /// The snapshot of the table, while frames show it.
    struct TableSnapshotPicture {
        var pixmap: Pixmap
        var surface: OpaquePointer
    }

    /// Paints a frame of `list`, which holds `snapshot`, and shows it whole.
    func paintSnapshot(_ list: DisplayList, _ snapshot: TableSnapshot) {
        guard let backSurface else { return }
        let frame = Rect(origin: .zero, size: list.size)
        if tableSnapshotPicture == nil { tableSnapshotPicture = takeSnapshot(of: list) }
        guard let picture = tableSnapshotPicture else { return }
        let context = cairo_create(backSurface)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        if case .fill(let color) = list.items.first {
            cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
            cairo_paint(context)
        }
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        let pattern = cairo_pattern_create_for_surface(picture.surface)
        var matrix = cairo_matrix_t()
        let t = snapshot.windowToSnapshot
        cairo_matrix_init(&matrix, t.a, t.b, t.c, t.d, t.tx, t.ty)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        cairo_pattern_set_filter(pattern, quickDrafts ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_set_source(context, pattern)
        cairo_paint(context)
        cairo_pattern_destroy(pattern)
        drawOverlays(of: list, damage: [frame], in: context)
        cairo_destroy(context)
        cairo_surface_flush(backSurface)
        window.presenter.show([frame], from: backPixmap, atVerticalBlank: false)
        snapshotOverlays = list.overlays.map { OverlayGeometry.extent(of: $0, in: list.size, scale: list.uiScale) }
        lastList = list
        paintedList = list
        shownTop = nil
        staleInBackBuffer = []
        lastPaintedArea = frame.size.area
        statistics.snapshotFrames += 1
        // Nothing is owed to prints that do not show; their sprites stay for the frame at rest.
        forgetDeferredSprites(notRestingIn: list)
    }

    /// A copy of what the window shows, less its overlays: from the back buffer once it is
    /// up to date, or from the window while a repaint in slices has drawn part of the back
    /// buffer (the window still shows the frame before, the last snapshot's).
    private func takeSnapshot(of list: DisplayList) -> TableSnapshotPicture? {
        guard let backSurface else { return nil }
        let width = UInt32(max(1, size.width)), height = UInt32(max(1, size.height))
        var source = backSurface
        var overlays =
            lastList.map { previous in
                previous.overlays.map { OverlayGeometry.extent(of: $0, in: previous.size, scale: previous.uiScale) }
            } ?? []
        if slicedRepaint != nil, let windowSurface {
            source = windowSurface
            overlays += snapshotOverlays
            cancelSlicedRepaint()
        } else {
            cancelSlicedRepaint()
            bringBackBufferUpToDate()
        }
        let pixmap = XCreatePixmap(window.display, window.window, width, height, UInt32(window.depth))
        guard let surface = cairo_xlib_surface_create(window.display, pixmap, window.visual, Int32(width), Int32(height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            XFreePixmap(window.display, pixmap)
            return nil
        }
        let context = cairo_create(surface)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context, source, 0, 0)
        cairo_paint(context)
        if case .fill(let color) = list.items.first, !overlays.isEmpty {
            clip(context, to: overlays)
            cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
            cairo_paint(context)
        }
        cairo_destroy(context)
        cairo_surface_flush(surface)
        return TableSnapshotPicture(pixmap: pixmap, surface: surface)
    }

    /// Lets the snapshot go (the view rests, the window changed size, or the painter goes).
    func dropTableSnapshot() {
        guard let picture = tableSnapshotPicture else { return }
        cairo_surface_destroy(picture.surface)
        XFreePixmap(window.display, picture.pixmap)
        tableSnapshotPicture = nil
        snapshotOverlays = []
    }
}
