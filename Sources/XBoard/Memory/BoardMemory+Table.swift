/// The table a memory was saved on: the window's size. A memory with a view (`view`) keeps its
/// placements in board points, the same on any window: the view carries a fullscreen, a resized
/// window or another screen. A memory saved before views had the window for its table, and its
/// placements are in that table's points: when a save without a view comes from a table of
/// another size, every place it keeps is brought onto the new table first, as opening the board
/// there used to place it.
extension BoardMemory {
    /// Whether this memory was saved on a table of `size` (to half a point): a save from a table
    /// of another size is a change worth writing, even when no photo moved.
    public func isSaved(onTableOf size: Size) -> Bool {
        boardSize != nil && Self.fitting(from: boardSize, to: size) == nil
    }

    /// The transform that fits a table of `old` size into one of `new` size, whole and centred
    /// (the smaller of the two ratios), or `nil` when the sizes are the same (to half a point)
    /// or one is unknown.
    public static func fitting(from old: Size?, to new: Size) -> AffineTransform? {
        guard let old, old.width > 0, old.height > 0, new.width > 0, new.height > 0,
            abs(old.width - new.width) > 0.5 || abs(old.height - new.height) > 0.5
        else { return nil }
        let scale = min(new.width / old.width, new.height / old.height)
        let offset = Point(x: (new.width - old.width * scale) / 2, y: (new.height - old.height * scale) / 2)
        return AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: offset.x, ty: offset.y)
    }

    /// `placement` on the table `fitting` (`fitting(from:to:)`) brings it to: its centre moved,
    /// its scale multiplied, its turn kept.
    public static func placement(_ placement: AffineTransform, fittedBy fitting: AffineTransform) -> AffineTransform {
        AffineTransform(center: fitting.apply(to: placement.center), scale: placement.scale * fitting.scale, rotation: placement.rotation)
    }

    /// Records `size` as the table's; a memory without a view also has every place it keeps
    /// brought onto a table of `size`, fitted whole and centred (unclamped). Returns whether the
    /// table changed (a memory of no known size takes `size` without moving anything).
    @discardableResult
    public mutating func moveOntoTable(of size: Size) -> Bool {
        guard !isSaved(onTableOf: size) else { return false }
        if view == nil, let fitting = Self.fitting(from: boardSize, to: size) {
            for var entry in entriesByPath.values where !entry.isUnplaced {
                entry.placement = Self.placement(entry.placement, fittedBy: fitting)
                entry.initialPlacement = Self.placement(entry.initialPlacement, fittedBy: fitting)
                self[entry.key] = entry
            }
        }
        boardSize = size
        return true
    }
}
