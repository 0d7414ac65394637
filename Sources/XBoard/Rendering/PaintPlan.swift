/// What a frame repaints, layer by layer, once prints above have hidden what lies under them:
/// where the table is filled, and the part of each print drawn. Pure geometry, tested without
/// pixels.
///
/// A print's opaque part (`PrintItem.opaqueBounds`) hides the table and every print under it,
/// so dragging a close-up that fills the window repaints the pixels it uncovers and itself,
/// not everything beneath it too. Only large prints count as hiding (small ones would cut the
/// region into many small rectangles for little gain).
public struct PaintPlan: Hashable, Sendable {
    /// Where the table shows in the damage and is filled.
    public var background: [Rect]
    /// For each print drawn (by its index in the list's items, bottom to top): the part of the
    /// damage it is drawn into.
    public var prints: [Layer]

    public struct Layer: Hashable, Sendable {
        public var itemIndex: Int
        public var clip: [Rect]
    }

    /// Prints whose opaque part is smaller than this hide nothing, in square board points.
    public static let minimumOccluderArea = 128.0 * 128.0
    /// At most this many prints hide what lies under them (the largest).
    public static let maximumOccluders = 8
    /// A layer's clip is cut by further prints only while it has fewer rectangles than this.
    public static let maximumClipRectangles = 48
}

extension DisplayList {
    /// The plan for repainting `damage` (whole-pixel rectangles): each print is drawn only
    /// where it meets the damage and no large opaque print above it covers it.
    public func paintPlan(for damage: [Rect]) -> PaintPlan {
        var printIndices: [Int] = []
        for (index, item) in items.enumerated() {
            if case .print = item { printIndices.append(index) }
        }
        // The largest opaque rectangles that meet the damage, with their place in the stack.
        var occluders: [(stack: Int, rect: Rect)] = []
        for (stack, index) in printIndices.enumerated() {
            guard case .print(let print) = items[index], let opaque = print.opaqueBounds,
                opaque.size.area >= PaintPlan.minimumOccluderArea, damage.contains(where: { $0.intersects(opaque) })
            else { continue }
            occluders.append((stack, opaque))
        }
        occluders = Array(occluders.sorted { $0.rect.size.area > $1.rect.size.area }.prefix(PaintPlan.maximumOccluders))
        func visible(_ region: [Rect], under stack: Int) -> [Rect] {
            var region = region
            for occluder in occluders where occluder.stack > stack {
                guard region.count < PaintPlan.maximumClipRectangles else { break }
                region = RectRegion.subtracting(occluder.rect, from: region)
            }
            return region
        }
        var layers: [PaintPlan.Layer] = []
        for (stack, index) in printIndices.enumerated() {
            guard case .print(let print) = items[index] else { continue }
            let extent = print.boardExtent.integral
            let touched = damage.compactMap { $0.intersection(extent) }
            guard !touched.isEmpty else { continue }
            let clip = visible(touched, under: stack)
            if !clip.isEmpty { layers.append(PaintPlan.Layer(itemIndex: index, clip: clip)) }
        }
        return PaintPlan(background: visible(damage, under: -1), prints: layers)
    }
}
