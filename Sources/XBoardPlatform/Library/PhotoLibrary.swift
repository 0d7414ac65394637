import SystemPackage
import XBoard

/// The photos the board was asked to open: decodes them in the background, places each on the
/// board as it finishes (where the board's memory says, `BoardRestore`), reports the ones that
/// fail, and keeps each picture decoded at about the size it is shown (sharper when zoomed in,
/// smaller again when zoomed out).
///
/// It also keeps what a save needs: which photo is which file, what each was when it opened
/// or was last saved (the baseline a save merges against), and photos recognised renamed.
public final class PhotoLibrary {
    public internal(set) var files: [FilePath]
    /// Each opened photo's date taken, as read while it was opened (`LoadedPicture.dateTaken`).
    private var datesTaken: [PhotoID: Double?] = [:]

    /// The date `photo` was taken, if it was told while the photo was opened: `.some(nil)` when
    /// its file tells none, `nil` when not known yet (`t` and `c` then read the file).
    public func dateTaken(of photo: PhotoID) -> Double?? { datesTaken[photo] }
    /// The files' absolute paths with links resolved: what the board remembers photos by.
    public internal(set) var canonicalPaths: [FilePath]
    /// The same, as keys; and which photo each key is.
    public internal(set) var canonicalKeys: [PathKey]
    var idsByKey: [PathKey: PhotoID] = [:]
    /// The highest stacking key of a placed photo (dropped photos go above it).
    var highestStack: Double?
    /// The files whose first decode failed, in the order they failed (each once).
    public private(set) var failedPaths: [FilePath] = []
    public let layout: TossedLayout
    public let resolution: PictureResolution
    /// What the board remembers, and how a photo arriving is placed from it.
    var restore: BoardRestore
    let decoder: PhotoDecoder
    private let report: (String) -> Void
    var copies: [PhotoID: Copy] = [:]
    /// Each placed photo's stacking key, which later photos are stacked by.
    var stacks: [PhotoID: Double] = [:]
    /// What each placed photo's file held.
    var fingerprints: [PhotoID: PhotoFingerprint] = [:]
    /// Photos named as files on the command line: shown even when the memory says they were
    /// taken off the board (naming a photo brings it back).
    private let named: Set<PathKey>
    /// Photos that belong to the board although its paths do not list them (dropped on it).
    var addedIDs: Set<PhotoID>
    /// Photos the memory says were taken off the board: decoded small, for the removed photos
    /// list, and put aside rather than on the board.
    var asideIDs: Set<PhotoID> = []
    /// Where dropped photos land: their drop's layout and their place in it.
    var dropSlots: [PhotoID: (layout: DropLayout, index: Int)] = [:]
    /// Remembered photos no file opened under their own path this time: a file of the same
    /// fingerprint is that photo, renamed or moved.
    var unclaimed: Set<PathKey>
    /// Photos recognised under a new name since the last save: old path → new.
    var renamed: [PathKey: PathKey] = [:]
    /// What each placed photo was when it opened or was last saved, by path; the order the
    /// window itself put photos in (by opening them, or in its last save) and their keys then:
    /// what a save compares with to tell what this window changed (`baseline`).
    var baselineByPath: [PathKey: PhotoMemory] = [:]
    /// The stacking key of each photo in the baseline's order (which is these, sorted by key).
    var baselineKeys: [PathKey: Double] = [:]
    private var initialResults = 0
    private var decodeTime = Duration.zero
    private let startTime: Instant

    /// The long edge photos off the board are decoded at, for their thumbnails: 192 pixels.
    public static let thumbnailLongEdge = 192

    struct Copy {
        var longEdge: Int
        var nativeLongEdge: Int
        var generation: Int
        var isPending: Bool
    }

    /// - Parameters:
    ///   - files: the files to open, in order.
    ///   - named: the canonical paths of files named directly (not through a folder or memory).
    ///   - added: the canonical paths of files opened because they were dropped on this board.
    ///   - memory: what the board remembers.
    ///   - report: receives one line per file that failed or is damaged.
    public init(
        files: [FilePath], named: Set<FilePath> = [], added: Set<FilePath> = [], boardSize: Size, seed: UInt64, decoder: PhotoDecoder,
        memory: BoardMemory = BoardMemory(), report: @escaping (String) -> Void
    ) {
        self.files = files
        let canonicalPaths = files.map(System.canonicalPath)
        self.canonicalPaths = canonicalPaths
        canonicalKeys = canonicalPaths.map(PathKey.init)
        for (index, key) in canonicalKeys.enumerated() where idsByKey[key] == nil { idsByKey[key] = PhotoID(index) }
        self.named = Set(named.map(PathKey.init))
        addedIDs = Set(canonicalPaths.indices.filter { added.contains(canonicalPaths[$0]) }.map(PhotoID.init))
        layout = TossedLayout(count: files.count, boardSize: boardSize, seed: seed)
        resolution = PictureResolution.forLayout(layout)
        restore = BoardRestore(memory: memory, layout: layout)
        unclaimed = memory.keys.subtracting(canonicalKeys)
        self.decoder = decoder
        self.report = report
        startTime = MonotonicClock.now()
    }

    /// Queues every file for decoding, in the order given; photos the memory says were taken
    /// off the board last, and small.
    public func start() {
        var later: [PhotoDecoder.Request] = []
        for (index, path) in files.enumerated() {
            let id = PhotoID(index)
            if let remembered = restore.memory[canonicalKeys[index]], remembered.isRemoved, !named.contains(canonicalKeys[index]) {
                asideIDs.insert(id)
                later.append(
                    PhotoDecoder.Request(photo: id, path: path, maximumLongEdge: min(Self.thumbnailLongEdge, resolution.baseLongEdge)))
            } else {
                decoder.submit(PhotoDecoder.Request(photo: id, path: path, maximumLongEdge: resolution.baseLongEdge))
            }
        }
        later.forEach(decoder.submit)
    }

