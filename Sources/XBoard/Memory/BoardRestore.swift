/// Where each photo lies when it opens: as the board remembers it — rescaled to the size
/// pictures are laid out at now, scale within the limits, wherever on the board it lies (in view
/// or not) — or tossed anew in the part of the board shown; where it goes in the stack; and what
/// the window shows (`initialView`): the part of the board shown when it was saved, whole and
/// centred, whatever the window's size. The placement arithmetic of restoring a board, pure.
public struct BoardRestore: Sendable {
    /// What the board remembers (as read and checked, `BoardFile`).
    public var memory: BoardMemory
    /// The layout fresh photos are tossed in, laid out on the size of the part of the board
    /// shown when the board opens (board points).
    public let layout: TossedLayout
    /// Where the layout's top-left corner lies on the board: the corner of the part shown.
    public let layoutOrigin: Point
    public let settings: MotionSettings
    /// The first stacking key of fresh photos: above everything remembered, so photos the board
    /// has not seen before lie on top, in the order they are listed.
    public let freshStackBase: Double

    public init(memory: BoardMemory, layout: TossedLayout, layoutOrigin: Point = .zero, settings: MotionSettings = MotionSettings()) {
        self.memory = memory
        self.layout = layout
        self.layoutOrigin = layoutOrigin
        self.settings = settings
        freshStackBase = (memory.highestStack ?? -1) + 1
    }

    /// The view a window of `windowSize` opens `memory` with: the board rectangle it remembers
    /// showing (`BoardMemory.shownRect`) whole and centred — the same part of the board on any
    /// window. A memory that knows neither a view nor its table's size opens at the identity
    /// view (board points are window pixels).
    public static func initialView(of memory: BoardMemory, windowSize: Size) -> BoardView {
        guard let shown = memory.shownRect, !shown.isEmpty, windowSize.width > 0, windowSize.height > 0 else { return .identity }
        return BoardView.fitting(shown, in: windowSize)
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
    /// memory, if any) places it: where it was on the board, even out of the part shown (the
    /// view, not the placements, carries a window of another size).
    public func arrival(index: Int, id: PhotoID, pixelSize: Size, remembered: PhotoMemory?) -> Arrival {
        var tossed = layout.photo(at: index, id: id, pixelSize: pixelSize)
        if layoutOrigin != .zero {
            tossed.photoToBoard = tossed.photoToBoard.withCenter(tossed.photoToBoard.center + layoutOrigin)
            tossed.initialPhotoToBoard = tossed.photoToBoard
        }
        // The edits are remembered apart from the placement: a print laid out anew keeps them.
        if let remembered { tossed.edits = remembered.edits }
        let fresh = Arrival(photo: tossed, stack: freshStackBase + Double(index), isRestored: false)
        guard let remembered, !remembered.isUnplaced, remembered.baseLongEdge > 0, tossed.pictureSize.longEdge > 0 else { return fresh }
        // Keep the print's size on the board: rescale to the picture size used now (the whole
        // picture's, so a crop refused or changed by hand leaves the picture at its scale).
        let ratio = remembered.baseLongEdge / tossed.pictureSize.longEdge
        func fitted(_ placement: AffineTransform) -> AffineTransform {
            let scale = tossed.clampScale(placement.scale * ratio, settings: settings)
            // Nothing to fit (the ratio of layout sizes may be 1 only to the last digit): the
            // stored numbers come back bit for bit. Rebuilding the transform from its scale and
            // angle would change the last digits, and a save would rewrite photos nobody moved.
            if abs(scale - placement.scale) <= placement.scale * 1e-12 { return placement }
            return AffineTransform(center: placement.center, scale: scale, rotation: placement.rotation)
        }
        var photo = tossed
        photo.photoToBoard = fitted(remembered.placement)
        photo.initialPhotoToBoard = fitted(remembered.initialPlacement)
        guard ratio.isFinite, photo.photoToBoard.inverted() != nil, photo.initialPhotoToBoard.inverted() != nil else { return fresh }
        return Arrival(photo: photo, stack: remembered.stack, isRestored: true)
    }

    /// `arrival` put where its drop lays it out (`DropLayout`: at the size a layout of the whole
    /// board gives, fully inside the part shown), first laid out there, and stacked above
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
