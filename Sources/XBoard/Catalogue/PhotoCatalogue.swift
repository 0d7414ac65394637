import SystemPackage

/// The photos the board was asked to open, and what it knows of each: which file it is, what
/// the file held, when it was taken, how large a copy is decoded, and where the board remembers
/// it. It asks for decodes (`DecodeRequest`s for the platform to carry out), says where each photo
/// goes as its first decode is reported (where the memory says, `BoardRestore`), and keeps each
/// picture decoded at about the size it is shown.
///
/// Photos whose listing read their size from their file's header are laid out at once, before
/// any decode, as plain cards where they will lie (`start(layingCards:)`, `nextCards`): a
/// board opens whole, and each card takes its picture as it decodes. Decodes may be served from
/// the shared thumbnail cache (`usesThumbnails`, `ThumbnailUse`).
///
/// It never changes the board: what goes where is a `Placement`, which the session applies to
/// its controller (`BoardController.place`); it only reads the board where it must.
///
/// It also keeps what a save needs: what each photo was when it opened or was last saved (the
/// baseline a save merges against), and photos recognised renamed. Pure: files are never
/// opened here; the facts come with the decode reports.
///
/// Its concerns live in extensions: the decode reports taken in, cards withdrawn and photos
/// placed (`+Loading`), copies decoded again at the size they show (`+Resolution`), drops
/// (`+Drops`), what a save needs (`+Saving`) and tidying by name or date (`+Tidy`).
public struct PhotoCatalogue: Sendable {
    /// One photo the board was asked to open.
    struct Entry: Sendable {
        /// The file, as given.
        var path: FilePath
        /// The path it is remembered by.
        var canonical: PathKey
        /// The copy decoded, once the first decode succeeded.
        var copy: Copy?
        var isFailed = false
        /// Another copy of it (after the first) could not be decoded, and that was said.
        var hasFailedAgain = false
        /// What the file held, and when it was taken, as told by its first decode.
        var fingerprint: PhotoFingerprint?
        var dateTaken: Double??
        /// The camera and the full size, as its first decode told.
        var camera: String?
        var nativeSize: Size?
        /// The picture's size as its file's header declares it, upright, when listing read it.
        var declaredSize: Size?
        /// Named on the command line: shown even when the memory says it was taken off.
        var isNamed = false
        /// Belongs to the board although its paths do not list it (dropped on it).
        var isAdded = false
        /// Taken off the board, as the memory says: decoded small, for the removed photos list.
        var isAside = false
        /// Where it lands when dropped: its drop's layout and its place in it.
        var dropSlot: (layout: DropLayout, index: Int)?
        /// Its stacking key once placed.
        var stack: Double?
        /// Its name's place in the order `t` tidies in, worked out as its first decode arrives (a
        /// few a turn) rather than ten thousand at once when `t` is pressed.
        var nameKey: NameOrder.Key?

        /// The file's name (the path's last part; the path when it has none), as bytes.
        var nameBytes: [UInt8] {
            let path = path.bytes
            let name = path.lastIndex(of: UInt8(ascii: "/")).map { Array(path[($0 + 1)...]) } ?? path
            return name.isEmpty ? path : name
        }
    }

    struct Copy: Sendable {
        var longEdge: Int
        var nativeLongEdge: Int
        var generation: Int
        var isPending: Bool
    }

    var entries: [Entry] = []
    var idsByKey: [PathKey: PhotoID] = [:]
    /// The layout fresh photos are tossed in: on the part of the board the window shows when
    /// the board opens (`initialView`), board points.
    public let layout: TossedLayout
    /// What the window shows when the board opens: the part of the board shown when it was
    /// saved, whole and centred (`BoardRestore.initialView`).
    public let initialView: BoardView
    public let resolution: PictureResolution
    /// What the board remembers, and how an arriving photo is placed from it.
    var restore: BoardRestore
    /// Remembered photos no file opened under their own path this time: a file of the same
    /// fingerprint is that photo, renamed or moved.
    var unclaimed: Set<PathKey>
    /// Photos recognised under a new name since the last save: old path → new.
    var renamed: [PathKey: PathKey] = [:]
    /// What each placed photo was when it opened or was last saved, and its stacking key then:
    /// what a save compares with to tell what this window changed.
    var baselineByPath: [PathKey: PhotoMemory] = [:]
    var baselineKeys: [PathKey: Double] = [:]
    /// The view remembered when the board opened or was last saved: a save is due when the part
    /// shown is another.
    var baselineView: Rect?
    /// The highest stacking key of a placed photo (dropped photos go above it).
    var highestStack: Double?
    /// Cards laid out at the start but not on the board yet, bottom first: a few thousand go on
    /// a turn (`placePendingCards`), so opening ten thousand never holds one turn for a pass over
    /// all of them.
    var pendingCards: ArraySlice<(id: PhotoID, declared: Size)> = []
    /// How many cards go on the board a turn (about 4 ms).
    public static let cardsPerTurn = 2000
    /// Paths whose first decode failed, in the order they failed (each once).
    public internal(set) var failedPaths: [FilePath] = []
    var initialResults = 0
    var decodeTime = Duration.zero
    let startTime: Instant
    /// How many decodes run at once, for the loading estimate.
    let workerCount: Int
    /// Whether decodes may be served from (and make) the shared thumbnail cache.
    public let usesThumbnails: Bool

