/// Owns the board and drives it: routes touches to the photo under them, runs each photo's
/// recognizers, applies their values to the photo's placement, and moves photos on their own
/// (glides after release, settles after taps and resizes).
///
/// Time passes only through the events' instants and `advance(to:)`; the controller never reads
/// a clock. `nextDeadline` says when it next needs `advance(to:)`, and `revision` changes
/// whenever anything visible changed, so the loop repaints exactly then.
public final class BoardController {
    public internal(set) var board: Board
    public let settings: BoardSettings
    /// The latest instant the controller has seen.
    public private(set) var now: Instant
    /// Incremented on every visible change (placement, stacking, photos added or removed).
    public internal(set) var revision: UInt64 = 0
    /// Called for every recognizer state change, with the photo it happened on (for traces).
    public var transitionObserver: ((PhotoID, GestureTransition) -> Void)?

    private var gestures: [PhotoID: PhotoGestures] = [:]
    var motions: [PhotoID: Motion] = [:]
    var touchOwners: [TouchID: PhotoID] = [:]
    private var lastTouchLocations: [TouchID: Point] = [:]
    private var disabledGestures: Set<PhotoGesture> = []
    /// Where photos were before a shrinking window pushed them in; they go back when it grows,
    /// unless someone moved them since. A resize never loses the arrangement.
    var placementsBeforeResize: [PhotoID: AffineTransform] = [:]
    /// Arrangements to go back and forth between (undo and redo).
    var history: (undo: [Arrangement], redo: [Arrangement]) = ([], [])
    /// The photo keyboard commands act on, if one was chosen (Tab).
    public internal(set) var selection: PhotoID? {
        didSet { if selection != oldValue { revision &+= 1 } }
    }
    /// Photos whose recognizers wait for a deadline (tap timeouts); only these need `advance`.
    private var waitingSuites: Set<PhotoID> = []

    /// Touch coordinates are limited to this far outside the board, in board points, so wild
    /// input cannot overflow the arithmetic.
    private static let coordinateLimit = 1e6

    public init(board: Board, settings: BoardSettings = BoardSettings(), startTime: Instant = .origin) {
        self.board = board
        self.settings = settings
        self.now = startTime
        for photo in board.photos { gestures[photo.id] = makeGestures() }
    }

    // MARK: Photos

    /// Adds a photo on top of the stack.
    public func add(_ photo: Photo) {
        board.add(photo)
        gestures[photo.id] = makeGestures()
        revision &+= 1
    }

    /// Adds a photo at a stacking rank (restored layouts stack photos as they were saved).
    public func add(_ photo: Photo, rank: Int, rankOf: (PhotoID) -> Int) {
        board.insert(photo, rank: rank, rankOf: rankOf)
        gestures[photo.id] = makeGestures()
        revision &+= 1
    }

    /// Whether the photo is being handled or moving on its own.
    public func isBusy(_ id: PhotoID) -> Bool {
        motions[id] != nil || touchOwners.values.contains(id)
    }

    public func remove(_ id: PhotoID) {
        board.remove(id)
        gestures[id] = nil
        motions[id] = nil
        for (touch, owner) in touchOwners where owner == id {
            touchOwners[touch] = nil
            lastTouchLocations[touch] = nil
        }
        revision &+= 1
    }

    /// Enables or disables one gesture on every photo, now and for photos added later.
    public func setEnabled(_ gesture: PhotoGesture, _ isEnabled: Bool) {
        if isEnabled { disabledGestures.remove(gesture) } else { disabledGestures.insert(gesture) }
        for (id, photoGestures) in gestures {
            let transitions = photoGestures.suite.setEnabled(photoGestures.recognizer(for: gesture), isEnabled)
            react(to: transitions, on: id)
            noteDeadline(of: id, photoGestures)
        }
    }

    public func isEnabled(_ gesture: PhotoGesture) -> Bool { !disabledGestures.contains(gesture) }

