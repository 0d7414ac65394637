internal import CX11
import XBoard

/// Sharp sprites for prints at rest, rendered a band at a time between frames while the board
/// is quiet, so that neither the print let go nor the next touch waits for one whole.
///
/// A print coming to rest with a draft sprite is drawn from the draft (`drawing(for:visible:)`
/// records it here). While no print moves, each step renders a band of its sharp sprite
/// (`RefinementSettings.bandArea` pixels, a few milliseconds of a software server) into a sprite
/// not yet shown, and asks the window to come back for the next (`FramePresenter.requestStep`,
/// which returns through the loop as an exposure, to `present()`). Once the sprite is whole it
/// replaces the draft and the print is drawn again from it. A print that moves again before
/// then, or changes, drops its half-made sprite; a touch landing meanwhile waits for one band.
extension CairoPainter {
    /// Tunables of deferred sharp rendering.
    struct RefinementSettings {
        /// Sprite pixels rendered per step: pixman draws a turned print's sprite at roughly
        /// 35 ns a pixel on the benchmark machine, so about 5 ms a step.
        var bandArea = 160_000.0
    }

    /// A sharp sprite being rendered, band by band: its rows from the top done so far.
    struct Refinement {
        var photo: PhotoID
        var sprite: PrintSprite
        var rowsDone: Int
    }

    /// Notes that `id` is drawn at rest from a draft: its sharp sprite is owed.
    func deferSharpSprite(of id: PhotoID) {
        deferredSharpSprites.insert(id)
    }

    /// Whether anything is owed: a sharp sprite deferred or half made.
    var isRefining: Bool { !deferredSharpSprites.isEmpty || refinement != nil }

    /// Forgets what is owed to prints of `list` that move again or are gone, and drops a
    /// half-made sprite that no longer fits its print.
    func forgetDeferredSprites(notRestingIn list: DisplayList) {
        guard isRefining else { return }
        var resting: [PhotoID: PrintItem] = [:]
        for case .print(let print) in list.items where !print.isMoving && isOwed(print.photo) { resting[print.photo] = print }
        deferredSharpSprites = deferredSharpSprites.filter { resting[$0] != nil }
        if let job = refinement, !fits(job, resting[job.photo], visible: Rect(origin: .zero, size: list.size)) {
            cairo_surface_destroy(job.sprite.surface)
            refinement = nil
        }
    }

    private func isOwed(_ id: PhotoID) -> Bool { deferredSharpSprites.contains(id) || refinement?.photo == id }

    /// Whether the half-made sprite is still the one `print` (at rest) needs.
    private func fits(_ job: Refinement, _ print: PrintItem?, visible: Rect) -> Bool {
        guard let print, PrintSprite.Key(print) == job.sprite.key else { return false }
        return spriteCoverage(of: print, visible: visible)?.covered == job.sprite.covered
    }

    /// Whether no print of `list` is moving: the only time sharp sprites are rendered.
    static func isQuiet(_ list: DisplayList) -> Bool {
        !list.items.contains { item in
            if case .print(let print) = item { return print.isMoving }
            return false
        }
    }

    /// Renders the next band of sharp sprites owed to prints at rest in the list last painted,
    /// puts each one finished in place and shows its print drawn from it.
    func refineDeferredSprites() {
        guard slicedRepaint == nil, let list = paintedList, Self.isQuiet(list) else { return }
        forgetDeferredSprites(notRestingIn: list)
        let frame = Rect(origin: .zero, size: list.size)
        var budget = refinementSettings.bandArea
        var finished: [PrintItem] = []
        while budget > 0 {
            guard var job = refinement ?? startRefinement(in: list, visible: frame) else { break }
            guard case .print(let print)? = list.items.first(where: { $0.photo == job.photo }) else {
                cairo_surface_destroy(job.sprite.surface)
                refinement = nil
                continue
            }
            let height = Int(job.sprite.covered.size.height), width = max(1, job.sprite.covered.size.width)
            let rows = job.rowsDone..<min(height, job.rowsDone + max(1, Int(budget / width)))
            drawSprite(job.sprite, of: print, rows: rows)
            budget -= Double(rows.count) * width
            job.rowsDone = rows.upperBound
            statistics.refinementBands += 1
            guard job.rowsDone >= height else {
                refinement = job
                continue
            }
            dropSprite(of: job.photo)
            sprites[job.photo] = job.sprite
            deferredSharpSprites.remove(job.photo)
            refinement = nil
            statistics.spritesRendered += 1
            finished.append(print)
        }
        if !finished.isEmpty {
            let damage = finished.compactMap { $0.boardExtent.integral.intersection(frame) }
            draw(list, damage: damage, previous: nil, atVerticalBlank: false)
        }
    }

    /// Starts the sharp sprite of the topmost print owed one, or `nil` when none is.
    private func startRefinement(in list: DisplayList, visible: Rect) -> Refinement? {
        while !deferredSharpSprites.isEmpty {
            guard
                let print = list.items.reversed().lazy.compactMap({ item -> PrintItem? in
                    guard case .print(let print) = item, self.deferredSharpSprites.contains(print.photo) else { return nil }
                    return print
                }).first
            else {
                deferredSharpSprites.removeAll()
                return nil
            }
            guard let sprite = makeSprite(print, visible: visible, isDraft: false) else {
                deferredSharpSprites.remove(print.photo)  // it stays a draft: no room for a sharp one
                continue
            }
            refinement = Refinement(photo: print.photo, sprite: sprite, rowsDone: 0)
            return refinement
        }
        return nil
    }

    /// Asks the window to come back for the next step, while the board is quiet and something is owed.
    func requestRefinementStep() {
        guard isRefining, slicedRepaint == nil, let paintedList, Self.isQuiet(paintedList) else { return }
        window.presenter.requestStep()
    }
}

extension DisplayItem {
    /// The photo a print shows; `nil` for other items.
    fileprivate var photo: PhotoID? {
        if case .print(let print) = self { return print.photo }
        return nil
    }
}
