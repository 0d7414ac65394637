/// What a frame repaints, layer by layer, once prints above have hidden what lies under them:
/// where the table is filled, and the part of each print drawn. Pure geometry, tested without
/// pixels.
///
/// A print's opaque part (`PrintItem.directRegion`: bands of rows for a turned print) hides the
/// table and every print under it, so dragging a close-up that fills the window repaints the
/// pixels it uncovers and itself, not everything beneath it too. Only large prints count as
/// hiding (small ones would cut the region into many small rectangles for little gain).
///
/// Asked for (`drawingDirect`), the plan also names the part of the topmost print that may go
/// straight into the window (`direct`): the inside of a large opaque print with nothing above
/// it, which then is not drawn into the back buffer at all — a close-up that is dragged or
/// turned is written once per frame, not drawn into the back buffer and copied again.
public struct PaintPlan: Hashable, Sendable {
    /// Where the table shows in the damage and is filled.
    public var background: [Rect]
    /// For each print drawn (by its index in the list's items, bottom to top): the part of the
    /// damage it is drawn into (in the back buffer).
    public var prints: [Layer]
    /// The part of the topmost print to draw straight into the window, where it is opaque and
    /// no overlay lies over it; `nil` when nothing is drawn that way. Its own layer in `prints`
    /// leaves that part out.
    public var direct: Layer? = nil

    public struct Layer: Hashable, Sendable {
        public var itemIndex: Int
        public var clip: [Rect]
    }

    /// Prints whose opaque part is smaller than this hide nothing, in square board points.
    public static let minimumOccluderArea = 128.0 * 128.0
    /// At most this many prints hide what lies under them (the largest).
    public static let maximumOccluders = 8
    /// The topmost print goes straight into the window only when its opaque part is at least
    /// this large, in square board points (below it the extra request gains little).
    public static let minimumDirectArea = 256.0 * 256.0
    /// What goes straight into the window, and what its layer keeps, have at most this many
    /// rectangles each (a turned print's inside is a band of rows per rectangle).
    public static let maximumDirectRectangles = 512
}

extension DisplayList {
    /// The plan for repainting `damage` (whole-pixel rectangles): each print is drawn only
    /// where it meets the damage and no large opaque print above it covers it; with
    /// `drawingDirect`, the topmost print's opaque inside is planned for the window (`direct`).
    public func paintPlan(for damage: [Rect], drawingDirect: Bool = false) -> PaintPlan {
        // One pass over the prints: those that meet the damage, where, and the opaque
        // rectangles among them that hide what lies under them, with their place in the stack.
        let reach = RectRegion.bounds(of: damage)
        let rows = DamageRows(damage)
        var touching: [(stack: Int, index: Int, touched: [Rect])] = []
        var occluders: [(stack: Int, region: [Rect], area: Double)] = []
        var stack = 0, top: Int?
        for index in items.indices {
            // By index, not by an iterator handing each item over as a copy.
            guard case .print(let print) = items[index] else { continue }
            defer { stack += 1 }
            top = index
            let extent = print.boardExtent.integral
            guard let reach, extent.intersects(reach) else { continue }
            let touched = rows.intersections(with: extent)
            guard !touched.isEmpty else { continue }
            touching.append((stack, index, touched))
            guard let opaque = print.opaqueBounds, opaque.size.area >= PaintPlan.minimumOccluderArea else { continue }
            // Where it hides what is under it however it is drawn: a turned print's inside is
            // bands of rows, much more than the upright rectangle inside it. It lies within the
            // extent, so the damage it meets is the damage the extent met.
            let region = print.directRegion
            if touched.contains(where: { rect in region.contains { $0.intersects(rect) } }) {
                occluders.append((stack, region, RectRegion.area(of: region)))
            }
        }
        occluders = Array(occluders.sorted { $0.area > $1.area }.prefix(PaintPlan.maximumOccluders))
        func visible(_ region: [Rect], under stack: Int) -> [Rect] {
            var region = region
            for occluder in occluders where occluder.stack > stack {
                for rect in occluder.region {
                    guard region.count < PaintPlan.maximumDirectRectangles else { return region }
                    region = RectRegion.subtracting(rect, from: region)
                }
            }
            return region
        }
        var layers: [PaintPlan.Layer] = []
        for print in touching {
            let clip = visible(print.touched, under: print.stack)
            if !clip.isEmpty { layers.append(PaintPlan.Layer(itemIndex: print.index, clip: clip)) }
        }
        var plan = PaintPlan(background: visible(damage, under: -1), prints: layers)
        if drawingDirect, let top { plan.planDirect(of: top, in: self, damage: damage) }
        return plan
    }
}