    /// The recognizer suite of a photo, to add, remove or re-wire recognizers while running.
    public func suite(of id: PhotoID) -> RecognizerSuite? { gestures[id]?.suite }

    // MARK: Input

    /// Takes one touch change. Returns the recognizer transitions it caused.
    @discardableResult
    public func handle(_ event: TouchEvent) -> [GestureTransition] {
        advance(to: event.time)
        guard var location = sanitized(event.location, for: event.id) else { return [] }
        if event.phase == .began, touchOwners[event.id] != nil {
            // A began for a live id: the old touch was lost without an end; cancel it first.
            handle(TouchEvent(id: event.id, phase: .cancelled, location: lastTouchLocations[event.id] ?? location, time: now))
        }
        if event.phase == .began {
            let routing = event.routingLocation.flatMap { $0.isFinite ? clampToLimit($0) : nil } ?? location
            guard let id = board.photo(at: routing) else { return [] }
            if touchOwners.isEmpty { recordUndoPoint() }
            touchOwners[event.id] = id
            catchMotion(of: id)
            placementsBeforeResize[id] = nil
            if board.bringToFront(id) { revision &+= 1 }
        }
        guard let owner = touchOwners[event.id], let photoGestures = gestures[owner] else { return [] }
        if event.phase == .began || event.phase == .moved {
            lastTouchLocations[event.id] = location
        } else {
            location = lastTouchLocations[event.id] ?? location
            if event.location.isFinite { location = clampToLimit(event.location) }
            touchOwners[event.id] = nil
            lastTouchLocations[event.id] = nil
        }
        let routed = TouchEvent(id: event.id, phase: event.phase, location: location, time: now)
        let transitions = photoGestures.suite.handle(routed)
        noteDeadline(of: owner, photoGestures)
        react(to: transitions, on: owner)
        applyManipulation(of: owner)
        switch event.phase {
        case .began:
            photoGestures.rebase(placement: placement(of: owner))
        case .ended, .cancelled:
            if photoGestures.suite.trackedTouches.isEmpty {
                release(owner, wasCancelled: event.phase == .cancelled)
            } else {
                photoGestures.rebase(placement: placement(of: owner))
            }
        case .moved:
            break
        }
        return transitions
    }

    /// Cancels the touches of one input device (it was unplugged or disabled mid-gesture).
    public func cancelTouches(fromSource source: UInt32) {
        for (id, location) in lastTouchLocations where id.source == source {
            handle(TouchEvent(id: id, phase: .cancelled, location: location, time: now))
        }
    }

    /// How many touches currently belong to photos.
    public var activeTouchCount: Int { touchOwners.count }

    /// The photo a touch belongs to, if any.
    public func owner(of touch: TouchID) -> PhotoID? { touchOwners[touch] }

    // MARK: Time

    /// Lets time pass: recognizers time out, glides and settles move on.
    public func advance(to time: Instant) {
        guard time > now else { return }
        now = time
        for id in waitingSuites {
            guard let photoGestures = gestures[id] else {
                waitingSuites.remove(id)
                continue
            }
            if let deadline = photoGestures.suite.nextDeadline, deadline <= time {
                react(to: photoGestures.suite.advance(to: time), on: id)
            }
            noteDeadline(of: id, photoGestures)
        }
        guard !motions.isEmpty else { return }
        for (id, motion) in motions {
            board.setTransform(motion.transform(at: time, bounds: board.bounds), of: id)
            if time >= motion.endTime { motions[id] = nil }
        }
        revision &+= 1
    }

    /// When the controller next needs `advance(to:)`: the next frame while something moves on
    /// its own, a recognizer's timeout, or `nil` when nothing will happen without input.
    public var nextDeadline: Instant? {
        var deadline = waitingSuites.compactMap { gestures[$0]?.suite.nextDeadline }.min()
        if !motions.isEmpty {
            let frame = now + settings.motion.frameInterval
            deadline = min(deadline ?? frame, frame)
        }
        return deadline
    }

