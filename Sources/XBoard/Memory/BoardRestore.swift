/// Where each photo lies when it opens: as the board remembers it — rescaled to the size
/// pictures are laid out at now, the whole arrangement fitted to the window's size when it was
/// remembered on a window of another size, centred inside the board, scale within the limits — or tossed
/// anew; and where it goes in the stack. The placement arithmetic of restoring a board, pure.
public struct BoardRestore: Sendable {
    /// What the board remembers (as read and checked, `BoardFile`).
    public var memory: BoardMemory
    /// The layout fresh photos are tossed in.
    public let layout: TossedLayout
    public let settings: MotionSettings
    /// The first stacking key of fresh photos: above everything remembered, so photos the board
    /// has not seen before lie on top, in the order they are listed.
    public let freshStackBase: Double

    public init(memory: BoardMemory, layout: TossedLayout, settings: MotionSettings = MotionSettings()) {
        self.memory = memory
        self.layout = layout
        self.settings = settings
        freshStackBase = (memory.highestStack ?? -1) + 1
    }

    /// A photo as it opens.
    public struct Arrival: Hashable, Sendable {
        public var photo: Photo
        /// Its stacking key: it goes above every photo with a lower one.
        public var stack: Double
        /// Whether it lies where the memory says (false: tossed anew).
        public var isRestored: Bool
    }

    /// The photo at `index` of the layout, with native size `pixelSize`, as `remembered` (its
    /// memory, if any) places it on a board of `boardSize`.
    public func arrival(index: Int, id: PhotoID, pixelSize: Size, remembered: PhotoMemory?, boardSize: Size) -> Arrival {
        let tossed = layout.photo(at: index, id: id, pixelSize: pixelSize)
        let fresh = Arrival(photo: tossed, stack: freshStackBase + Double(index), isRestored: false)
        guard let remembered, !remembered.isUnplaced, remembered.baseLongEdge > 0, tossed.size.longEdge > 0 else { return fresh }
        // Keep the print's size on screen: rescale to the picture size used now.
        let ratio = remembered.baseLongEdge / tossed.size.longEdge
        let bounds = Rect(origin: .zero, size: boardSize)
        let resized = BoardMemory.fitting(from: memory.boardSize, to: boardSize)
        func fitted(_ stored: AffineTransform) -> AffineTransform {
            // Remembered on a window of another size (another screen, another dpi): the table is
            // the window, so the arrangement scales with it, as a whole, centred.
            let placement = resized.map { BoardMemory.placement(stored, fittedBy: $0) } ?? stored
            let center = bounds.clamp(placement.center)
            let scale = tossed.clampScale(placement.scale * ratio, settings: settings)
            // Nothing to fit (the ratio of layout sizes may be 1 only to the last digit): the
            // stored numbers come back bit for bit. Rebuilding the transform from its scale and
            // angle would change the last digits, and a save would rewrite photos nobody moved.
            if center == placement.center && abs(scale - placement.scale) <= placement.scale * 1e-12 { return placement }
            return AffineTransform(center: center, scale: scale, rotation: placement.rotation)
        }
        var photo = tossed
        photo.photoToBoard = fitted(remembered.placement)
        photo.initialPhotoToBoard = fitted(remembered.initialPlacement)
        guard ratio.isFinite, photo.photoToBoard.inverted() != nil, photo.initialPhotoToBoard.inverted() != nil else { return fresh }
        return Arrival(photo: photo, stack: remembered.stack, isRestored: true)
    }

    /// `arrival` put where its drop lays it out (`DropLayout`: at the size a layout of the whole
    /// board gives, fully inside the window), first laid out there, and stacked above
    /// `highestStack` (the top of the board now) by its place in the drop, so a drop of several
    /// lands in order on top.
    public func dropped(_ arrival: Arrival, into drop: DropLayout, at index: Int, above highestStack: Double?) -> Arrival {
        let photo = drop.photo(at: index, id: arrival.photo.id, pixelSize: arrival.photo.pixelSize)
        return Arrival(photo: photo, stack: Self.stack(above: highestStack) + Double(index), isRestored: false)
    }

    /// A stacking key above `highest` (anything when there is none).
    public static func stack(above highest: Double?) -> Double {
        (highest.map { $0.rounded(.down) } ?? -1) + 1
    }
}
