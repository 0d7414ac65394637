internal import CX11
import XBoard

/// Repaints that draw thousands of prints — a board of ten thousand opening, tidied, or a drop
/// of thousands landing — are drawn into the back buffer a slice of the stack at a time, a few
/// milliseconds a turn of the loop, and shown only when whole. The window keeps the last frame
/// meanwhile; touches, drops and saves are answered between slices instead of after the whole
/// repaint (ten thousand prints are most of a second of cairo and the X server in software).
///
/// Each slice asks the window to come back for the next (`FramePresenter.requestStep`, which the
/// server answers once it has drawn what came before, so slices never run ahead of it). A list
/// painted meanwhile waits: once the repaint shows, what changed since its list is painted.
extension CairoPainter {
    /// Tunables of sliced repaints.
    struct SliceSettings {
        /// A repaint is sliced when it draws more prints than this (a drag over a crowded board
        /// draws a few dozen; a frame of prints at rest each copied at whole pixels costs a few
        /// microseconds apiece, their first sprites much more).
        var minimumPrints = 300
        /// Drawing per slice: the rest of a turn is the loop's.
        var budget: Duration = .milliseconds(3)
        /// The server's drawing per slice. The server draws in software and takes many times the
        /// loop's time for the same prints: slices sized by the loop's time alone filled the
        /// connection, and the loop waited in Xlib for the server to read (60 ms turns).
        var serverBudget: Duration = .milliseconds(8)
        /// The fewest and most prints a slice draws.
        var printsPerSlice = 16...4000
    }

    /// A repaint being drawn into the back buffer: the list, its plan and damage, and the layers
    /// drawn so far.
    struct SlicedRepaint {
        var list: DisplayList
        var plan: PaintPlan
        var damage: [Rect]
        var layersDone = 0
        /// Prints drawn by the last slice (whose step the next slice waits for).
        var lastSlice = 0
    }

    /// Whether a repaint is being drawn a slice at a time (the window shows the frame before it).
    public var isRepaintingInSlices: Bool { slicedRepaint != nil }

    /// Starts drawing `damage` of `list` in slices when it draws many prints (and the first
    /// slice); returns whether it did. Moves and drawing straight into the window are for a few
    /// prints in the hands, not for repaints this large: all of it goes through the back buffer.
    /// `planned` is the plan for `damage` the frame would draw in one go (it may draw the top
    /// print straight into the window; slices never do).
    func startSlicedRepaint(of list: DisplayList, damage: [Rect], plan planned: PaintPlan) -> Bool {
        let frame = Rect(origin: .zero, size: list.size)
        let isLarge = RectRegion.area(of: damage) * 4 >= frame.size.area
        var plan = planned
        // Many prints over much of the window, or more than the server draws in two slices or
        // the loop asks for in one anywhere (pictures arriving among thousands draw every print
        // under them).
        let loopTime = loopTimePerPrint * plan.prints.count
        guard plan.prints.count > sliceSettings.minimumPrints,
            isLarge || plan.prints.count > 2 * slicePrints || loopTime > sliceSettings.budget / 2
        else { return false }
        if plan.direct != nil { plan = list.paintPlan(for: damage) }
        // What was drawn only into the window is drawn into the back buffer first (from this
        // list, which is the last one where the repaint does not reach).
        bringBackBufferUpToDate()
        shownTop = nil
        slicedRepaint = SlicedRepaint(list: list, plan: plan, damage: damage)
        // The first slice in a turn of its own: this one worked out the damage and the plan.
        window.presenter.requestStep()
        return true
    }

    /// Draws the next slice of the repaint; once all of it is drawn, shows it and paints the
    /// list that waited, if one did.
    func continueSlicedRepaint() {
        guard var job = slicedRepaint, let backSurface else { return }
        let frame = Rect(origin: .zero, size: job.list.size)
        let context = cairo_create(backSurface)
        if job.layersDone == 0 { fillBackground(of: job.list, job.plan, in: context) }
        if job.lastSlice > 0, let roundTrip = window.presenter.lastStepRoundTrip {
            let perPrint = max(roundTrip / job.lastSlice, .microseconds(1))
            let fitting = Int(sliceSettings.serverBudget / perPrint)
            slicePrints = min(max(fitting, sliceSettings.printsPerSlice.lowerBound), sliceSettings.printsPerSlice.upperBound)
        }
        let started = MonotonicClock.now(), first = job.layersDone
        while job.layersDone < job.plan.prints.count {
            let layer = job.plan.prints[job.layersDone]
            if case .print(let print) = job.list.items[layer.itemIndex] { draw(print, clippedTo: layer.clip, visible: frame, in: context) }
            job.layersDone += 1
            if job.layersDone - first >= slicePrints || MonotonicClock.now() - started >= sliceSettings.budget { break }
        }
        job.lastSlice = job.layersDone - first
        if job.lastSlice > 0 { loopTimePerPrint = (MonotonicClock.now() - started) / job.lastSlice }
        statistics.repaintSlices += 1
        let isWhole = job.layersDone >= job.plan.prints.count
        if isWhole { drawOverlays(of: job.list, damage: job.damage, in: context) }
        cairo_destroy(context)
        cairo_surface_flush(backSurface)
        guard isWhole else {
            slicedRepaint = job
            window.presenter.requestStep()
            return
        }
        slicedRepaint = nil
        window.presenter.show(job.damage, from: backPixmap, atVerticalBlank: false)
        statistics.slicedRepaints += 1
        // The list that waited is painted in the next turn (`paintListThatWaited`).
        if listAfterSlicedRepaint != nil { window.presenter.requestStep() }
    }

    /// Paints the list that waited for a repaint drawn in slices, once that repaint shows.
    func paintListThatWaited() {
        guard slicedRepaint == nil, let waiting = listAfterSlicedRepaint else { return }
        listAfterSlicedRepaint = nil
        paint(waiting)
    }

    /// Forgets the repaint under way and the list that waited for it (the window changed size,
    /// or everything is painted afresh).
    func cancelSlicedRepaint() {
        slicedRepaint = nil
        listAfterSlicedRepaint = nil
    }
}