    /// The next recognizer timeout alone (no frames): what matters while nothing is shown.
    public var nextTimeout: Instant? {
        waitingSuites.compactMap { gestures[$0]?.suite.nextDeadline }.min()
    }

    /// Whether any photo moves on its own.
    public var isAnimating: Bool { !motions.isEmpty }

    // MARK: Window

    /// The window changed size: the board follows, and photos left outside glide back in.
    ///
    /// Photos a shrinking window pushed in remember where they were and glide back there when
    /// the window grows again (as far as it allows), unless they were moved in between.
    public func resize(to size: Size) {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite, size != board.size else {
            return
        }
        let oldBounds = board.bounds
        board.size = size
        revision &+= 1
        for photo in board.photos {
            if case .glide(let glide) = motions[photo.id] {
                // Glides clamp as they go; remember where this one was headed if it no longer fits.
                if placementsBeforeResize[photo.id] == nil {
                    let destination = glide.transform(at: glide.endTime, bounds: oldBounds)
                    if !board.bounds.contains(destination.center) { placementsBeforeResize[photo.id] = destination }
                }
                continue
            }
            let wanted = placementsBeforeResize[photo.id] ?? photo.photoToBoard
            let target = wanted.withCenter(board.bounds.clamp(wanted.center))
            if target.center != wanted.center { placementsBeforeResize[photo.id] = wanted }  // kept until the photo is handled
            guard target != photo.photoToBoard else { continue }
            if gestures[photo.id]?.manipulation != nil {
                board.setTransform(target, of: photo.id)
                gestures[photo.id]?.rebase(placement: placement(of: photo.id))
                continue
            }
            settle(photo.id, to: target)
        }
    }

