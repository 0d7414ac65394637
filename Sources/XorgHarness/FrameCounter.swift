import CX11
import CXDamage
import Foundation

/// Counts the frames another client draws into its window, as the X server reports them through
/// the Damage extension: every drawing request on the window is one damage report (one event per
/// rectangle, all but the last marked "more").
///
/// A board presents a frame as one request (a Present copy, or one clipped copy); one that copies
/// several rectangles per frame sends them back to back, within the same millisecond of server
/// time, so operations closer than `frameGap` count as one frame.
public final class FrameCounter {
    private var connection: OpaquePointer?
    private let damage: Damage
    private let eventBase: Int32
    /// The server time (milliseconds) of each drawing operation seen since the last `reset()`.
    public private(set) var operationTimes: [UInt32] = []
    /// Operations nearer than this in server time are parts of one frame, in milliseconds.
    public var frameGap: UInt32 = 2

    /// Watches `window` on `displayName`; fails when the server has no Damage extension.
    public init(displayName: String, window: UInt) throws {
        guard let display = XOpenDisplay(displayName) else { throw HarnessError("cannot open display \(displayName)") }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XDamageQueryExtension(display, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(display)
            throw HarnessError("the server has no Damage extension")
        }
        connection = display
        self.eventBase = eventBase
        damage = XDamageCreate(display, Drawable(window), Int32(XDamageReportRawRectangles))
        XSync(display, 0)
    }

    deinit { close() }

    /// Stops watching; must happen before the server stops, or Xlib exits the process.
    public func close() {
        guard let connection else { return }
        XDamageDestroy(connection, damage)
        XCloseDisplay(connection)
        self.connection = nil
    }

    /// Reads the reports the server has sent so far (without blocking).
    public func poll() {
        guard let connection else { return }
        XSync(connection, 0)
        while XPending(connection) > 0 {
            var event = XEvent()
            XNextEvent(connection, &event)
            guard event.type == eventBase + XDamageNotify else { continue }
            let notify = withUnsafeBytes(of: &event) { $0.load(as: XDamageNotifyEvent.self) }
            if notify.more == 0 { operationTimes.append(UInt32(truncatingIfNeeded: notify.timestamp)) }
        }
    }

    /// Forgets what was counted: counting starts again now.
    public func reset() {
        poll()
        operationTimes.removeAll()
    }

    /// Drawing operations on the window since the last `reset()` (call `poll()` first).
    public var operations: Int { operationTimes.count }

    /// Frames since the last `reset()`: operations, those within `frameGap` of the one before
    /// counted once (call `poll()` first).
    public var frames: Int {
        var frames = 0
        var last: UInt32?
        for time in operationTimes {
            if let last, time &- last < frameGap { continue }
            frames += 1
            last = time
        }
        return frames
    }
}
