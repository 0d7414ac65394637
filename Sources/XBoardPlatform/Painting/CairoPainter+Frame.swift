internal import CX11
import XBoard

/// One frame: what of the damage is moved, drawn straight into the window or drawn into the
/// back buffer and shown from there, and the bookkeeping of what the back buffer lacks and of
/// how the print on top shows; and showing the whole frame again after an exposure.
extension CairoPainter {
    /// The damage rectangles of the print on top when it only started or stopped moving and is
    /// drawn exactly as the window shows it (the same sprite, the same way, in the same place):
    /// no pixel of it changes, so no frame is owed for it (and the move after a finger lands
    /// is not held back a refresh behind one).
    func topPrintDrawnAsBefore(in list: DisplayList, previous: DisplayList?) -> Set<Rect> {
        guard let previous, let old = shownTop, let before = Self.topPrint(of: previous)?.print,
            let after = Self.topPrint(of: list)?.print, before.photo == after.photo, before.isMoving != after.isMoving
        else { return [] }
        var startedOrStopped = before
        startedOrStopped.isMoving = after.isMoving
        let frame = Rect(origin: .zero, size: list.size)
        guard startedOrStopped == after, let new = shownPrint(after, as: drawing(for: after, visible: frame)), old.hasSameLook(as: new),
            old.center == new.center
        else { return [] }
        return Set(after.damageRegion.compactMap { $0.intersection(frame)?.integral })
    }

    /// Draws `damage` of `list` and shows it — moving the print on top within the window when
    /// it is drawn as in `previous` (the list the window shows) but moved — and keeps track of
    /// what the back buffer lacks and of how the print on top shows.
    /// - Parameter planned: the plan for `damage` as a whole, when the caller has made it (with
    ///   `drawingDirect` as here): used when all of the damage is drawn.
    func draw(_ list: DisplayList, damage: [Rect], previous: DisplayList?, atVerticalBlank: Bool, plan planned: PaintPlan? = nil) {
        guard let backSurface else { return }
        let frame = Rect(origin: .zero, size: list.size)
        let top = Self.topPrint(of: list)
        let topShown = top.flatMap { shownPrint($0.print, as: drawing(for: $0.print, visible: frame)) }
        // The print on top drawn as before: where it did not move, its pixels in the window are
        // right; where a draft only moved, they are moved (drawing a draft costs a transformed
        // fetch per pixel); a sprite copied at whole pixels is drawn anew, at the cost of a move.
        var rest = damage
        var moved: [Rect] = []
        if let previous, let old = shownTop, let new = topShown, old.hasSameLook(as: new), !atVerticalBlank,
            !window.presenter.isWaitingForVerticalBlank
        {
            let delta = new.center - old.center
            if delta == .zero {
                let kept = Self.movedRegion(from: old, to: new, previous: previous, list: list)
                rest = kept.reduce(rest) { RectRegion.subtracting($1, from: $0) }
            } else if new.isStretched {
                moved = Self.movedRegion(from: old, to: new, previous: previous, list: list)
                window.presenter.move(moved, by: delta, into: backPixmap)
                statistics.moves += moved.isEmpty ? 0 : 1
                statistics.movedArea += RectRegion.area(of: moved)
                rest = moved.reduce(rest) { RectRegion.subtracting($1, from: $0) }
            }
        }
        let drawingDirect = windowSurface != nil && !atVerticalBlank
        var plan = planned.flatMap { rest == damage ? $0 : nil } ?? list.paintPlan(for: rest, drawingDirect: drawingDirect)
        var direct: (print: PrintItem, clip: [Rect])?
        if let layer = plan.direct, case .print(let print) = list.items[layer.itemIndex] {
            let drawing = drawing(for: print, visible: frame)
            if case .outright = drawing {
                plan = list.paintPlan(for: rest)  // drawn outright it blends: through the back buffer
            } else {
                direct = (print, layer.clip)
            }
        }
        if !rest.isEmpty { render(list, plan, damage: rest, into: backSurface) }
        var shown = rest + moved
        if let direct, let windowSurface {
            let context = cairo_create(windowSurface)
            // Looked at again after the back buffer's render, which may have drawn the same print
            // and made its sprite anew: the drawing chosen before could name a sprite let go since.
            let drawing = drawing(for: direct.print, visible: frame)
            draw(direct.print, as: drawing, clippedTo: direct.clip, isInsideDirectRegion: true, in: context)
            cairo_destroy(context)
            cairo_surface_flush(windowSurface)
            for rect in direct.clip { shown = RectRegion.subtracting(rect, from: shown) }
        }
        window.presenter.show(shown, from: backPixmap, atVerticalBlank: atVerticalBlank)
        let directClip = direct?.clip ?? []
        staleInBackBuffer = (rest + moved + directClip).reduce(staleInBackBuffer) { RectRegion.subtracting($1, from: $0) }
        // What is still behind was drawn with the other quick-draft setting: caught up now, so
        // what is behind is always one way.
        if staleQuickDrafts != nil, !directClip.isEmpty { bringBackBufferUpToDate() }
        staleInBackBuffer += directClip
        if staleInBackBuffer.count > Self.maximumStaleRectangles { bringBackBufferUpToDate() }
        // All of the print on top drawn (or moved) this frame shows one way; part of it drawn
        // another way than before leaves the window holding two.
        if let top, let topShown,
            RectRegion.covers(damage, top.print.damageRegion.compactMap { $0.integral.intersection(frame) })
        {
            shownTop = topShown
        } else if let old = shownTop, let new = topShown, old.hasSameLook(as: new), old.center == new.center {
            shownTop = new
        } else {
            shownTop = nil
        }
    }