    /// The long edge photos off the board are decoded at, for their thumbnails: 192 pixels.
    public static let thumbnailLongEdge = 192

    /// - Parameters:
    ///   - files: the files to open, in order.
    ///   - named: the canonical paths of files named directly (not through a folder or memory).
    ///   - added: the canonical paths of files opened because they were dropped on this board.
    ///   - boardSize: the board's size (`Board.size`: the window's, in window pixels).
    ///   - memory: what the board remembers.
    ///   - usesThumbnails: whether decodes may be served from the shared thumbnail cache.
    public init(
        files: [ListedFile], named: Set<PathKey> = [], added: Set<PathKey> = [], boardSize: Size, seed: UInt64,
        memory: BoardMemory = BoardMemory(), workerCount: Int = 1, usesThumbnails: Bool = false, startTime: Instant
    ) {
        // Made whole at once for ten thousand: grown a doubling at a time, it copied them all
        // over again and again in the turn that opens the board.
        entries.reserveCapacity(files.count)
        idsByKey.reserveCapacity(files.count)
        for (index, file) in files.enumerated() {
            entries.append(
                Entry(
                    path: file.path, canonical: file.canonical, declaredSize: file.declaredSize, isNamed: named.contains(file.canonical),
                    isAdded: added.contains(file.canonical)))
            if idsByKey[file.canonical] == nil { idsByKey[file.canonical] = PhotoID(index) }
        }
        initialView = BoardRestore.initialView(of: memory, windowSize: boardSize)
        let shown = initialView.visibleBounds(in: boardSize)
        layout = TossedLayout(count: files.count, boardSize: shown.size, seed: seed)
        resolution = PictureResolution.forLayout(layout)
        restore = BoardRestore(memory: memory, layout: layout, layoutOrigin: shown.origin)
        baselineView = memory.view
        unclaimed = memory.keys.subtracting(idsByKey.keys)
        self.workerCount = max(1, workerCount)
        self.usesThumbnails = usesThumbnails
        self.startTime = startTime
    }

    /// The first decodes, in the order given; photos the memory says were taken off the board
    /// last, and small.
    ///
    /// With `layingCards`, every photo whose size the listing read from its header and whose place does not wait for its fingerprint (the memory knows it by its
    /// path, or there is no remembered photo it could be renamed from) is laid out at once as a
    /// plain card, where it will lie: the board opens whole instead of photo by photo. The cards
    /// go onto the board bottom first, so each lands on top: one pass, however many there are,
    /// a turn's worth at a time (`nextCards`).
    public mutating func start(layingCards: Bool = false) -> [DecodeRequest] {
        var first: [DecodeRequest] = [], later: [DecodeRequest] = []
        var cards: [(id: PhotoID, declared: Size, stack: Double)] = []
        first.reserveCapacity(entries.count)
        cards.reserveCapacity(layingCards ? entries.count : 0)
        // Every photo on the board asks for the same copy: the flavours that serve it are worked
        // out once (ten thousand arrays made alike were a third of this turn).
        let onBoard = DecodeShape(
            wanted: resolution.baseLongEdge, shown: layout.pictureLongEdge, generation: 0, usesThumbnails: usesThumbnails)
        for index in entries.indices {
            let id = PhotoID(index)
            // Fields read in place: a copy of the whole entry retains every reference in it.
            let canonical = entries[index].canonical, isNamed = entries[index].isNamed
            let remembered = restore.memory.isEmpty ? nil : restore.memory[canonical]
            if let remembered, remembered.isRemoved, !isNamed {
                entries[index].isAside = true
                let wanted = min(Self.thumbnailLongEdge, resolution.baseLongEdge)
                later.append(request(id, wanted: wanted, shown: Double(wanted) / 2))
            } else {
                first.append(onBoard.request(id, path: entries[index].path, canonical: canonical))
            }
            if layingCards, let declared = entries[index].declaredSize, declared.width >= 1, declared.height >= 1,
                declared.width.isFinite, declared.height.isFinite,
                remembered != nil || unclaimed.isEmpty
            {
                let arrival = restore.arrival(index: index, id: id, pixelSize: declared, remembered: remembered)
                cards.append((id, declared, arrival.stack))
            }
        }
        if layingCards {
            cards.sort { $0.stack != $1.stack ? $0.stack < $1.stack : $0.id.rawValue < $1.id.rawValue }
            pendingCards = cards.map { ($0.id, $0.declared) }[...]
            // Drops go above every card, placed yet or not.
            if let top = cards.last?.stack { highestStack = max(highestStack ?? top, top) }
        }
        first += later
        return first
    }

