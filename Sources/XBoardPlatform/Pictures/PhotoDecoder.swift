import Foundation
import Synchronization
import SystemPackage
import XBoard

/// Decodes pictures in confined helper processes — one per usable processor, capped — and hands
/// them to the main loop.
///
/// Each helper has a worker thread here that opens its next file (`OpenedPicture`: the board's
/// checks, the format by content, the size from the header), reserves the decode's memory from
/// the one budget (`DecodeBudget`), sends the open descriptor to its helper and waits for the
/// sealed pixels, at most `DecodeSettings.deadline`. A helper that crashes, is killed, runs past
/// the deadline or misbehaves costs exactly the picture it held: that picture's result is one
/// line, the helper is replaced, and the others go on.
///
/// The loop sleeps in poll() on `wakeFileDescriptor` as well as the X connection; each finished
/// decode writes a byte to it. Requests are served in the order submitted. Only the main thread
/// touches a result once it is taken (X and the painter are single-threaded).
///
/// Colours are converted in the helpers to the display's profile (`setDisplayProfile`, in
/// `PhotoDecoder+DisplayProfile`), or to sRGB, or not at all (`DecodeSettings.managesColour`).
public final class PhotoDecoder: Sendable {
    public typealias Request = DecodeRequest

    public struct Result: Sendable {
        public var request: Request
        public var outcome: Swift.Result<LoadedPicture, PlatformError>
        /// Wall time the decode took.
        public var duration: Duration
        /// Where its colours were converted to.
        var colour: DecodeMessage.Request.Colour = .sRGB
    }

    struct State {
        var queue: [Request] = []
        var results: [Result] = []
        var isStopping = false
        var helpers: [Int: Int32] = [:]
        var nextID: UInt64 = 1
        /// The display's colour profile, and the generation it is known by (`setDisplayProfile`).
        var display: (generation: UInt64, profile: DisplayProfile)?
        var lastGeneration: UInt64 = 0
        /// Generations whose profile cannot be used, or stopped a helper: pictures go to sRGB.
        var refusedGenerations: Set<UInt64> = []
    }

    let state = Mutex(State())
    let available = DispatchSemaphore(value: 0)
    private let wakePipe: WakePipe
    private let budget: DecodeBudget
    let settings: DecodeSettings
    let executable: FilePath
    /// The shared thumbnail cache decodes are served from and make thumbnails for; `nil`: none.
    let thumbnails: ThumbnailCache?
    /// How many helpers decode at once.
    public let workerCount: Int

    /// - Parameters:
    ///   - helperExecutable: the binary to start helpers from; by default this process's own
    ///     (`/proc/self/exe`, which calls `DecodeHelper.runIfRequested()` first). Tests, whose
    ///     runner is another program, pass the board's.
    ///   - thumbnails: the shared thumbnail cache, for requests that may use it.
    public init(settings: DecodeSettings = DecodeSettings(), helperExecutable: FilePath? = nil, thumbnails: ThumbnailCache? = nil) throws {
        wakePipe = try WakePipe()
        self.settings = settings
        self.thumbnails = thumbnails
        budget = DecodeBudget(capacity: settings.memoryBudget)
        executable = helperExecutable ?? FilePath("/proc/self/exe")
        workerCount = settings.helperCount
        for slot in 0..<workerCount {
            let thread = Thread { [self] in self.work(slot: slot) }
            thread.name = "photoboard-decode-\(slot)"
            thread.start()
        }
    }

    /// Readable when results are waiting.
    public var wakeFileDescriptor: Int32 { wakePipe.readDescriptor }

    /// The process ids of the helpers running now (for tests and benchmarks).
    public var helperProcessIDs: [Int32] { state.withLock { Array($0.helpers.values) } }

    /// How many decodes have finished and wait to be taken (for tests).
    public var finishedCount: Int { state.withLock { $0.results.count } }

    /// The most decode memory reserved at once so far, in bytes (for benchmarks).
    public var peakReservedMemory: Int { budget.peak }

    public func submit(_ request: Request) {
        state.withLock { $0.queue.append(request) }
        available.signal()
    }

    /// The finished decodes since the last call, at most `limit` of them, oldest first; when
    /// more wait, the wake-up descriptor stays readable.
    public func takeResults(limit: Int = .max) -> [Result] {
        wakePipe.drain()
        let (taken, isMore) = state.withLock { state in
            let taken = Array(state.results.prefix(max(0, limit)))
            state.results.removeFirst(taken.count)
            return (taken, !state.results.isEmpty)
        }
        if isMore { wakePipe.wake() }
        return taken
    }

    /// Lets the workers finish their current decode and stop; their helpers are stopped with them.
    public func stop() {
        state.withLock {
            $0.isStopping = true
            $0.queue.removeAll()
        }
        budget.cancel()
        for _ in 0..<workerCount { available.signal() }
    }

