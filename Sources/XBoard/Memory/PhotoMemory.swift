import SystemPackage

/// What a board remembers of one photo: where it lay, how it was stacked, whether it was taken
/// off the board, and when that last changed. Kept by the photo (its path, and its fingerprint
/// to recognise it renamed), not by the set of photos it was opened with.
public struct PhotoMemory: Hashable, Sendable {
    /// The file: absolute with links resolved (`realpath`) while in memory; relative to the
    /// document in a board document. Kept as a `PathKey`, which memory is looked up by.
    public var key: PathKey
    public var path: FilePath {
        get { key.path }
        set { key = PathKey(newValue) }
    }
    /// What the file held, when known (memory carried over from old layouts has none until the
    /// photo opens again).
    public var fingerprint: PhotoFingerprint?
    /// The picture's long edge at scale 1 when remembered, in board points: placements keep
    /// their size on screen when the next board lays pictures out at another size.
    public var baseLongEdge: Double
    /// `photoToBoard` when remembered.
    public var placement: AffineTransform
    /// The first layout's placement (triple tap returns there).
    public var initialPlacement: AffineTransform
    /// Stacking: a photo with a higher key lies above one with a lower key. Only the order of
    /// keys means anything (see `StackOrder`).
    public var stack: Double
    /// Taken off the board by the user (never off the disk).
    public var isRemoved: Bool
    /// Dropped onto the board: it opens with the board although the board's own paths do not
    /// list it.
    public var isAdded: Bool
    /// When this entry last changed, in seconds since 1970; the latest change of a photo wins
    /// when two windows save the same board.
    public var changed: Double
    /// Its remembered numbers were refused (`MemoryLimits`): it is laid out anew when it opens,
    /// and its other facts (removed, added, stacking) still hold.
    public var isUnplaced = false
    /// How the print showed its picture (flipped, black and white, see-through).
    public var edits = PrintEdits.none

    public init(
        path: FilePath, fingerprint: PhotoFingerprint? = nil, baseLongEdge: Double, placement: AffineTransform,
        initialPlacement: AffineTransform, stack: Double, isRemoved: Bool = false, isAdded: Bool = false, changed: Double = 0
    ) {
        self.key = PathKey(path)
        self.fingerprint = fingerprint
        self.baseLongEdge = baseLongEdge
        self.placement = placement
        self.initialPlacement = initialPlacement
        self.stack = stack
        self.isRemoved = isRemoved
        self.isAdded = isAdded
        self.changed = changed
    }

    /// The memory of `photo` as it lies now, for the file at `path`.
    public init(_ photo: Photo, key: PathKey, fingerprint: PhotoFingerprint?, stack: Double, isRemoved: Bool, isAdded: Bool) {
        self.key = key
        self.fingerprint = fingerprint
        baseLongEdge = photo.pictureSize.longEdge  // the whole picture's, however it is cropped
        placement = photo.photoToBoard
        initialPlacement = photo.initialPhotoToBoard
        self.stack = stack
        self.isRemoved = isRemoved
        self.isAdded = isAdded
        changed = 0
        edits = photo.edits
    }

    /// Whether the two say the same about where, whether and how the photo lies (stack keys,
    /// fingerprints and times aside): what decides that a window changed a photo.
    public func arrangesAlike(_ other: PhotoMemory) -> Bool {
        baseLongEdge == other.baseLongEdge && placement == other.placement && initialPlacement == other.initialPlacement
            && isRemoved == other.isRemoved && isAdded == other.isAdded && edits == other.edits
    }
}
