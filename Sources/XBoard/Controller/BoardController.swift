/// Owns the board and drives it: routes touches to the photo under them, runs each photo's
/// recognizers, applies their values to the photo's placement, and moves photos on their own
/// (glides after release, settles after taps and resizes).
///
/// Time passes only through the events' instants and `advance(to:)`; the controller never reads
/// a clock. `nextDeadline` says when it next needs `advance(to:)`, and `revision` changes
/// whenever anything visible changed, so a frame is drawn exactly then.
///
/// Its concerns live in extensions: touch routing (`+Routing`), motion and time (`+Motion`),
/// the view onto the board (`+View`), taps (`+Taps`), window resizes (`+Resize`), undo and redo (`+History`), keyboard commands
/// (`+Commands`), the bare table's gestures (`+Table`), cards waiting for their pictures (`+Cards`), photos taken off the board
/// (`+OffBoard`) and tidying into a grid (`+Tidy`).
public final class BoardController {
    public internal(set) var board: Board
    public let settings: BoardSettings
    /// The latest instant the controller has seen.
    public internal(set) var now: Instant
    /// Incremented on every visible change (placement, stacking, photos added or removed).
    public internal(set) var revision: UInt64 = 0
    /// Which part of the board the window shows. Not part of undo: an arrangement is the
    /// photos alone. Changing it bumps `revision`.
    public internal(set) var view: BoardView = .identity {
        didSet { if view != oldValue { revision &+= 1 } }
    }
    /// The view moving on its own, if it does (`+View`).
    var viewMotion: ViewMotion?
    /// The touches the bare table has (`+Table`), and its recognizers, made when first touched.
    var tableTouches: Set<TouchID> = []
    var tableGestures: TableGestures?
    /// Called for every recognizer state change, with the photo it happened on (for traces).
    public var transitionObserver: ((PhotoID, GestureTransition) -> Void)?

    /// The recognizers of photos a finger has been on (`gesturesOf`).
    var gestures: [PhotoID: PhotoGestures] = [:]
    var motions: [PhotoID: Motion] = [:] {
        didSet { moving = nil }
    }
    var touchOwners: [TouchID: PhotoID] = [:] {
        didSet { moving = nil }
    }
    /// `movingPhotos`, kept until a photo starts or stops moving: asked twice a frame, and ten
    /// thousand gliding prints made a set of ten thousand each time.
    var moving: Set<PhotoID>?
    var lastTouchLocations: [TouchID: Point] = [:]
    private var disabledGestures: Set<PhotoGesture> = []
    /// Where photos were before a shrinking window pushed them in; they go back when it grows,
    /// unless someone moved them since. A resize never loses the arrangement.
    var placementsBeforeResize: [PhotoID: AffineTransform] = [:]
    /// Arrangements to go back and forth between (undo and redo).
    var history: (undo: [Arrangement], redo: [Arrangement]) = ([], [])
    /// Counts the undo points recorded and the undos and redos done, so a run of wheel steps can
    /// tell that nothing else happened between them.
    var historyChanges = 0
    /// The last wheel step on a print: the steps after it, on the same print soon after and with
    /// nothing else between, add to its undo step (`BoardSettings.wheelStepsMergeWithin`).
    var lastWheelStep: (photo: PhotoID, time: Instant, historyChanges: Int)?
    /// The photo keyboard commands act on, if one was chosen (Tab).
    public internal(set) var selection: PhotoID? {
        didSet { if selection != oldValue { revision &+= 1 } }
    }
    /// The photos selected together (a band drawn on the table), which move and go together
    /// (`+Selection`); separate from `selection`, the one Tab chose for the keys.
    public internal(set) var selected: Set<PhotoID> = [] {
        didSet {
            guard selected != oldValue else { return }
            revision &+= 1
            moving = nil
        }
    }
    /// The band a finger draws on the table after pressing and holding it, or the mouse's left
    /// button at once (`+Selection`).
    var band: Band? {
        didSet { if band != oldValue { revision &+= 1 } }
    }
    /// The order Tab visits photos in (the stack, top first, as it was when this round of Tab
    /// began: selecting raises a photo, which must not change the order still to come), and the
    /// stack the last Tab left, to tell when something else changed it.
    var selectionCycle: (order: [PhotoID], stackAfterwards: [PhotoID]) = ([], [])
    /// Photos whose recognizers wait for a deadline (tap timeouts); only these need `advance`.
    var waitingSuites: Set<PhotoID> = []
    /// Photos taken off the board (this time, or remembered so), as they lay when they left,
    /// with the order they left in (`BoardController+OffBoard`).
    var offBoard: [PhotoID: OffBoardPhoto] = [:]
    /// Long presses not taken yet (`takeHolds`).
    var holds: [Hold] = []