    private func work(slot: Int) {
        // Beneath the board's loop as its helper is: a thread that reads files, fingerprints
        // them and takes in pictures kept the loop waiting for a processor while ten thousand opened.
        if settings.helperNiceness > 0 { System.setThisThreadsNiceness(settings.helperNiceness) }
        // Started before the first request, so the first picture does not wait for a helper's warm-up.
        var helper = try? HelperProcess(executable: executable, settings: settings, deadline: settings.deadline)
        state.withLock { $0.helpers[slot] = helper?.pid }
        defer {
            helper = nil
            state.withLock { _ = $0.helpers.removeValue(forKey: slot) }
        }
        while true {
            available.wait()
            let next: Request? = state.withLock { state in
                guard !state.isStopping, !state.queue.isEmpty else { return nil }
                return state.queue.removeFirst()
            }
            guard let request = next else {
                if state.withLock({ $0.isStopping }) { return }
                continue
            }
            let started = MonotonicClock.now()
            var colour = DecodeMessage.Request.Colour.sRGB
            var outcome = decode(request, slot: slot, helper: &helper, colour: &colour)
            // The display's profile changed while it decoded: again, for the new one.
            for _ in 0..<2 where isStale(outcome, colour: colour) {
                outcome = decode(request, slot: slot, helper: &helper, colour: &colour)
            }
            let result = Result(request: request, outcome: outcome, duration: MonotonicClock.now() - started, colour: colour)
            let isStopping = state.withLock { state in
                state.results.append(result)
                return state.isStopping
            }
            wakePipe.wake()
            if isStopping { return }
            // Retire a helper before its CPU-time limit could end it in the middle of a picture.
            if let running = helper, Duration.milliseconds(running.cpuMilliseconds) * 2 > settings.cpuTimeLimit { helper = nil }
            state.withLock { $0.helpers[slot] = helper?.pid }
        }
    }

    /// Decodes one request in the slot's helper (started, or replaced, as needed); `colour` is
    /// set to where its colours were converted to.
    ///
    /// With the shared thumbnail cache (`thumbnails`, and the request's `ThumbnailUse`), a
    /// thumbnail that describes the file as it is now serves the decode instead of the file; a
    /// damaged one counts as missing. When none does, the file's decode also makes the best
    /// flavour's thumbnail, which is written here from the pixels the helper handed back; a file
    /// the decoder refuses (or crashes on) is recorded as failed, and not tried again until it
    /// changes. The file is opened once, and its facts (date taken, fingerprint) read from it
    /// either way — the fingerprint only when no thumbnail's record vouches for it: a reopening
    /// from the cache reads no file's head.
    private func decode(
        _ request: Request, slot: Int, helper: inout HelperProcess?, colour: inout DecodeMessage.Request.Colour
    ) -> Swift.Result<LoadedPicture, PlatformError> {
        if let region = request.region { return decode(region, of: request, slot: slot, helper: &helper, colour: &colour) }
        let opened: OpenedPicture
        do {
            opened = try OpenedPicture(
                path: request.path, maximumLongEdge: request.maximumLongEdge, maximumFileSize: settings.maximumFileSize)
        } catch {
            return .failure(error)
        }
        // Read at most once, and only when no thumbnail's record vouches for it.
        var read: PhotoFingerprint?? = nil
        func fingerprint() -> PhotoFingerprint? {
            if let read { return read }
            let found = opened.fingerprint
            read = .some(found)
            return found
        }
        func withFacts(_ picture: LoadedPicture, fingerprint known: PhotoFingerprint?) -> LoadedPicture {
            var picture = picture
            picture.dateTaken = DateTaken.read(from: opened.file, format: opened.plan.format)
            picture.camera = DateTaken.camera(from: opened.file, format: opened.plan.format)
            picture.fingerprint = known
            return picture
        }
        var making: (flavour: ThumbnailFlavour, lookup: ThumbnailCache.Lookup)?
        if let cache = thumbnails, settings.managesColour, let use = request.thumbnail,
            var lookup = cache.lookup(opened, file: use.file, fingerprint: nil),
            lookup.uprightSize.longEdge > Double(request.maximumLongEdge)
        {
            if let reason = cache.recordedFailure(of: lookup, fingerprint: fingerprint) {
                return .failure(.image(path: request.path, reason: reason))
            }
            for flavour in use.flavours {
                guard let found = cache.thumbnail(flavour, of: lookup, maximumLongEdge: request.maximumLongEdge, fingerprint: fingerprint),
                    case .success(var picture) = decodeInHelper(
                        found.opened, maximumLongEdge: request.maximumLongEdge, nativeSize: found.nativeSize, slot: slot, helper: &helper,
                        colour: &colour),
                    picture.warning == nil
                else { continue }  // missing, stale or damaged: as if it were not there
                picture.thumbnail = flavour
                return .success(withFacts(picture, fingerprint: found.fingerprint))
            }
            if let made = use.made, lookup.uprightSize.longEdge > Double(ThumbnailFlavour.normal.edge) {
                lookup.original.fingerprint = fingerprint()
                making = (made, lookup)
            }
        }
        let thumbnail = making.map { making in
            let write: HelperProcess.ThumbnailWriter = { [thumbnails] pixels, width, height, hasAlpha in
                let isWritten = thumbnails?.write(
                    pixels, width: width, height: height, hasAlpha: hasAlpha, as: making.flavour, of: making.lookup)
                return isWritten == true ? making.flavour : nil
            }
            return (longEdge: making.flavour.edge, write: write)
        }
        let decoded = decodeInHelper(
            opened, maximumLongEdge: request.maximumLongEdge, thumbnail: thumbnail, slot: slot, helper: &helper, colour: &colour)
        switch decoded {
        case .success(let picture):
            return .success(withFacts(picture, fingerprint: fingerprint()))
        case .failure(.file(let reason)):
            if let making { thumbnails?.recordFailure(reason, of: making.lookup) }
            return .failure(.image(path: request.path, reason: reason))
        case .failure(.circumstance(let reason)):
            return .failure(.image(path: request.path, reason: reason))
        }
    }

