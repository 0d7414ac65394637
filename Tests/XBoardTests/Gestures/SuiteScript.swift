import XBoard

/// Drives a bare `RecognizerSuite` with scripted touches and collects its transcript.
final class SuiteScript {
    let suite: RecognizerSuite
    private(set) var now = Instant.origin
    private(set) var log: [String] = []
    private var locations: [UInt32: Point] = [:]

    init(_ suite: RecognizerSuite) { self.suite = suite }

    @discardableResult
    func down(_ finger: UInt32, at location: Point, after delay: Duration = .zero) -> Self {
        send(finger, .began, location, delay)
    }

    @discardableResult
    func move(_ finger: UInt32, to location: Point, after delay: Duration = .milliseconds(16)) -> Self {
        send(finger, .moved, location, delay)
    }

    @discardableResult
    func up(_ finger: UInt32, after delay: Duration = .zero) -> Self {
        send(finger, .ended, locations[finger] ?? .zero, delay)
    }

    @discardableResult
    func cancel(_ finger: UInt32, after delay: Duration = .zero) -> Self {
        send(finger, .cancelled, locations[finger] ?? .zero, delay)
    }

    @discardableResult
    func tap(at location: Point, after delay: Duration = .milliseconds(100)) -> Self {
        down(1, at: location, after: delay).up(1, after: .milliseconds(50))
    }

    /// Lets time pass, stopping at every deadline the suite announces on the way.
    @discardableResult
    func wait(_ duration: Duration) -> Self {
        let end = now + duration
        while let deadline = suite.nextDeadline, deadline <= end {
            now = max(now, deadline)
            log += suite.advance(to: now).map(\.description)
        }
        now = end
        log += suite.advance(to: now).map(\.description)
        return self
    }

    func clearLog() { log.removeAll() }

    private func send(_ finger: UInt32, _ phase: TouchPhase, _ location: Point, _ delay: Duration) -> Self {
        now += delay
        locations[finger] = phase == .ended || phase == .cancelled ? nil : location
        log += suite.handle(TouchEvent(id: TouchID(number: finger), phase: phase, location: location, time: now)).map(\.description)
        return self
    }
}
