/// Paces frames to the display and to the X server: at most one frame per refresh, never a new
/// frame while the last is still being drawn by the server, and some idle time for the server
/// after an expensive one — so frames never queue up and motion stays current (intermediate
/// states are dropped, not drawn late).
///
/// The app's event loop asks `isReady(at:)` before painting, says when a frame went out
/// (`frameSubmitted(at:)`) and when the server reported it shown (`frameShown(at:)`), and sleeps
/// until `nextDeadline` while a frame waits.
public struct FramePacer: Sendable {
    /// The display's refresh interval: frames start at least this far apart.
    public var interval: Duration
    public var settings: PacingSettings
    /// When the frame in flight was submitted, if one is.
    public private(set) var submitted: Instant?
    /// When the last frame started.
    private var lastStart: Instant?
    /// The server's idle time owed after the last frame: no new frame before this.
    private var restUntil: Instant?
    /// How long the server took over the last frame (submission to shown), if known.
    public private(set) var lastFrameTime: Duration?
    /// How long the server takes over a frame lately: an average weighted to recent frames.
    public private(set) var typicalFrameTime: Duration?
    /// Whether the server is slow at frames (it draws in software, or the machine is busy):
    /// its typical frame takes more than `PacingSettings.slowShare` of the refresh interval,
    /// and it counts as slow until that falls below `PacingSettings.quickShare`. The painter
    /// then draws the insides of drafts nearest-neighbour, which costs it a fraction.
    public private(set) var serverIsSlow = false

    public init(interval: Duration, settings: PacingSettings = PacingSettings()) {
        self.interval = interval
        self.settings = settings
    }

    /// Whether a frame may start now: none in flight (or its report is overdue), a refresh
    /// since the last one began, and the server's rest after it over.
    public func isReady(at now: Instant) -> Bool {
        if let submitted, now - submitted < settings.shownTimeout { return false }
        if let lastStart, now < lastStart + interval { return false }
        if let restUntil, now < restUntil { return false }
        return true
    }

    /// When a frame waiting to be drawn may start (`nil` when one may start now): the end of the
    /// refresh or the server's rest, or when the report of the frame in flight is overdue. A
    /// frame in flight otherwise ends the wait through its report, not a deadline.
    public func nextDeadline(after now: Instant) -> Instant? {
        if let submitted, now - submitted < settings.shownTimeout { return submitted + settings.shownTimeout }
        guard let ready = [lastStart.map { $0 + interval }, restUntil].compactMap({ $0 }).max(), ready > now else { return nil }
        return ready
    }

    /// A frame went to the server at `now`.
    public mutating func frameSubmitted(at now: Instant) {
        submitted = now
        lastStart = now
        restUntil = nil
    }

    /// The server reported the frame shown at `now`; it owes itself rest in proportion to how
    /// long the frame took (`PacingSettings.serverShare`).
    public mutating func frameShown(at now: Instant) {
        guard let submitted else { return }
        let busy = now - submitted
        lastFrameTime = busy
        let typical = typicalFrameTime.map { $0 * (1 - settings.frameTimeWeight) + busy * settings.frameTimeWeight } ?? busy
        typicalFrameTime = typical
        if typical > interval * settings.slowShare {
            serverIsSlow = true
        } else if typical < interval * settings.quickShare {
            serverIsSlow = false
        }
        let share = min(max(settings.serverShare, 0.05), 1)
        restUntil = now + busy * ((1 - share) / share)
        self.submitted = nil
    }
}

/// Tunables of frame pacing, with their units.
public struct PacingSettings: Hashable, Sendable {
    /// The largest share of time the X server spends on the board's frames while they are
    /// expensive (0…1): after a frame that took the server t, it rests t × (1 − share) / share.
    public var serverShare = 0.85
    /// A frame whose report has not come after this long counts as shown (a lost report never
    /// stops the board).
    public var shownTimeout: Duration = .milliseconds(250)
    /// The server counts as slow once its typical frame takes more than this share of the
    /// refresh interval, and as quick again below `quickShare` (apart, so it does not flicker
    /// between the two).
    public var slowShare = 0.5
    public var quickShare = 0.25
    /// The weight of the newest frame in the typical frame time (0…1).
    public var frameTimeWeight = 0.25

    public init() {}
}