    /// Draws `damage` of `list` into `surface` as `plan` says: the table, the prints, then the
    /// overlays.
    func render(_ list: DisplayList, _ plan: PaintPlan, damage: [Rect], into surface: OpaquePointer) {
        let frame = Rect(origin: .zero, size: list.size)
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        fillBackground(of: list, plan, in: context)
        for layer in plan.prints {
            guard case .print(let print) = list.items[layer.itemIndex] else { continue }
            draw(print, clippedTo: layer.clip, visible: frame, in: context)
        }
        drawOverlays(of: list, damage: damage, in: context)
        cairo_surface_flush(surface)
    }

    /// Fills where the table shows in `plan` with its colour.
    func fillBackground(of list: DisplayList, _ plan: PaintPlan, in context: OpaquePointer?) {
        guard case .fill(let color) = list.items.first, !plan.background.isEmpty else { return }
        cairo_save(context)
        clip(context, to: plan.background)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Draws the list's overlays (notices, widgets, help) within `damage`.
    func drawOverlays(of list: DisplayList, damage: [Rect], in context: OpaquePointer?) {
        let overlays = list.overlays
        guard !overlays.isEmpty else { return }
        cairo_save(context)
        clip(context, to: damage)
        for item in overlays {
            CairoDrawing.draw(
                item, in: context, size: list.size, scale: list.uiScale, picture: { self.pictures[$0] },
                blackAndWhite: { self.blackAndWhitePicture(of: $0) })
        }
        cairo_restore(context)
    }

    /// Repaints into the back buffer what was drawn (or moved) only into the window.
    func bringBackBufferUpToDate() {
        catchingUpQuickDrafts = staleQuickDrafts
        defer {
            staleInBackBuffer = []
            staleQuickDrafts = nil
            catchingUpQuickDrafts = nil
        }
        guard let backSurface, let paintedList, !staleInBackBuffer.isEmpty else { return }
        render(paintedList, paintedList.paintPlan(for: staleInBackBuffer), damage: staleInBackBuffer, into: backSurface)
    }

    /// Shows the whole back buffer in the window again after an exposure (the window lost
    /// pixels, or was shown again), and renders the next band of the sharp sprites owed when the
    /// window came back for that (`CairoPainter+Refinement`).
    public func present() {
        let wake = window.presenter.takeWakeReasons()
        if wake.lostPixels || !wake.stepDue {
            staleInBackBuffer += wake.unfilled
            bringBackBufferUpToDate()
            // Not what a repaint under way has drawn so far: it shows when whole.
            let underWay = slicedRepaint?.damage ?? []
            let whole = underWay.reduce([Rect(origin: .zero, size: size)]) { RectRegion.subtracting($1, from: $0) }
            window.presenter.show(whole, from: backPixmap, atVerticalBlank: false)
            // The stale parts were drawn as the print on top is drawn now.
            if let old = shownTop, let list = paintedList, let top = Self.topPrint(of: list),
                let now = shownPrint(top.print, as: drawing(for: top.print, visible: Rect(origin: .zero, size: list.size))),
                !(old.hasSameLook(as: now) && old.center == now.center)
            {
                shownTop = nil
            }
        }
        if wake.stepDue, slicedRepaint != nil {
            continueSlicedRepaint()
        } else if wake.stepDue, listAfterSlicedRepaint != nil {
            paintListThatWaited()
        } else if wake.stepDue {
            refineDeferredSprites()
        }
        requestRefinementStep()
    }

}
