import SystemPackage
import XBoard

/// The photos the board was asked to open: decodes them in the background, places each on the
/// board as it finishes, reports the ones that fail, and keeps each picture decoded at about the
/// size it is shown (sharper when zoomed in, smaller again when zoomed out).
public final class PhotoLibrary {
    public private(set) var files: [FilePath]
    /// The files' absolute paths with links resolved: what layouts are saved under.
    public private(set) var canonicalPaths: [FilePath]
    /// Where dropped photos land: their drop's layout and their place in it.
    private var dropSlots: [PhotoID: (layout: DropLayout, index: Int)] = [:]
    /// The files whose first decode failed, in the order they failed.
    public private(set) var failedPaths: [FilePath] = []
    public let layout: TossedLayout
    private let savedLayout: LayoutDocument?
    public let resolution: PictureResolution
    private let decoder: PhotoDecoder
    private let report: (String) -> Void
    private var copies: [PhotoID: Copy] = [:]
    private var ranks: [PhotoID: Int] = [:]
    /// Photos left off the board because the saved layout says they were removed.
    private var removedIDs: Set<PhotoID> = []
    private var initialResults = 0
    private var decodeTime = Duration.zero
    private let startTime: Instant

    private struct Copy {
        var longEdge: Int
        var nativeLongEdge: Int
        var generation: Int
        var isPending: Bool
    }

    /// - Parameters:
    ///   - savedLayout: where the user left these photos last time, if anywhere.
    ///   - report: receives one line per file that failed or is damaged.
    public init(
        files: [FilePath], boardSize: Size, seed: UInt64, decoder: PhotoDecoder, savedLayout: LayoutDocument? = nil,
        report: @escaping (String) -> Void
    ) {
        self.files = files
        canonicalPaths = files.map(System.canonicalPath)
        self.savedLayout = savedLayout
        layout = TossedLayout(count: files.count, boardSize: boardSize, seed: seed)
        resolution = PictureResolution.forLayout(layout)
        self.decoder = decoder
        self.report = report
        startTime = MonotonicClock.now()
    }

    /// Queues every file for decoding, in the order given, except those the saved layout says
    /// were taken off the board.
    public func start() {
        let removed = Set(savedLayout?.removedPaths ?? [])
        for (index, path) in files.enumerated() {
            if removed.contains(canonicalPaths[index]) {
                initialResults += 1
                removedIDs.insert(PhotoID(index))
                continue
            }
            decoder.submit(PhotoDecoder.Request(photo: PhotoID(index), path: path, maximumLongEdge: resolution.baseLongEdge))
        }
    }

    /// Adds files dropped on the board: they decode like the others and land around `location`
    /// on top, at the size a layout of the whole board gives, fully inside the window
    /// (`DropLayout`). Files already on the board are not added twice. Returns how many were new.
    @discardableResult
    public func add(files newFiles: [FilePath], at location: Point, board: Board) -> Int {
        var known = Set(canonicalPaths)
        var added: [(path: FilePath, canonical: FilePath)] = []
        for path in newFiles {
            let canonical = System.canonicalPath(path)
            guard known.insert(canonical).inserted else { continue }
            added.append((path, canonical))
        }
        let drop = DropLayout(count: added.count, photosOnBoard: board.photos.count, boardSize: board.size, at: location, seed: layout.seed)
        for (index, file) in added.enumerated() {
            let id = PhotoID(files.count)
            files.append(file.path)
            canonicalPaths.append(file.canonical)
            dropSlots[id] = (drop, index)
            decoder.submit(PhotoDecoder.Request(photo: id, path: file.path, maximumLongEdge: resolution.baseLongEdge))
        }
        return added.count
    }

    /// Whether the first decode of some file is still under way.
    public var isLoading: Bool { initialResults < files.count }

    /// Every file has been tried and none could be opened (photos removed on purpose do not count).
    public var allFailed: Bool { !isLoading && copies.isEmpty && removedIDs.count < files.count }

    /// The loading indicator, while more than about a second of work remains (or loading has
    /// already taken that long).
    public func status(at now: Instant) -> LoadingStatus? {
        guard isLoading else { return nil }
        let remaining = files.count - initialResults
        let mean = initialResults > 0 ? decodeTime.seconds / Double(initialResults) : 0.05
        let estimate = mean * Double(remaining) / Double(decoder.workerCount)
        guard estimate > 1 || now - startTime > .seconds(1) else { return nil }
        return LoadingStatus(finished: initialResults, total: files.count)
    }

    /// Takes finished decodes: places new photos, swaps in re-decoded copies. Returns whether
    /// anything on screen changed.
    @discardableResult
    public func receive(into controller: BoardController, painter: CairoPainter) -> Bool {
        receive(into: controller) { image, id in try painter.setPicture(image, for: id) }
    }

