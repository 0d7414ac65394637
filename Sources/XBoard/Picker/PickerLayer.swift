import SystemPackage

/// The photo picker as a layer of the board: the picker's state and every touch on it — a drag
/// scrolls the grid (and a fling glides on), a picture dragged sideways is taken out toward the
/// board, taps go into folders, choose pictures, Select all, Add and Close — with what those ask
/// of the board returned as outcomes for the session to carry out. Tested alone
/// (`PickerLayerTests`); the session composes it.
public struct PickerLayer: Sendable {
    public private(set) var picker: PhotoPicker
    let metrics: WidgetMetrics
    /// The part a finger holds down now, shown pressed.
    public private(set) var pressed: PickerTarget?
    /// A picture being taken out toward the board, and where the finger is.
    public private(set) var dragged: (id: ThumbnailID, location: Point)?
    private var touches: [TouchID: PickerTouch] = [:]

    /// What the picker asks of the board.
    public enum Outcome: Equatable, Sendable {
        /// List `folder` (`SessionEvent.folderListed` brings it back).
        case list(FilePath)
        case decode([ThumbnailRequest])
        /// Let go of thumbnails out of view, or of a folder left.
        case forget([ThumbnailID])
        /// Lay these pictures on the board, about `location` (the board's middle when `nil`).
        case add([ListedFile], at: Point?)
        /// A picture that cannot be opened was tapped (its name).
        case cannotOpen(String)
        case close
    }

    /// One touch on the picker: what it began on, and what it turned into.
    struct PickerTouch: Sendable {
        enum Mode: Sendable {
            case press
            /// Scrolling the grid from where it was when the touch began.
            case scroll(from: Double)
            case drag(ListedFile, ThumbnailID)
        }

        var target: PickerTarget?
        var start: Point
        var location: Point
        var mode: Mode = .press
        /// Recent samples, for a fling's speed.
        var samples: [(time: Instant, y: Double)] = []
    }

    /// Thumbnails out of view kept before they are let go.
    static let thumbnailsKept = 240

    /// The picker open on `folder`; it asks for the folder's listing.
    public init(folder: FilePath, home: FilePath?, metrics: WidgetMetrics) {
        picker = PhotoPicker(folder: folder, home: home)
        self.metrics = metrics
    }

    // MARK: Folders and thumbnails

    /// Shows `folder`, letting go of the thumbnails of the one left.
    public mutating func open(_ folder: FilePath) -> [Outcome] {
        let forget: [Outcome] = picker.requested.isEmpty ? [] : [.forget(Array(picker.requested))]
        picker.open(folder)
        return forget + [.list(folder)]
    }

    /// Takes a listing, and asks for the thumbnails in view.
    public mutating func listed(_ listing: FolderListing, in size: Size) -> [Outcome] {
        picker.listed(listing)
        return requestThumbnails(in: size)
    }

    public mutating func thumbnailsDecoded(_ results: [ThumbnailID: Bool]) {
        for (id, isDecoded) in results { picker.thumbnailArrived(id, isDecoded: isDecoded) }
    }

    /// The pictures of the folder shown that `isOnBoard` says are on the board (they show marked).
    public func onBoard(_ isOnBoard: (PathKey) -> Bool) -> Set<PathKey> {
        Set(picker.listing?.pictures.map(\.canonical).filter(isOnBoard) ?? [])
    }

    /// What closing lets go of.
    public var closing: [Outcome] { picker.requested.isEmpty ? [] : [.forget(Array(picker.requested))] }

    /// Asks for the thumbnails in view (and a few rows around) not asked for yet, and lets go
    /// of those far out of view, so a folder of thousands keeps a few hundred.
    mutating func requestThumbnails(in size: Size) -> [Outcome] {
        let wanted = picker.wantedThumbnails(in: size, metrics: metrics)
        let missing = wanted.filter { !picker.requested.contains($0) }
        var outcomes: [Outcome] = []
        let far = picker.requested.subtracting(wanted)
        if far.count > Self.thumbnailsKept {
            picker.forget(far)
            outcomes.append(.forget(Array(far)))
        }
        guard !missing.isEmpty else { return outcomes }
        picker.requested(missing)
        let longEdge = Int(metrics.tile.rounded(.up))
        let requests = missing.compactMap { id in
            picker.picture(of: id).map { ThumbnailRequest(id: id, path: $0.path, maximumLongEdge: longEdge, canonical: $0.canonical.path) }
        }
        return outcomes + [.decode(requests)]
    }

    // MARK: Time

    /// Whether a fling is gliding (frames are wanted).
    public var isGliding: Bool { picker.isGliding }

    /// Lets a fling glide on to `now`.
    public mutating func advance(to now: Instant, in size: Size) -> [Outcome] {
        guard picker.isGliding else { return [] }
        picker.advance(to: now, maximum: picker.geometry(in: size, metrics: metrics).maximumScroll)
        return requestThumbnails(in: size)
    }

    // MARK: Touches

    /// A touch on the picker as `shown` (the last frame's layout of it) in a window of `size`.
    public mutating func touch(_ event: TouchEvent, shown: LaidOutWidget?, in size: Size) -> [Outcome] {
        let location = event.phase == .began ? (event.routingLocation ?? event.location) : event.location
        switch event.phase {
        case .began:
            let target: PickerTarget? = if case .picker(let part) = shown?.target(at: location) { part } else { nil }
            touches[event.id] = PickerTouch(target: target, start: location, location: location, samples: [(event.time, location.y)])
            picker.catchFling()
            pressed = target
            return []
        case .moved:
            guard var state = touches[event.id] else { return [] }
            state.location = location
            state.samples = (state.samples + [(event.time, location.y)]).suffix(6)
            let outcomes = move(&state, in: size)
            touches[event.id] = state
            pressed =
                if case .press = state.mode, shown?.target(at: location) == state.target.map(WidgetTarget.picker) { state.target } else {
                    nil
                }
            return outcomes
        case .ended:
            guard var state = touches.removeValue(forKey: event.id) else { return [] }
            state.location = location
            pressed = nil
            return release(state, at: event.time, shown: shown, in: size)
        case .cancelled:
            // Nothing acts; a picture on its way out goes back in.
            if case .drag = touches.removeValue(forKey: event.id)?.mode { dragged = nil }
            pressed = nil
            return []
        }
    }

