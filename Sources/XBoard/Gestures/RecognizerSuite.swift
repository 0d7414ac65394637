/// The recognizers attached to one photo, fed the touches routed to it, arbitrated together.
///
/// The suite delivers each touch change to every enabled recognizer, lets them measure, then
/// arbitrates pending activations through its `GestureArbiter`, and finally resets recognizers
/// that finished and hold no touches. Every state change comes back as a `GestureTransition`.
/// Recognizers can be added, removed, enabled and disabled at any time.
public final class RecognizerSuite {
    public private(set) var recognizers: [any GestureRecognizer] = []
    public var arbiter = GestureArbiter()

    public init(_ recognizers: [any GestureRecognizer] = []) {
        self.recognizers = recognizers
    }

    public func add(_ recognizer: any GestureRecognizer) {
        guard !recognizers.contains(where: { $0 === recognizer }) else { return }
        recognizers.append(recognizer)
    }

    /// Removes the recognizer; an active one is cancelled first. Returns what changed.
    @discardableResult
    public func remove(_ recognizer: any GestureRecognizer) -> [GestureTransition] {
        var log: [GestureTransition] = []
        stop(recognizer, log: &log)
        recognizers.removeAll { $0 === recognizer }
        arbiter.forget(recognizer)
        return log + resolve()
    }

    /// Enables or disables the recognizer. Disabling cancels an active gesture and fails a
    /// possible one; touches already down are not delivered to it once re-enabled.
    @discardableResult
    public func setEnabled(_ recognizer: any GestureRecognizer, _ isEnabled: Bool) -> [GestureTransition] {
        guard recognizer.core.isEnabled != isEnabled else { return [] }
        var log: [GestureTransition] = []
        if !isEnabled { stop(recognizer, log: &log) }
        recognizer.core.isEnabled = isEnabled
        return log + resolve()
    }

    /// Whether any recognizer tracks the touch.
    public func tracks(_ id: TouchID) -> Bool {
        recognizers.contains { $0.core.touch(id) != nil }
    }

    /// Delivers one touch change routed to this suite.
    public func handle(_ event: TouchEvent) -> [GestureTransition] {
        resetFinished()
        var log: [GestureTransition] = []
        for recognizer in recognizers where recognizer.core.isEnabled {
            deliver(event, to: recognizer)
            drain(recognizer, into: &log)
        }
        return log + resolve()
    }

    /// Lets waiting recognizers act on the passing of time.
    public func advance(to time: Instant) -> [GestureTransition] {
        resetFinished()
        var log: [GestureTransition] = []
        for recognizer in recognizers where recognizer.core.isEnabled && recognizer.core.state == .possible {
            recognizer.advance(to: time)
            drain(recognizer, into: &log)
        }
        return log + resolve()
    }

    public var nextDeadline: Instant? {
        recognizers.compactMap { $0.core.isEnabled ? $0.nextDeadline : nil }.min()
    }

    /// Every touch some recognizer tracks.
    public var trackedTouches: Set<TouchID> {
        Set(recognizers.flatMap { $0.core.touches.map(\.id) })
    }

    private func deliver(_ event: TouchEvent, to recognizer: any GestureRecognizer) {
        let isLive = recognizer.core.state == .possible || recognizer.core.state.isActive
        switch event.phase {
        case .began:
            var touch = Touch(id: event.id, location: event.location, time: event.time)
            touch.isPinned = event.isPinned
            recognizer.core.join(touch)
            if isLive { recognizer.touchBegan(touch) }
        case .moved:
            guard let touch = recognizer.core.update(event.id, location: event.location, time: event.time) else { return }
            if isLive { recognizer.touchMoved(touch) }
        case .ended, .cancelled:
            guard let touch = recognizer.core.update(event.id, location: event.location, time: event.time) else { return }
            if isLive {
                if event.phase == .ended { recognizer.touchEnded(touch) } else { recognizer.touchCancelled(touch) }
            }
            recognizer.core.leave(event.id)
        }
    }

    /// Cancels an active recognizer, fails a possible one, and resets it.
    private func stop(_ recognizer: any GestureRecognizer, log: inout [GestureTransition]) {
        if recognizer.core.state.isActive {
            recognizer.core.transition(to: .cancelled)
        } else if recognizer.core.state == .possible {
            recognizer.core.transition(to: .failed)
        }
        drain(recognizer, into: &log)
        reset(recognizer)
    }

    /// Grants or refuses pending activations until nothing changes.
    private func resolve() -> [GestureTransition] {
        var log: [GestureTransition] = []
        var changed = true
        while changed {
            changed = false
            for recognizer in recognizers
            where recognizer.core.isEnabled && recognizer.core.state == .possible && recognizer.core.wantsActivation {
                let blockers = arbiter.recognizersRequiredToFail(by: recognizer).compactMap { id in
                    recognizers.first { ObjectIdentifier($0) == id && $0.core.isEnabled }
                }
                if blockers.contains(where: { $0.core.state.isActive || $0.core.state == .ended }) {
                    recognizer.core.transition(to: .failed)
                } else if blockers.contains(where: { $0.core.state == .possible }) {
                    continue  // waits for them to fail
                } else if recognizers.contains(where: {
                    $0 !== recognizer && $0.core.state.isActive && !arbiter.canRunSimultaneously($0, recognizer)
                }) {
                    recognizer.core.transition(to: .failed)
                } else {
                    recognizer.core.transition(to: recognizer.core.isDiscrete ? .recognized : .began)
                    drain(recognizer, into: &log)
                    for other in recognizers
                    where other !== recognizer && other.core.isEnabled && other.core.state == .possible
                        && !arbiter.canRunSimultaneously(recognizer, other)
                    {
                        other.core.transition(to: .failed)
                        drain(other, into: &log)
                    }
                }
                drain(recognizer, into: &log)
                changed = true
            }
        }
        return log
    }

    /// Resets recognizers that finished and hold no touches. Runs at the start of each cycle, so
    /// between cycles an ended recognizer's values (translation, release velocity) stay readable.
    private func resetFinished() {
        for recognizer in recognizers where recognizer.core.state.isFinished && recognizer.core.touches.isEmpty {
            reset(recognizer)
        }
    }

    /// The one way back to a fresh `possible`: the core forgets touches and state, the recognizer
    /// its measurement.
    private func reset(_ recognizer: any GestureRecognizer) {
        recognizer.core.reset()
        recognizer.reset()
    }

    private func drain(_ recognizer: any GestureRecognizer, into log: inout [GestureTransition]) {
        for state in recognizer.core.takeEnteredStates() {
            log.append(
                GestureTransition(
                    recognizer: ObjectIdentifier(recognizer), name: recognizer.core.name, state: state,
                    isDiscrete: recognizer.core.isDiscrete))
        }
    }
}