extension PaintPlan {
    /// Moves the opaque inside of the print at `index` (the topmost), less every overlay's
    /// extent, from its layer to `direct` — when that part is large and the cut stays simple.
    fileprivate mutating func planDirect(of index: Int, in list: DisplayList, damage: [Rect]) {
        guard case .print(let print) = list.items[index], let layer = prints.lastIndex(where: { $0.itemIndex == index }) else { return }
        let opaque = print.directRegion
        guard RectRegion.area(of: opaque) >= Self.minimumDirectArea else { return }
        var region = RectRegion.intersecting(damage, with: opaque)
        for item in list.overlays {
            region = RectRegion.subtracting(OverlayGeometry.extent(of: item, in: list.size, scale: list.uiScale), from: region)
        }
        guard !region.isEmpty, region.count <= Self.maximumDirectRectangles else { return }
        var rest = prints[layer].clip
        for rect in region {
            rest = RectRegion.subtracting(rect, from: rest)
            guard rest.count <= Self.maximumDirectRectangles else { return }
        }
        if rest.isEmpty { prints.remove(at: layer) } else { prints[layer].clip = rest }
        direct = Layer(itemIndex: index, clip: region)
    }
}

/// The damage's rectangles found by the rows of the board they cross, so that each print is met
/// only with the damage near it: a drop of thousands damages hundreds of runs of tiles, and
/// every one of ten thousand prints met every one of them (17 ms of one turn).
struct DamageRows {
    /// Rows this many board points tall.
    static let rowHeight = 64.0
    /// Damage of at most this many rectangles is met whole with each print.
    static let fewRectangles = 16

    private let rects: [Rect]
    private let top: Double
    /// For each row, the indices of the rectangles crossing it, ascending.
    private var rows: [[Int32]] = []

    init(_ rects: [Rect]) {
        self.rects = rects
        guard rects.count > Self.fewRectangles, let bounds = RectRegion.bounds(of: rects), bounds.size.height.isFinite,
            bounds.size.height / Self.rowHeight < 65_536
        else {
            top = 0
            return
        }
        top = bounds.minY
        rows = Array(repeating: [], count: max(1, Int((bounds.size.height / Self.rowHeight).rounded(.up))))
        for (index, rect) in rects.enumerated() where rect.size.width > 0 && rect.size.height > 0 {
            for row in rowRange(of: rect) { rows[row].append(Int32(index)) }
        }
    }

    /// The rows `rect` crosses (its bottom edge belongs to the row below only when it passes into it).
    private func rowRange(of rect: Rect) -> ClosedRange<Int> {
        let last = rows.count - 1
        let first = min(max(Int(((rect.minY - top) / Self.rowHeight).rounded(.down)), 0), last)
        let end = min(max(Int(((rect.maxY - top) / Self.rowHeight).rounded(.up)) - 1, first), last)
        return first...end
    }

    /// Where the damage meets `extent`: the overlaps, in the damage's own order, each once.
    func intersections(with extent: Rect) -> [Rect] {
        guard !rows.isEmpty else { return rects.compactMap { $0.intersection(extent) } }
        // Nothing is made for a print the damage does not meet (most of ten thousand): the
        // overlaps are gathered as they are found, and only several are sorted and made unique
        // (a rectangle crossing rows the print crosses is met in each).
        var hits: [(index: Int32, overlap: Rect)] = []
        for row in rowRange(of: extent) {
            for index in rows[row] {
                if let overlap = rects[Int(index)].intersection(extent) { hits.append((index, overlap)) }
            }
        }
        guard hits.count > 1 else { return hits.map(\.overlap) }
        hits.sort { $0.index < $1.index }
        var overlaps: [Rect] = []
        var last: Int32 = -1
        for hit in hits where hit.index != last {
            last = hit.index
            overlaps.append(hit.overlap)
        }
        return overlaps
    }
}