    /// Decodes a part of the request's picture (a tile) in the slot's helper: no thumbnail, no
    /// facts, the file's checks as for a whole decode.
    private func decode(
        _ region: DecodeMessage.Region, of request: Request, slot: Int, helper: inout HelperProcess?,
        colour: inout DecodeMessage.Request.Colour
    ) -> Swift.Result<LoadedPicture, PlatformError> {
        let opened: OpenedPicture
        do {
            opened = try OpenedPicture(
                path: request.path, maximumLongEdge: max(region.width, region.height), maximumFileSize: settings.maximumFileSize)
        } catch {
            return .failure(error)
        }
        switch decodeInHelper(
            opened, maximumLongEdge: max(region.width, region.height), region: region, slot: slot, helper: &helper, colour: &colour)
        {
        case .success(let picture): return .success(picture)
        case .failure(.file(let reason)), .failure(.circumstance(let reason)): return .failure(.image(path: request.path, reason: reason))
        }
    }

    /// Decodes the opened picture in the slot's helper to at most `maximumLongEdge` pixels; with
    /// `thumbnail`, a thumbnail of at most its long edge too, given to its writer (when the
    /// decode had nothing to warn about). `nativeSize` replaces the size the helper reports (a
    /// thumbnail's own is not its picture's).
    private func decodeInHelper(
        _ opened: OpenedPicture, maximumLongEdge: Int, nativeSize: Size? = nil,
        thumbnail: (longEdge: Int, write: HelperProcess.ThumbnailWriter)? = nil, region: DecodeMessage.Region? = nil,
        slot: Int, helper: inout HelperProcess?, colour: inout DecodeMessage.Request.Colour
    ) -> Swift.Result<LoadedPicture, HelperProcess.DecodeFailure> {
        let plan =
            thumbnail.flatMap {
                try? DecodePlan(
                    format: opened.plan.format, declared: opened.plan.declared, maximumLongEdge: max(maximumLongEdge, $0.longEdge))
            } ?? opened.plan
        // A part: its rows with a block's margin, decoded, converted and sealed (three copies).
        let estimate = region.map { ($0.width + 32) * ($0.height + 32) * 4 * 3 } ?? plan.memoryEstimate
        guard budget.reserve(estimate) else {
            if state.withLock({ $0.isStopping }) { return .failure(.circumstance("not decoded: the board is closing")) }
            return .failure(
                .circumstance(
                    "would need about \(estimate >> 20) MiB to decode, more than the \(settings.memoryBudget >> 20) MiB decode budget; not opened"
                ))
        }
        defer { budget.release(estimate) }
        if helper == nil {
            do {
                helper = try HelperProcess(executable: executable, settings: settings, deadline: settings.deadline)
            } catch {
                return .failure(.circumstance("its decoder could not be started: \(error)"))
            }
        }
        colour = colourRequest(helper: &helper)
        guard let running = helper else { return .failure(.circumstance("its decoder could not be started")) }
        state.withLock { $0.helpers[slot] = running.pid }
        let id = state.withLock {
            $0.nextID += 1
            return $0.nextID
        }
        let (outcome, isSpent) = running.decodePicture(
            opened, maximumLongEdge: maximumLongEdge, id: id, colour: colour, deadline: settings.deadline, nativeSize: nativeSize,
            thumbnail: thumbnail, region: region)
        if isSpent { helper = nil }
        return outcome
    }
}
