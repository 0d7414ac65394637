import Testing
import XBoard

/// Scripts touches the way a gesture reads, driving time by hand:
/// `script.down(1, at: p).move(1, to: q, after: .milliseconds(16)).up(1)`.
///
/// Every step checks the controller's invariants and records recognizer transitions.
final class TouchScript {
    let controller: BoardController
    private(set) var now: Instant
    private(set) var log: [String] = []
    private var locations: [UInt32: Point] = [:]

    init(_ controller: BoardController) {
        self.controller = controller
        self.now = controller.now
        controller.transitionObserver = { [unowned self] _, transition in self.log.append(transition.description) }
    }

    @discardableResult
    func down(_ finger: UInt32, at location: Point, after delay: Duration = .zero) -> Self {
        send(finger, .began, location, after: delay)
    }

    @discardableResult
    func move(_ finger: UInt32, to location: Point, after delay: Duration = .milliseconds(16)) -> Self {
        send(finger, .moved, location, after: delay)
    }

    /// Moves several fingers in one frame (the same instant), in the order given.
    @discardableResult
    func move(_ moves: [(UInt32, Point)], after delay: Duration = .milliseconds(8)) -> Self {
        now += delay
        for (finger, location) in moves { send(finger, .moved, location, after: .zero) }
        return self
    }

    /// Moves a finger in `steps` equal steps, `interval` apart, to `location`.
    @discardableResult
    func slide(_ finger: UInt32, to location: Point, steps: Int = 10, interval: Duration = .milliseconds(8)) -> Self {
        guard let start = locations[finger] else { return self }
        for step in 1...steps {
            move(finger, to: start + (location - start) * (Double(step) / Double(steps)), after: interval)
        }
        return self
    }

    @discardableResult
    func up(_ finger: UInt32, after delay: Duration = .zero) -> Self {
        send(finger, .ended, locations[finger] ?? .zero, after: delay)
    }

    @discardableResult
    func cancel(_ finger: UInt32, after delay: Duration = .zero) -> Self {
        send(finger, .cancelled, locations[finger] ?? .zero, after: delay)
    }

    @discardableResult
    func tap(_ finger: UInt32 = 1, at location: Point, after delay: Duration = .milliseconds(100)) -> Self {
        down(finger, at: location, after: delay).up(finger, after: .milliseconds(60))
    }

    /// Lets time pass with no input.
    @discardableResult
    func wait(_ duration: Duration) -> Self {
        now += duration
        controller.advance(to: now)
        controller._checkInvariants()
        return self
    }

    /// Advances frame by frame, as the event loop would, until nothing moves (bounded).
    @discardableResult
    func settle(limit: Duration = .seconds(60)) -> Self {
        let end = now + limit
        while let deadline = controller.nextDeadline, now < end {
            now = max(now, deadline)
            controller.advance(to: now)
            controller._checkInvariants()
        }
        return self
    }

    func clearLog() { log.removeAll() }

    private func send(_ finger: UInt32, _ phase: TouchPhase, _ location: Point, after delay: Duration) -> Self {
        now += delay
        switch phase {
        case .began, .moved: locations[finger] = location
        case .ended, .cancelled: locations[finger] = nil
        }
        controller.handle(TouchEvent(id: TouchID(number: finger), phase: phase, location: location, time: now))
        controller._checkInvariants()
        return self
    }
}