    public init(board: Board, settings: BoardSettings = BoardSettings(), startTime: Instant = .origin) {
        self.board = board
        self.settings = settings
        self.now = startTime
    }

    // MARK: Photos

    /// Adds a photo on top of the stack.
    public func add(_ photo: Photo) {
        board.add(photo)
        offBoard[photo.id] = nil
        gestures[photo.id] = nil
        revision &+= 1
    }

    /// Adds a photo at a stacking key (restored boards stack photos as they were saved).
    public func add(_ photo: Photo, rank: Double, rankOf: (PhotoID) -> Double) {
        board.insert(photo, rank: rank, rankOf: rankOf)
        offBoard[photo.id] = nil
        gestures[photo.id] = nil
        revision &+= 1
    }

    /// Whether the photo is being handled or moving on its own.
    public func isBusy(_ id: PhotoID) -> Bool {
        motions.index(forKey: id) != nil || touchOwners.values.contains(id)
    }

    /// Takes a photo off the board; it waits with the removed photos (`offBoard`) until it
    /// returns.
    public func remove(_ id: PhotoID) {
        if let photo = board.photo(id) { offBoard[id] = OffBoardPhoto(photo: photo, order: nextOffBoardOrder()) }
        board.remove(id)
        gestures[id] = nil
        motions[id] = nil
        selected.remove(id)
        for (touch, owner) in touchOwners where owner == id {
            touchOwners[touch] = nil
            lastTouchLocations[touch] = nil
        }
        revision &+= 1
    }

    // MARK: Gestures

    /// Enables or disables one gesture on every photo, now and for photos added later.
    public func setEnabled(_ gesture: PhotoGesture, _ isEnabled: Bool) {
        if isEnabled { disabledGestures.remove(gesture) } else { disabledGestures.insert(gesture) }
        for (id, photoGestures) in gestures {
            let transitions = photoGestures.suite.setEnabled(photoGestures.recognizer(for: gesture), isEnabled)
            react(to: transitions, on: id)
            noteDeadline(of: id, photoGestures)
        }
    }

    /// A photo's recognizers, made when it is first touched (or brought up close): a board of
    /// ten thousand prints keeps them only for the few a finger has been on.
    func gesturesOf(_ id: PhotoID) -> PhotoGestures {
        if let photoGestures = gestures[id] { return photoGestures }
        let photoGestures = PhotoGestures(settings: settings.gestures)
        for gesture in disabledGestures {
            photoGestures.suite.setEnabled(photoGestures.recognizer(for: gesture), false)
        }
        gestures[id] = photoGestures
        return photoGestures
    }

    /// Keeps `waitingSuites` in step with whether the photo's recognizers wait for a deadline.
    func noteDeadline(of id: PhotoID, _ photoGestures: PhotoGestures) {
        if photoGestures.suite.nextDeadline != nil { waitingSuites.insert(id) } else { waitingSuites.remove(id) }
    }

    func placement(of id: PhotoID) -> AffineTransform {
        board.photo(id)?.photoToBoard ?? .identity
    }

    // MARK: Invariants

    /// How many photos have recognizers now (those a finger has been on and that stayed); for
    /// tests.
    public var _photosWithRecognizers: Int { gestures.count }

    /// Checks the controller's and board's invariants; for tests.
    public func _checkInvariants() {
        board._checkInvariants()
        for photo in board.photos {
            let scale = photo.scale
            precondition(
                scale >= settings.motion.minimumScale * 0.999 && scale <= photo.maximumScale(settings: settings.motion) * 1.001,
                "\(photo.id) scale \(scale) outside limits")
        }
        for (touch, owner) in touchOwners {
            precondition(gestures[owner]?.suite.tracks(touch) == true, "\(touch) owned by \(owner) but not tracked")
        }
        for (id, photoGestures) in gestures {
            for touch in photoGestures.suite.trackedTouches {
                precondition(touchOwners[touch] == id, "\(touch) tracked by \(id) but not owned")
            }
        }
        precondition(tableTouches == tableGestures?.suite.trackedTouches ?? [], "the table's touches and its recognizers' differ")
        precondition(tableTouches.isDisjoint(with: touchOwners.keys), "a touch is the table's and a photo's")
        precondition(view.zoom.isFinite && view.zoom > 0 && view.origin.isFinite, "\(view)")
        precondition(selected.allSatisfy { board.photo($0) != nil }, "a selected photo is not on the board")
    }
}
