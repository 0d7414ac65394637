import SystemPackage
import Testing
import XBoard

/// Drives a board session the way a person and the platform would, by hand, with time as data:
/// opens photos whose decodes it reports itself, touches, keys, and records every effect as one
/// line (`log`), so a test reads as a transcript:
/// `#expect(script.key("?").key(.escape).log == ["leave fullscreen"])`.
final class SessionScript {
    let session: BoardSession
    private(set) var now: Instant
    /// Every effect so far, as `BoardEffect.description`s; `clear()` empties it.
    private(set) var log: [String] = []
    /// Every effect so far, as values.
    private(set) var effects: [BoardEffect] = []
    /// The decodes asked for and not reported yet.
    private(set) var pendingDecodes: [DecodeRequest] = []

    init(size: Size = Size(width: 1000, height: 800), settings: SessionSettings = SessionSettings()) {
        now = Instant(sinceOrigin: .seconds(100))
        session = BoardSession(size: size, settings: settings, at: now)
    }

    static func file(_ name: String) -> ListedFile {
        let path = FilePath("/photos/\(name)")
        return ListedFile(path: path, canonical: PathKey(path))
    }

    /// Opens `names` (files under /photos), remembering `memory`, and reports every first decode
    /// as a 400×300 picture, except `failing` ones.
    @discardableResult
    func open(_ names: [String], memory: BoardMemory = BoardMemory(), failing: Set<String> = []) -> Self {
        let opening = BoardOpening(files: names.map(Self.file), named: [], added: [], memory: memory, problemPaths: [])
        send(.opened(opening))
        return decodeAll(failing: failing)
    }

    /// Reports every pending decode: decoded, or failed for the names in `failing`.
    @discardableResult
    func decodeAll(failing: Set<String> = []) -> Self {
        let requests = pendingDecodes
        pendingDecodes = []
        let reports = requests.map { request in
            let name = request.path.lastComponent?.string ?? ""
            let outcome: DecodeReport.Outcome =
                failing.contains(name)
                ? .failed(Problem(request.path, "not a picture format this system can read"))
                : .decoded(PictureFacts(pixelSize: Size(width: 400, height: 300), nativeSize: Size(width: 4000, height: 3000)))
            return DecodeReport(request: request, outcome: outcome, duration: .milliseconds(5))
        }
        return send(.decoded(reports))
    }

    /// Sends `event`, then advances the session, as the loop does after every wake-up.
    @discardableResult
    func send(_ event: SessionEvent, after delay: Duration = .zero) -> Self {
        now += delay
        record(session.handle(event, at: now))
        record(session.advance(to: now))
        return self
    }

    @discardableResult
    func window(_ event: WindowEvent, after delay: Duration = .zero) -> Self { send(.window(event), after: delay) }

    @discardableResult
    func key(_ chord: KeyChord, after delay: Duration = .milliseconds(50)) -> Self {
        now += delay
        return window(.key(chord, at: now))
    }

    @discardableResult
    func key(_ character: Character, _ modifiers: KeyChord.Modifiers = []) -> Self { key(.character(character, modifiers)) }

    /// A key let go, `delay` after the last event.
    @discardableResult
    func release(_ chord: KeyChord, after delay: Duration = .milliseconds(50)) -> Self {
        now += delay
        return window(.keyReleased(chord, at: now))
    }

    @discardableResult
    func touch(_ number: UInt32, _ phase: TouchPhase, at location: Point, after delay: Duration = .milliseconds(16)) -> Self {
        now += delay
        return window(.touch(TouchEvent(id: TouchID(source: 2, number: number), phase: phase, location: location, time: now)))
    }

    /// The mouse: `kind` at `location`, `delay` after the last event.
    @discardableResult
    func pointer(
        _ kind: PointerEvent.Kind, at location: Point, modifiers: PointerEvent.Modifiers = [], after delay: Duration = .milliseconds(16)
    ) -> Self {
        now += delay
        return window(.pointer(PointerEvent(kind, at: location, modifiers: modifiers, time: now)))
    }

    @discardableResult
    func tap(at location: Point, finger: UInt32 = 1) -> Self {
        touch(finger, .began, at: location, after: .milliseconds(400)).touch(finger, .ended, at: location, after: .milliseconds(60))
    }

    /// Lets `duration` pass, in steps of a frame, advancing the session and painting a frame
    /// after each (what the loop does).
    @discardableResult
    func wait(_ duration: Duration, step: Duration = .milliseconds(16)) -> Self {
        let end = now + duration
        while now < end {
            now = min(end, now + step)
            record(session.advance(to: now))
            _ = session.makeFrame(at: now)
        }
        return self
    }

    /// Paints a frame now, as the loop does after every wake-up.
    @discardableResult
    func frame() -> DisplayList { session.makeFrame(at: now) }

    /// Draws a frame and returns where the control with `word` lies on the bar it shows.
    func controlFrame(_ word: String) throws -> Rect {
        let list = frame()
        let bar = try #require(session.shownBar, "no controls shown in \(list.items.count) items")
        let index = try #require(session.commands.controls.firstIndex { $0.word == word }, "no control \(word)")
        return try #require(bar.targets.first { $0.target == .control(index) }?.frame)
    }

    @discardableResult
    func clear() -> Self {
        log = []
        effects = []
        return self
    }

    private func record(_ new: [BoardEffect]) {
        for effect in new {
            if case .decode(let requests) = effect { pendingDecodes += requests }
        }
        effects += new
        log += new.map(\.description)
        session.controller._checkInvariants()
    }
}