    /// Past the slop, sideways from a picture a finger takes the picture out; any other way it
    /// scrolls.
    private mutating func move(_ state: inout PickerTouch, in size: Size) -> [Outcome] {
        let delta = state.location - state.start
        if case .press = state.mode, delta.length > metrics.slop {
            switch state.target {
            case .tile(let index):
                if case .picture(let file, let id) = picker.tile(index), abs(delta.x) > abs(delta.y) {
                    state.mode = .drag(file, id)
                } else {
                    state.mode = .scroll(from: picker.scrollOffset)
                }
            case .grid:
                state.mode = .scroll(from: picker.scrollOffset)
            default:
                break
            }
        }
        switch state.mode {
        case .scroll(let from):
            picker.scroll(by: from - picker.scrollOffset - delta.y, maximum: picker.geometry(in: size, metrics: metrics).maximumScroll)
            return requestThumbnails(in: size)
        case .drag(_, let id):
            dragged = (id, state.location)
            return []
        case .press:
            return []
        }
    }

    private mutating func release(_ state: PickerTouch, at time: Instant, shown: LaidOutWidget?, in size: Size) -> [Outcome] {
        switch state.mode {
        case .scroll:
            // Let go moving: the grid glides on (the speed over the last few samples).
            if let first = state.samples.first, let last = state.samples.last, last.time > first.time, time - last.time < .milliseconds(60)
            {
                picker.fling(speed: -(last.y - first.y) / (last.time - first.time).seconds, at: time)
            }
            return []
        case .drag(let file, _):
            dragged = nil
            return picker.geometry(in: size, metrics: metrics).sheet.contains(state.location) ? [] : [.add([file], at: state.location)]
        case .press:
            guard let target = state.target, shown?.target(at: state.location) == .picker(target) else { return [] }
            return tap(target)
        }
    }

    /// A tap on a part of the picker.
    private mutating func tap(_ target: PickerTarget) -> [Outcome] {
        switch target {
        case .close:
            return [.close]
        case .add:
            // Every picture chosen, in every folder chosen in: what the button counts.
            let files = picker.selectedFiles()
            picker.clearSelection()
            return [.close, .add(files, at: nil)]
        case .all:
            picker.toggleAll()
        case .crumb(let index):
            let crumbs = picker.crumbs
            if crumbs.indices.contains(index) { return open(crumbs[index].folder) }
        case .tile(let index):
            switch picker.tile(index) {
            case .folder(let folder):
                return open(folder)
            case .picture(let file, let thumbnail):
                // A file whose thumbnail could not be made is no picture the board can open.
                guard !picker.failed.contains(thumbnail) else {
                    return [.cannotOpen(file.path.lastComponent.map { String(decoding: $0.bytes, as: UTF8.self) } ?? file.path.escaped)]
                }
                picker.toggle(file)
            case nil:
                break
            }
        default:
            break
        }
        return []
    }

    // MARK: Showing

    /// The picker laid out in a window of `size`, with the pictures in `onBoard` marked.
    public func layout(in size: Size, measure: TextMeasure, style: WidgetStyle, onBoard: Set<PathKey>) -> LaidOutWidget {
        picker.layout(in: size, metrics: metrics, measure: measure, style: style, onBoard: onBoard, pressed: pressed)
    }

    /// The picture on its way out, under the finger.
    public func draggedItem(style: WidgetStyle) -> WidgetItem? {
        guard let dragged else { return nil }
        let side = metrics.tile * 0.8
        let frame = Rect(x: dragged.location.x - side / 2, y: dragged.location.y - side / 2, width: side, height: side)
        let steps: [WidgetStep] =
            picker.ready.contains(dragged.id)
            ? [.thumbnail(dragged.id, frame: frame)]
            : [
                .box(frame, radius: metrics.cornerRadius, color: style.tile),
                .icon(.photo, frame: frame.insetBy(side * 0.3), color: style.text),
            ]
        return WidgetItem(frame: frame, opacity: 0.85, steps: steps)
    }

    /// The parts `shown` shows, as `(kind, word, frame)`: what a screen reader or a test finds them by.
    public func targets(shown: LaidOutWidget?) -> [(kind: String, word: String, frame: Rect)] {
        (shown?.targets ?? []).compactMap { frame, target in
            guard case .picker(let part) = target else { return nil }
            switch part {
            case .tile(let index):
                switch picker.tile(index) {
                case .folder(let folder): return ("picker-folder", folder.lastComponent?.string ?? "", frame)
                case .picture(let file, _): return ("picker-photo", file.path.lastComponent?.string ?? "", frame)
                case nil: return nil
                }
            case .crumb(let index): return picker.crumbs.indices.contains(index) ? ("picker-crumb", picker.crumbs[index].name, frame) : nil
            case .add: return ("picker-add", "Add", frame)
            case .all: return ("picker-all", picker.isAllSelected ? "Select none" : "Select all", frame)
            case .close: return ("picker-close", "Close", frame)
            default: return nil
            }
        }
    }
}