    // MARK: Invariants

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
    }

    // MARK: Private

    private func noteDeadline(of id: PhotoID, _ photoGestures: PhotoGestures) {
        if photoGestures.suite.nextDeadline != nil { waitingSuites.insert(id) } else { waitingSuites.remove(id) }
    }

    private func makeGestures() -> PhotoGestures {
        let photoGestures = PhotoGestures(settings: settings.gestures)
        for gesture in disabledGestures {
            photoGestures.suite.setEnabled(photoGestures.recognizer(for: gesture), false)
        }
        return photoGestures
    }

    private func placement(of id: PhotoID) -> AffineTransform {
        board.photo(id)?.photoToBoard ?? .identity
    }

    private func clampToLimit(_ location: Point) -> Point {
        let limit = Self.coordinateLimit
        return Point(x: min(max(location.x, -limit), board.size.width + limit), y: min(max(location.y, -limit), board.size.height + limit))
    }

    /// A finite location within the coordinate limit; for a non-finite one, the touch's last
    /// known location, or `nil` for a touch that has none.
    private func sanitized(_ location: Point, for id: TouchID) -> Point? {
        if location.isFinite { return clampToLimit(location) }
        return lastTouchLocations[id] ?? (touchOwners[id] == nil ? nil : .zero)
    }

    private func catchMotion(of id: PhotoID) {
        guard motions[id] != nil else { return }
        motions[id] = nil  // already advanced to now, so the photo stops where it is drawn
    }

    private func settle(_ id: PhotoID, to target: AffineTransform, duration: Duration? = nil) {
        guard let photo = board.photo(id), target.isFinite else { return }
        motions[id] = .settle(Settle(from: photo.photoToBoard, to: target, startTime: now, duration: duration ?? settings.motion.settleDuration))
    }

    /// A command's move: the photo eases there (unless a finger holds it) and is no longer
    /// waiting to return from a window shrink.
    func settleCommand(_ id: PhotoID, to target: AffineTransform, duration: Duration? = nil) {
        guard let photo = board.photo(id), target.isFinite, !touchOwners.values.contains(id) else { return }
        placementsBeforeResize[id] = nil
        guard target != photo.photoToBoard else { return }
        settle(id, to: target, duration: duration)
        revision &+= 1
    }

    /// Puts the photos in this stacking order (ids not on the board are skipped).
    func reorder(_ order: [PhotoID]) {
        if board.reorder(order) { revision &+= 1 }
    }

    private func react(to transitions: [GestureTransition], on id: PhotoID) {
        guard let photoGestures = gestures[id], let photo = board.photo(id) else { return }
        for transition in transitions {
            transitionObserver?(id, transition)
            switch (transition.recognizer, transition.state) {
            case (ObjectIdentifier(photoGestures.tripleTap), .recognized):
                photoGestures.placementBeforeCloseUp = nil
                settle(id, to: photo.initialPhotoToBoard)
            case (ObjectIdentifier(photoGestures.doubleTap), .recognized):
                toggleCloseUp(of: photo, gestures: photoGestures)
            case (ObjectIdentifier(photoGestures.pan), .began):
                photoGestures.placementBeforeCloseUp = nil
            default:
                break
            }
        }
    }

    private func toggleCloseUp(of photo: Photo, gestures photoGestures: PhotoGestures) {
        if let previous = photoGestures.placementBeforeCloseUp {
            photoGestures.placementBeforeCloseUp = nil
            settle(photo.id, to: previous)
            return
        }
        let printSize = photo.printBounds.size
        let fit = min(board.size.width * 0.9 / printSize.width, board.size.height * 0.9 / printSize.height)
        let scale = photo.clampScale(fit, settings: settings.motion)
        photoGestures.placementBeforeCloseUp = photo.photoToBoard
        settle(photo.id, to: AffineTransform(center: board.bounds.center, scale: scale, rotation: 0))
    }

    /// Places the photo from its snapshot and the recognizers' values, within the limits.
    private func applyManipulation(of id: PhotoID) {
        guard let photoGestures = gestures[id], let snapshot = photoGestures.manipulation, let photo = board.photo(id)
        else { return }
        guard
            [photoGestures.pan.state, photoGestures.pinch.state, photoGestures.rotation.state].contains(where: PhotoGestures.contributes)
        else { return }
        let values = photoGestures.values(relativeTo: snapshot)
        let startScale = snapshot.startTransform.scale
        let scale = photo.clampScale(startScale * values.scale / snapshot.scale, settings: settings.motion)
        let candidate = snapshot.placement(translation: values.translation, scaleRatio: scale / startScale, rotation: values.rotation)
        guard candidate.isFinite, candidate.inverted() != nil else { return }
        let placed = candidate.withCenter(board.bounds.clamp(candidate.center))
        if placed != photo.photoToBoard {
            board.setTransform(placed, of: id)
            revision &+= 1
        }
    }

    /// The last finger left the photo: it glides on with its release velocity, or settles back
    /// inside the window if it is outside.
    private func release(_ id: PhotoID, wasCancelled: Bool) {
        guard let photoGestures = gestures[id], let photo = board.photo(id) else { return }
        photoGestures.manipulation = nil
        let velocity = !wasCancelled && photoGestures.pan.state == .ended ? photoGestures.pan.velocity(at: now) : .zero
        let angularVelocity = !wasCancelled && photoGestures.rotation.state == .ended ? photoGestures.rotation.velocity(at: now) : 0
        let logScaleVelocity = !wasCancelled && photoGestures.pinch.state == .ended ? photoGestures.pinch.logScaleVelocity(at: now) : 0
        if velocity != .zero || angularVelocity != 0 || logScaleVelocity != 0 {
            let corner = photo.printBounds.corners[0]
            let glide = Glide(
                startTransform: photo.photoToBoard, startTime: now, velocity: velocity, angularVelocity: angularVelocity,
                logScaleVelocity: logScaleVelocity, settings: settings.motion,
                scaleRange: settings.motion.minimumScale...photo.maximumScale(settings: settings.motion),
                radius: corner.length * photo.scale)
            if glide.endTime > now { motions[id] = .glide(glide) }
        }
        if motions[id] == nil, !board.bounds.contains(photo.center) {
            settle(id, to: photo.photoToBoard.withCenter(board.bounds.clamp(photo.center)))
        }
    }
}
