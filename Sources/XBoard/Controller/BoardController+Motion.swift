/// Time and motion: fingers' values applied to a placement, glides after release, settles, and
/// when the board next needs time to pass (`nextDeadline`).
extension BoardController {
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
        if let table = tableGestures, let deadline = table.suite.nextDeadline, deadline <= time {
            reactOnTable(to: table.suite.advance(to: time), table)
        }
        advanceView(to: time)
        guard !motions.isEmpty else { return }
        // Ended motions are taken out after the pass: removing one while iterating copied the
        // whole dictionary (thirteen thousand motions of a tidy, all ending in one step).
        var ended: [PhotoID] = []
        for (id, motion) in motions {
            board.setTransform(motion.transform(at: time), of: id)
            if time >= motion.endTime { ended.append(id) }
        }
        if ended.count == motions.count {
            motions.removeAll()
        } else {
            for id in ended { motions[id] = nil }
        }
        revision &+= 1
    }

    /// When the controller next needs `advance(to:)`: the next frame while something moves on
    /// its own, a recognizer's timeout, or `nil` when nothing will happen without input.
    public var nextDeadline: Instant? {
        var deadline = nextTimeout
        if !motions.isEmpty || viewMotion != nil {
            let frame = now + settings.motion.frameInterval
            deadline = min(deadline ?? frame, frame)
        }
        return deadline
    }

    /// The next recognizer timeout alone (no frames): what matters while nothing is shown.
    public var nextTimeout: Instant? {
        (waitingSuites.compactMap { gestures[$0]?.suite.nextDeadline } + [tableGestures?.suite.nextDeadline].compactMap { $0 }).min()
    }

    /// Whether any photo, or the view, moves on its own.
    public var isAnimating: Bool { !motions.isEmpty || viewMotion != nil }

    /// Where `photo` comes to rest: where its motion ends, or where it lies when it has none.
    func restingPlacement(of photo: Photo) -> AffineTransform {
        guard let motion = motions[photo.id] else { return photo.photoToBoard }
        return motion.transform(at: motion.endTime)
    }

    /// The photos in fingers or moving on their own: drawn as quick drafts until they rest.
    public var movingPhotos: Set<PhotoID> {
        if let moving { return moving }
        var made = Set(touchOwners.values).union(motions.keys)
        if !selected.isDisjoint(with: touchOwners.values) { made.formUnion(selected) }  // the selection moves together
        moving = made
        return made
    }

    /// A touch caught a moving photo: it stops where it is drawn (already advanced to now).
    func catchMotion(of id: PhotoID) {
        motions[id] = nil
    }

    /// Eases the photo to `target` over `duration` (the settings' settle time by default).
    func settle(_ id: PhotoID, to target: AffineTransform, duration: Duration? = nil) {
        guard let photo = board.photo(id) else { return }
        settle(photo, to: target, duration: duration)
    }

    private func settle(_ photo: Photo, to target: AffineTransform, duration: Duration?) {
        guard target.isFinite else { return }
        motions[photo.id] = .settle(
            Settle(from: photo.photoToBoard, to: target, startTime: now, duration: duration ?? settings.motion.settleDuration))
    }

    /// A command's move: the photo eases there (unless a finger holds it) and is no longer
    /// waiting to return from a window shrink.
    func settleCommand(_ id: PhotoID, to target: AffineTransform, duration: Duration? = nil) {
        guard let photo = board.photo(id) else { return }
        settleCommand(photo, to: target, duration: duration)
    }

    /// The same, for the photo as it lies (looked up already).
    func settleCommand(_ photo: Photo, to target: AffineTransform, duration: Duration? = nil) {
        guard target.isFinite, !touchOwners.values.contains(photo.id) else { return }
        if !placementsBeforeResize.isEmpty { placementsBeforeResize[photo.id] = nil }
        guard target != photo.photoToBoard else { return }
        settle(photo, to: target, duration: duration)
        revision &+= 1
    }

    /// Places the photo from its snapshot and the recognizers' values, within the limits.
    func applyManipulation(of id: PhotoID) {
        guard let photoGestures = gestures[id], let snapshot = photoGestures.manipulation, let photo = board.photo(id)
        else { return }
        guard
            [photoGestures.pan.state, photoGestures.pinch.state, photoGestures.rotation.state].contains(where: PhotoGestures.contributes)
        else { return }
        let values = photoGestures.values(relativeTo: snapshot)
        // The snapshot is in the window (the fingers' space); the limits are the board's.
        let startScale = snapshot.startTransform.scale / view.zoom
        let scale = photo.clampScale(startScale * values.scale / snapshot.scale, settings: settings.motion)
        let candidate = snapshot.placement(translation: values.translation, scaleRatio: scale / startScale, rotation: values.rotation)
            .concatenating(view.windowToBoard)
        guard candidate.isFinite, candidate.inverted() != nil else { return }
        let placed = clamped(candidate, into: visibleBounds)
        if placed != photo.photoToBoard {
            board.setTransform(placed, of: id)
            revision &+= 1
        }
        moveGroup(of: photoGestures, from: snapshot.startTransform, to: placed.concatenating(view.boardToWindow))
    }

    /// The last finger left the photo: it glides on with its release velocity, or settles back
    /// inside the view if it is outside.
    func release(_ id: PhotoID, wasCancelled: Bool) {
        guard let photoGestures = gestures[id], let photo = board.photo(id) else { return }
        photoGestures.manipulation = nil
        let windowVelocity = !wasCancelled && photoGestures.pan.state == .ended ? photoGestures.pan.velocity(at: now) : .zero
        let velocity = view.windowToBoard.applyToVector(windowVelocity)
        let angularVelocity = !wasCancelled && photoGestures.rotation.state == .ended ? photoGestures.rotation.velocity(at: now) : 0
        let logScaleVelocity = !wasCancelled && photoGestures.pinch.state == .ended ? photoGestures.pinch.logScaleVelocity(at: now) : 0
        if velocity != .zero || angularVelocity != 0 || logScaleVelocity != 0 {
            let corner = photo.printBounds.corners[0]
            var motion = settings.motion
            motion.restDistance /= view.zoom  // at rest on screen: a fraction of a window pixel
            motion.maximumReleaseSpeed /= view.zoom
            let glide = Glide(
                startTransform: photo.photoToBoard, startTime: now, velocity: velocity, angularVelocity: angularVelocity,
                logScaleVelocity: logScaleVelocity, settings: motion,
                scaleRange: settings.motion.minimumScale...photo.maximumScale(settings: settings.motion),
                radius: corner.length * photo.scale, bounds: Self.restingBounds(of: photo, within: visibleBounds))
            if glide.endTime > now { motions[id] = .glide(glide) }
        }
        if motions[id] == nil, !visibleBounds.contains(photo.center) {
            settle(id, to: clamped(photo.photoToBoard, into: visibleBounds))
        }
        releaseGroup(of: photoGestures, velocity: velocity)
    }

    /// Where a thrown print's centre may come to rest: inside `visible` by half the print's extent
    /// as it was let go, so the whole print rests in the view (its centre alone left most of it
    /// off the window's edge); a print larger than the view rests about the view's middle.
    static func restingBounds(of photo: Photo, within visible: Rect) -> Rect {
        let extent = photo.boardBounds.size
        let insetX = min(extent.width / 2, visible.size.width / 2), insetY = min(extent.height / 2, visible.size.height / 2)
        return Rect(
            x: visible.minX + insetX, y: visible.minY + insetY, width: visible.size.width - 2 * insetX,
            height: visible.size.height - 2 * insetY)
    }
}