    /// The same, handing each decoded picture to `upload` (a painter, or an exporter's list).
    @discardableResult
    public func receive(into controller: BoardController, upload: (DecodedImage, PhotoID) throws -> Void) -> Bool {
        var changed = false
        for result in decoder.takeResults() {
            let id = result.request.photo
            let isInitial = copies[id] == nil && result.request.generation == 0
            if isInitial {
                initialResults += 1
                decodeTime += result.duration
            }
            switch result.outcome {
            case .failure(let error):
                if isInitial {
                    failedPaths.append(result.request.path)
                    report("\(error)")
                } else {
                    copies[id]?.isPending = false
                }
            case .success(let picture):
                if let warning = picture.warning, isInitial { report("\(result.request.path.escaped): \(warning)") }
                if isInitial {
                    var photo = layout.photo(at: id.rawValue, id: id, pixelSize: picture.image.nativeSize)
                    var rank = files.count + id.rawValue  // unsaved photos stack above saved ones, as listed
                    if let saved = savedLayout?.placement(of: canonicalPaths[id.rawValue], baseLongEdge: photo.size.longEdge) {
                        let bounds = Rect(origin: .zero, size: layout.boardSize)
                        photo.photoToBoard = saved.placement.withCenter(bounds.clamp(saved.placement.center))
                        photo.initialPhotoToBoard = saved.initial
                        photo.photoToBoard = AffineTransform(
                            center: photo.center, scale: photo.clampScale(photo.scale, settings: MotionSettings()), rotation: photo.rotation)
                        rank = saved.rank
                    }
                    if let slot = dropSlots.removeValue(forKey: id) {
                        photo = slot.layout.photo(at: slot.index, id: id, pixelSize: picture.image.nativeSize)
                        rank = 2 * files.count + id.rawValue  // dropped photos land on top
                    }
                    ranks[id] = rank
                    do {
                        try upload(picture.image, id)
                    } catch {
                        failedPaths.append(result.request.path)
                        report("\(result.request.path.escaped): \(error)")
                        continue
                    }
                    let ranks = self.ranks
                    controller.add(photo, rank: rank) { ranks[$0] ?? Int.max }
                    copies[id] = Copy(
                        longEdge: Int(picture.image.pixelSize.longEdge), nativeLongEdge: Int(picture.image.nativeSize.longEdge),
                        generation: 0, isPending: false)
                    changed = true
                } else if var copy = copies[id], copy.generation == result.request.generation, controller.board.photo(id) != nil {
                    if (try? upload(picture.image, id)) != nil {
                        copy.longEdge = Int(picture.image.pixelSize.longEdge)
                        changed = true
                    }
                    copy.isPending = false
                    copies[id] = copy
                }
            }
        }
        return changed
    }

    /// Asks for sharper or smaller copies of photos that are at rest and shown at a size their
    /// copy does not suit.
    public func refineResolution(for controller: BoardController) {
        for photo in controller.board.photos where !controller.isBusy(photo.id) {
            guard var copy = copies[photo.id], !copy.isPending else { continue }
            let shown = photo.size.longEdge * photo.scale
            guard let wanted = resolution.wantedLongEdge(shownLongEdge: shown, decodedLongEdge: copy.longEdge, nativeLongEdge: copy.nativeLongEdge)
            else { continue }
            copy.generation += 1
            copy.isPending = true
            copies[photo.id] = copy
            decoder.submit(
                PhotoDecoder.Request(photo: photo.id, path: files[photo.id.rawValue], maximumLongEdge: wanted, generation: copy.generation))
        }
    }

    /// The arrangement to save: every photo on the board with its file.
    public func document(for board: Board) -> LayoutDocument {
        var paths: [PhotoID: FilePath] = [:]
        for photo in board.photos where photo.id.rawValue < canonicalPaths.count { paths[photo.id] = canonicalPaths[photo.id.rawValue] }
        // Loaded once but no longer on the board, or left off from the start: removed by the user.
        let removed = (Set(copies.keys).union(removedIDs)).filter { board.photo($0) == nil }.map { canonicalPaths[$0.rawValue] }
            .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        return LayoutDocument(board: board, paths: paths, removedPaths: removed)
    }

    /// The name the arrangement of these photos is saved under.
    public var layoutKey: String { LayoutDocument.key(for: canonicalPaths) }

    /// The long edge of the copy held for a photo, in pixels; for tests and traces.
    public func decodedLongEdge(of id: PhotoID) -> Int? { copies[id]?.longEdge }
}