    /// Whether cards laid out at the start still wait to go on the board.
    public var hasPendingCards: Bool { !pendingCards.isEmpty }

    /// The next `limit` cards to put on the board, bottom first. A photo whose picture came (and
    /// placed it) or failed meanwhile is passed over.
    public mutating func nextCards(limit: Int = cardsPerTurn) -> [Placement] {
        var placements: [Placement] = []
        placements.reserveCapacity(min(limit, pendingCards.count))
        while placements.count < limit, let card = pendingCards.popFirst() {
            // Fields read in place: a copy of the whole entry retains every reference in it.
            guard entries[card.id.rawValue].stack == nil, !entries[card.id.rawValue].isFailed else { continue }
            placements.append(place(card.id, nativeSize: card.declared))
        }
        return placements
    }

    /// A decode of a copy of at most `wanted` pixels of a photo shown `shown` pixels long,
    /// served from the thumbnail cache where it may be.
    func request(_ id: PhotoID, wanted: Int, shown: Double, generation: Int = 0) -> DecodeRequest {
        DecodeShape(wanted: wanted, shown: shown, generation: generation, usesThumbnails: usesThumbnails)
            .request(id, path: entries[id.rawValue].path, canonical: entries[id.rawValue].canonical)
    }

    /// Decodes alike for any number of photos, the thumbnail flavours that may serve them worked
    /// out once.
    struct DecodeShape {
        let maximumLongEdge: Int, generation: Int
        let flavours: [ThumbnailFlavour]?

        init(wanted: Int, shown: Double, generation: Int, usesThumbnails: Bool) {
            let use = usesThumbnails ? ThumbnailUse(file: FilePath(), shown: shown, wanted: wanted) : nil
            maximumLongEdge = use?.copyLongEdge(wanted: wanted) ?? wanted
            self.generation = generation
            flavours = use?.flavours
        }

        func request(_ id: PhotoID, path: FilePath, canonical: PathKey) -> DecodeRequest {
            DecodeRequest(
                photo: id, path: path, maximumLongEdge: maximumLongEdge, generation: generation,
                thumbnail: flavours.map { ThumbnailUse(flavours: $0, file: canonical.path) })
        }
    }

    /// Whether a photo lies on the board (or aside) as a card still waiting for its first picture.
    func isCard(_ id: PhotoID) -> Bool {
        entry(id).map { $0.stack != nil && $0.copy == nil && !$0.isFailed } ?? false
    }

    // MARK: Facts

    /// The file of a photo, as given.
    public func path(of id: PhotoID) -> FilePath? { entry(id)?.path }

    /// The long edge of the copy of `id`'s picture the board keeps (or is decoding), if any.
    public func copyLongEdge(of id: PhotoID) -> Int? { entry(id)?.copy?.longEdge }

    /// The file's name, escaped, for captions and the removed photos list.
    public func name(of id: PhotoID) -> String {
        guard let path = entry(id)?.path else { return "" }
        return path.lastComponent.map { PathEscaping.escape($0.bytes) } ?? path.escaped
    }

    /// When a photo was taken, as its first decode told: `.some(nil)` when its file tells none,
    /// `nil` while not known.
    public func dateTaken(of id: PhotoID) -> Double?? { entry(id)?.dateTaken }

    /// The camera a photo's file says took it.
    public func camera(of id: PhotoID) -> String? { entry(id)?.camera }

    /// A photo's full size, upright, in pixels, once decoded.
    public func nativeSize(of id: PhotoID) -> Size? { entry(id)?.nativeSize }

    /// Whether a file (by its canonical path) is one of the photos on the board now.
    public func isOnBoard(_ key: PathKey, controller: BoardController) -> Bool {
        idsByKey[key].map { controller.board.photo($0) != nil } ?? false
    }

    /// The canonical paths of every photo opened.
    public var canonicalKeys: [PathKey] { entries.map(\.canonical) }

    func entry(_ id: PhotoID) -> Entry? { entries.indices.contains(id.rawValue) ? entries[id.rawValue] : nil }
}
