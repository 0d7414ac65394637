import Foundation
import SystemPackage

/// The board's own photo picker, made for fingers: a sheet along the bottom with a folder's
/// pictures as a grid of thumbnails, scrolled by dragging with kinetic scrolling; sub-folders
/// as tiles to tap into and a path bar to go back up; photos tapped to select several (a check
/// mark shows; photos already on the board are marked), and an Add button that lays them on
/// the board.
///
/// Pure state: the session feeds it listings and decoded thumbnails and lets time pass
/// (`advance(to:)`, for glides after a fling).
public struct PhotoPicker: Sendable {
    public private(set) var folder: FilePath
    /// The folder's contents, once listed.
    public private(set) var listing: FolderListing?
    /// The pictures chosen, by canonical path, in whichever folders they were chosen.
    public private(set) var selection: Set<PathKey> = []
    /// The pictures chosen, in the order they were chosen: the choices of folders left behind
    /// are Added with the rest (the button counts them all).
    private var chosen: [ListedFile] = []
    /// How far the grid is scrolled, in board points from its top.
    public private(set) var scrollOffset: Double = 0
    /// The fling's speed, in board points a second (positive: the content moves up).
    private var velocity: Double = 0
    private var lastStep: Instant?
    /// The first thumbnail id of the listing (ids go on counting across folders, so a stale
    /// thumbnail is never shown for another picture).
    public private(set) var thumbnailBase = 0
    private var nextThumbnailBase = 0
    /// Thumbnails asked for, ready, or that failed.
    public private(set) var requested: Set<ThumbnailID> = []
    public private(set) var ready: Set<ThumbnailID> = []
    public private(set) var failed: Set<ThumbnailID> = []
    /// The home folder: the path bar starts there ("Home") for folders inside it.
    public let home: FilePath?

    /// How fast a fling slows: its speed falls by e every 1/damping seconds.
    public static let damping = 3.5
    /// A fling slower than this, in points a second, stops.
    public static let stopSpeed = 15.0

    public init(folder: FilePath, home: FilePath?) {
        self.folder = folder
        self.home = home
    }

    // MARK: Folders

    /// Starts showing `folder` (its listing comes later).
    public mutating func open(_ folder: FilePath) {
        self.folder = folder
        listing = nil
        scrollOffset = 0
        velocity = 0
        requested = []
        ready = []
        failed = []
    }

    /// Takes a listing; one of another folder than shown is ignored.
    public mutating func listed(_ listing: FolderListing) {
        guard listing.folder == folder else { return }
        self.listing = listing
        thumbnailBase = nextThumbnailBase
        nextThumbnailBase += listing.pictures.count
    }

    /// The folders of the path bar, from the home folder (or the root) down to the one shown.
    public var crumbs: [(name: String, folder: FilePath)] {
        var crumbs: [(String, FilePath)] = []
        var path = folder
        while true {
            if let home, path == home {
                crumbs.append(("Home", path))
                break
            }
            guard let last = path.lastComponent else {
                crumbs.append(("/", path))
                break
            }
            crumbs.append((PathEscaping.escape(last.bytes), path))
            let parent = path.removingLastComponent()
            if parent == path { break }
            path = parent
        }
        return crumbs.reversed()
    }

    // MARK: Tiles

    /// How many tiles the grid has: sub-folders, then pictures.
    public var tileCount: Int { (listing?.subfolders.count ?? 0) + (listing?.pictures.count ?? 0) }

    /// What tile `index` is.
    public enum Tile: Hashable, Sendable {
        case folder(FilePath)
        case picture(ListedFile, ThumbnailID)
    }

    public func tile(_ index: Int) -> Tile? {
        guard let listing, index >= 0 else { return nil }
        if index < listing.subfolders.count { return .folder(listing.subfolders[index]) }
        let picture = index - listing.subfolders.count
        guard picture < listing.pictures.count else { return nil }
        return .picture(listing.pictures[picture], ThumbnailID(thumbnailBase + picture))
    }