    /// Whether the photo's first decode is still queued or running.
    func isPendingFirstDecode(_ id: PhotoID) -> Bool { copies[id] == nil && !failedIDs.contains(id) }
    /// Files whose first decode failed (a drop tries them again).
    private var failedIDs: Set<PhotoID> = []

    /// Whether the first decode of some file is still under way.
    public var isLoading: Bool { initialResults < files.count }

    /// Every file has been tried and none could be opened (photos removed on purpose do not count).
    public var allFailed: Bool { !isLoading && copies.isEmpty }

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
            if isInitial, !failedIDs.contains(id) {
                initialResults += 1
                decodeTime += result.duration
            }
            switch result.outcome {
            case .failure(let error):
                if isInitial {
                    if !failedIDs.contains(id) {
                        report("\(error)")
                        failedPaths.append(result.request.path)
                    }
                    failedIDs.insert(id)
                    dropSlots[id] = nil
                } else {
                    copies[id]?.isPending = false
                }
            case .success(let picture):
                if isInitial {
                    failedIDs.remove(id)
                    datesTaken[id] = .some(picture.dateTaken)
                    if let fingerprint = picture.fingerprint { fingerprints[id] = fingerprint }
                    if let warning = picture.warning { report("\(result.request.path.escaped): \(warning)") }
                    do {
                        try upload(picture.image, id)
                    } catch {
                        report("\(result.request.path.escaped): \(error)")
                        if !failedIDs.contains(id) { failedPaths.append(result.request.path) }
                        failedIDs.insert(id)
                        continue
                    }
                    place(id, nativeSize: picture.image.nativeSize, into: controller)
                    copies[id] = Copy(
                        longEdge: Int(picture.image.pixelSize.longEdge), nativeLongEdge: Int(picture.image.nativeSize.longEdge),
                        generation: 0, isPending: false)
                    changed = true
                } else if var copy = copies[id], copy.generation == result.request.generation {
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

    /// Puts a photo that just opened where the board remembers it (found by its path, or by its
    /// fingerprint when renamed), or tosses it in; or where it was dropped; or aside, when the
    /// memory says it was taken off the board.
    private func place(_ id: PhotoID, nativeSize: Size, into controller: BoardController) {
        let index = id.rawValue, key = canonicalKeys[index]
        let fingerprint = fingerprints[id]
        var remembered = restore.memory[key]
        if remembered == nil, let fingerprint, let renamedEntry = restore.memory.renamedEntry(matching: fingerprint, among: unclaimed) {
            remembered = renamedEntry
            unclaimed.remove(renamedEntry.key)
            renamed[renamedEntry.key] = key
        }
        if remembered?.isAdded == true { addedIDs.insert(id) }
        let boardSize = controller.board.size
        var arrival = restore.arrival(index: index, id: id, pixelSize: nativeSize, remembered: remembered, boardSize: boardSize)
        let drop = dropSlots.removeValue(forKey: id)
        if let drop {
            arrival = restore.dropped(arrival, into: drop.layout, at: drop.index, above: highestStack)
        }
        stacks[id] = arrival.stack
        highestStack = max(highestStack ?? arrival.stack, arrival.stack)
        let isAside = drop == nil && (asideIDs.contains(id) || (remembered?.isRemoved == true && !named.contains(key)))
        if arrival.isRestored, let remembered {
            // As it opened, with what the memory said of it: a photo named again after it was
            // taken off differs from this, so the next save records it back on the board.
            let entry = PhotoMemory(
                arrival.photo, key: key, fingerprint: fingerprint, stack: arrival.stack, isRemoved: remembered.isRemoved,
                isAdded: remembered.isAdded)
            baselineByPath[key] = entry
            if !isAside { baselineKeys[key] = arrival.stack }
        }
        if isAside {
            asideIDs.insert(id)
            controller.putAside(arrival.photo)
        } else {
            asideIDs.remove(id)
            let stacks = self.stacks
            controller.add(arrival.photo, rank: arrival.stack) { stacks[$0] ?? .infinity }
        }
    }

    /// Asks for sharper or smaller copies of photos that are at rest and shown at a size their
    /// copy does not suit.
    public func refineResolution(for controller: BoardController) {
        for photo in controller.board.photos where !controller.isBusy(photo.id) {
            guard var copy = copies[photo.id], !copy.isPending else { continue }
            let shown = photo.size.longEdge * photo.scale
            guard
                let wanted = resolution.wantedLongEdge(
                    shownLongEdge: shown, decodedLongEdge: copy.longEdge, nativeLongEdge: copy.nativeLongEdge)
            else { continue }
            copy.generation += 1
            copy.isPending = true
            copies[photo.id] = copy
            decoder.submit(
                PhotoDecoder.Request(photo: photo.id, path: files[photo.id.rawValue], maximumLongEdge: wanted, generation: copy.generation))
        }
    }

    /// The file's name, escaped, for the removed photos list.
    public func name(of id: PhotoID) -> String {
        guard id.rawValue < files.count else { return "" }
        return files[id.rawValue].lastComponent.map { PathEscaping.escape($0.bytes) } ?? files[id.rawValue].escaped
    }

    /// The long edge of the copy held for a photo, in pixels; for tests and traces.
    public func decodedLongEdge(of id: PhotoID) -> Int? { copies[id]?.longEdge }
}
