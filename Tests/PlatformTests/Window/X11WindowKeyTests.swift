import CX11
import Foundation
import Testing
import XBoard
import XorgHarness

@testable import XBoardPlatform

/// Keys through the board's own window on a real Xorg: a press and its release come as
/// `WindowEvent`s, and a key held past the server's auto-repeat delay repeats as presses alone,
/// with one release when it is let go (`XkbSetDetectableAutoRepeat`) — what Space+drag needs.
@Suite(.serialized, .timeLimit(.minutes(5)))
final class X11WindowKeyTests {
    // The window is declared first so that it goes first, while its server still runs.
    let window: X11Window
    let server: XorgServer
    /// Space's X keycode (evdev's KEY_SPACE, 57, plus 8).
    let space: Int32 = 65

    init() throws {
        server = try XorgServer(width: 400, height: 300)
        window = try X11Window(
            displayName: server.displayName, size: Size(width: 200, height: 150), title: "keys", applicationClass: "Test")
    }

    /// The window's events until `until` says the last one is enough, or 10 s.
    private func events(until: ([WindowEvent]) -> Bool) throws -> [WindowEvent] {
        var seen: [WindowEvent] = []
        let limit = MonotonicClock.now() + .seconds(10)
        while !until(seen) {
            let now = MonotonicClock.now()
            guard now < limit else { throw HarnessError("not within 10 s: \(seen)") }
            seen += window.pendingEvents()
            window.flush()
            if window.hasPendingEvents { continue }
            _ = try Poll.waitUntilReadable(window.fileDescriptor, timeout: .milliseconds(20))
        }
        return seen
    }

    /// The Space presses and releases among `events`, as "press" and "release".
    private func spaces(_ events: [WindowEvent]) -> [String] {
        events.compactMap { event in
            switch event {
            case .key(let chord, _) where chord.key == .named(.space): "press"
            case .keyReleased(let chord, _) where chord.key == .named(.space): "release"
            default: nil
            }
        }
    }

    @Test func aHeldSpaceRepeatsAsPressesAloneAndIsReleasedOnce() throws {
        _ = try events { $0.contains(.visibilityChanged(isVisible: true)) }
        // No window manager: the keyboard follows the pointer (PointerRoot), so it goes in.
        let (x, y) = server.valuators(for: 100, 75)
        try server.pointer.motion(x: x, y: y)
        try server.pointer.sync()
        try server.keyboard.key(space, pressed: true)
        try server.keyboard.sync()
        _ = try events { spaces($0) == ["press"] }
        // Held past the server's auto-repeat delay (660 ms by default), then let go.
        pause(.milliseconds(900))
        try server.keyboard.key(space, pressed: false)
        try server.keyboard.sync()
        let held = try events { spaces($0).last == "release" }
        let seen = ["press"] + spaces(held)
        #expect(seen.count >= 3, "the server repeated the held key: \(seen)")
        #expect(seen.dropLast().allSatisfy { $0 == "press" } && seen.last == "release", "\(seen)")
    }
}
