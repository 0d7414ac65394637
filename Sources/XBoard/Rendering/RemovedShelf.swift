/// The removed photos list: the photos taken off the board, shown along the bottom edge as
/// thumbnails with their names; tapping one puts it back (`ShelfLayer`).
///
/// Laid out here, in board points, from `OverlayGeometry`; the painter draws exactly these
/// frames and hit testing uses them, so what is touched is what is shown.
public struct RemovedShelf: Hashable, Sendable {
    /// One photo in the list.
    public struct Slot: Hashable, Sendable {
        public var photo: PhotoID
        /// The thumbnail's box.
        public var frame: Rect
        /// The picture fitted into the box, keeping its shape.
        public var pictureFrame: Rect
        /// Its name, shortened to fit.
        public var label: String
        /// Where a touch picks it: the box and the name under it.
        public var touchFrame: Rect
        /// Its print's flips and black and white: the thumbnail shows the print as it was.
        public var edits = PrintEdits.none
    }

    /// A photo waiting off the board, as the list needs it.
    public struct Entry: Hashable, Sendable {
        public var photo: PhotoID
        /// The picture's shape (any size).
        public var pictureSize: Size
        public var name: String
        /// How its print showed its picture (flipped, black and white).
        public var edits: PrintEdits

        public init(photo: PhotoID, pictureSize: Size, name: String, edits: PrintEdits = .none) {
            self.photo = photo
            self.pictureSize = pictureSize
            self.name = name
            self.edits = edits
        }
    }

    /// The whole band.
    public var band: Rect
    public var title: String
    public var slots: [Slot]
    /// Photos that did not fit (said in the title).
    public var hiddenCount: Int

    /// The list for `entries` (most recently removed first) in a window of `size`,
    /// `bottomInset` above its bottom edge.
    public init(entries: [Entry], in size: Size, scale: Double, bottomInset: Double = 0) {
        let band = OverlayGeometry.shelfBand(in: size, scale: scale, bottomInset: bottomInset)
        self.band = band
        let capacity = OverlayGeometry.shelfCapacity(of: band, scale: scale)
        slots = entries.prefix(capacity).enumerated().map { index, entry in
            let frame = OverlayGeometry.shelfSlot(index, in: band, scale: scale)
            let labelRoom = (OverlayGeometry.shelfLabelBaseline + 6) * scale
            var edits = entry.edits
            edits.opacity = 1  // the list's thumbnails are for finding the photo: whole
            return Slot(
                photo: entry.photo, frame: frame, pictureFrame: Self.fit(entry.pictureSize, in: frame),
                label: Self.shortened(entry.name, to: OverlayGeometry.shelfLabelLength),
                touchFrame: Rect(origin: frame.origin, size: Size(width: frame.size.width, height: frame.size.height + labelRoom)),
                edits: edits)
        }
        hiddenCount = entries.count - slots.count
        if entries.isEmpty {
            title = "No photos are off the board    (tap here, Removed photos or r closes this)"
        } else {
            let more = hiddenCount > 0 ? " (\(hiddenCount) more appear as you put these back)" : ""
            title = "Taken off the board: tap one to put it back\(more)    (Removed photos or r closes this)"
        }
    }

    /// The photo whose slot (thumbnail or name) is at `point`, if any.
    public func photo(at point: Point) -> PhotoID? {
        guard point.isFinite else { return nil }
        return slots.first { $0.touchFrame.contains(point) }?.photo
    }

    /// Whether `point` is on the list at all (touches there never reach the photos under it).
    public func contains(_ point: Point) -> Bool { point.isFinite && band.contains(point) }

    /// `size` scaled to fit `box`, centred in it.
    static func fit(_ size: Size, in box: Rect) -> Rect {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return box }
        let factor = min(box.size.width / size.width, box.size.height / size.height)
        let fitted = size * factor
        return Rect(
            x: box.center.x - fitted.width / 2, y: box.center.y - fitted.height / 2, width: fitted.width, height: fitted.height)
    }

    /// `name` at most `limit` characters long, its middle replaced by "…" when longer.
    static func shortened(_ name: String, to limit: Int) -> String {
        guard name.count > limit, limit > 1 else { return name }
        let head = (limit - 1) / 2 + (limit - 1) % 2, tail = (limit - 1) / 2
        return String(name.prefix(head)) + "…" + String(name.suffix(tail))
    }
}