    /// The picture a thumbnail is of, while its folder is shown.
    public func picture(of id: ThumbnailID) -> ListedFile? {
        guard let listing, id.rawValue >= thumbnailBase, id.rawValue - thumbnailBase < listing.pictures.count else { return nil }
        return listing.pictures[id.rawValue - thumbnailBase]
    }

    /// Selects or unselects a picture.
    public mutating func toggle(_ picture: ListedFile) {
        if selection.remove(picture.canonical) == nil {
            select([picture])
        } else {
            chosen.removeAll { $0.canonical == picture.canonical }
        }
    }

    private mutating func select(_ pictures: [ListedFile]) {
        for picture in pictures where selection.insert(picture.canonical).inserted { chosen.append(picture) }
    }

    /// Every picture selected — exactly as many as the Add button counts: those of the folder
    /// shown in the order it lists them, then those chosen in folders left behind, in the order
    /// they were chosen.
    public func selectedFiles() -> [ListedFile] {
        let here = listing?.pictures.filter { selection.contains($0.canonical) } ?? []
        let shown = Set(here.map(\.canonical))
        return here + chosen.filter { !shown.contains($0.canonical) }
    }

    public mutating func clearSelection() {
        selection = []
        chosen = []
    }

    /// The folder's pictures that can be chosen: all but those whose thumbnail could not be made
    /// (no picture the board can open).
    private var choosable: [ListedFile] {
        guard let listing else { return [] }
        return listing.pictures.indices.compactMap { index in
            failed.contains(ThumbnailID(thumbnailBase + index)) ? nil : listing.pictures[index]
        }
    }

    /// Whether every picture of the folder that can be chosen is (and there is one).
    public var isAllSelected: Bool {
        let choosable = choosable
        return !choosable.isEmpty && choosable.allSatisfy { selection.contains($0.canonical) }
    }

    /// Chooses every picture of the folder shown — a folder of thousands is one tap, not
    /// thousands — or, when all are chosen, none of them.
    public mutating func toggleAll() {
        let choosable = choosable
        if isAllSelected {
            let unchosen = Set(choosable.map(\.canonical))
            selection.subtract(unchosen)
            chosen.removeAll { unchosen.contains($0.canonical) }
        } else {
            select(choosable)
        }
    }

    // MARK: Thumbnails

    /// Notes thumbnails asked for.
    public mutating func requested(_ ids: [ThumbnailID]) { requested.formUnion(ids) }

    /// Notes a thumbnail decoded (or not).
    public mutating func thumbnailArrived(_ id: ThumbnailID, isDecoded: Bool) {
        guard picture(of: id) != nil else { return }
        if isDecoded { ready.insert(id) } else { failed.insert(id) }
    }

    /// Forgets thumbnails (their pictures were let go).
    public mutating func forget(_ ids: Set<ThumbnailID>) {
        requested.subtract(ids)
        ready.subtract(ids)
    }

    // MARK: Scrolling

    /// Scrolls by `delta` points (positive: further down the grid), within `maximum`.
    public mutating func scroll(by delta: Double, maximum: Double) {
        scrollOffset = min(max(0, scrollOffset + delta), max(0, maximum))
    }

    /// Stops a fling (a finger caught the grid).
    public mutating func catchFling() {
        velocity = 0
        lastStep = nil
    }

    /// Lets go of the grid at `speed` points a second, at `now`: it glides on, slowing.
    public mutating func fling(speed: Double, at now: Instant) {
        velocity = abs(speed) < Self.stopSpeed ? 0 : speed
        lastStep = now
    }

    /// Whether a fling is under way.
    public var isGliding: Bool { velocity != 0 }

    /// Lets time pass for a fling, within `maximum`.
    public mutating func advance(to now: Instant, maximum: Double) {
        guard velocity != 0, let last = lastStep else { return }
        let dt = max(0, (now - last).seconds)
        lastStep = now
        // The distance of an exponentially slowing glide over dt: v (1 − e^(−k dt)) / k.
        let decay = exp(-Self.damping * dt)
        scroll(by: velocity * (1 - decay) / Self.damping, maximum: maximum)
        velocity *= decay
        if abs(velocity) < Self.stopSpeed || scrollOffset <= 0 || scrollOffset >= maximum { catchFling() }
    }
}
