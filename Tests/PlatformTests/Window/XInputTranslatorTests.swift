import CX11
import Testing
import XBoard

@testable import XBoardPlatform

@Suite struct XInputTranslatorTests {
    private var translator = XInputTranslator()
    private var milliseconds = 0

    private mutating func send(
        _ type: Int32, source: UInt32 = 7, detail: UInt32 = 1, at point: Point = Point(x: 10, y: 20), flags: Int32 = 0,
        scroll: Point = .zero, modifiers: PointerEvent.Modifiers = []
    ) -> String? {
        milliseconds += 8
        let sample = XInputTranslator.Sample(
            type: type, source: source, detail: detail, location: point, flags: flags,
            time: Instant(sinceOrigin: .milliseconds(milliseconds)), modifiers: modifiers, scroll: scroll)
        switch translator.translate(sample) {
        case .touch(let touch): return "\(touch.id) \(touch.phase)"
        case .pointer(let pointer): return "\(pointer.kind)\(pointer.modifiers.isEmpty ? "" : " +\(pointer.modifiers.rawValue)")"
        case .pointerLost: return "pointer lost"
        case .focusLost: return "focus lost"
        case nil: return nil
        }
    }

    @Test mutating func touchesKeepTheirDeviceAndIdThroughTheirLife() {
        #expect(send(XI_TouchBegin, detail: 3) == "#7.3 began")
        #expect(send(XI_TouchUpdate, detail: 3) == "#7.3 moved")
        #expect(send(XI_TouchBegin, source: 8, detail: 3) == "#8.3 began")
        #expect(send(XI_TouchEnd, detail: 3) == "#7.3 ended")
        #expect(send(XI_TouchUpdate, detail: 3) == nil)
    }

    @Test mutating func aTouchEndedWhilePendingEndsOnceAndCleanly() {
        #expect(send(XI_TouchBegin, detail: 5) == "#7.5 began")
        #expect(send(XI_TouchUpdate, detail: 5, flags: XITouchPendingEnd) == "#7.5 ended")
        #expect(send(XI_TouchEnd, detail: 5) == nil)
        #expect(send(XI_TouchBegin, detail: 5) == "#7.5 began")  // the id may be reused afterwards
    }

    @Test mutating func pointerEventsEmulatedFromATouchAreNeverCountedTwice() {
        #expect(send(XI_TouchBegin, detail: 1) == "#7.1 began")
        #expect(send(XI_ButtonPress, detail: 1, flags: XIPointerEmulated) == nil)
        #expect(send(XI_Motion, flags: XIPointerEmulated) == nil)
        #expect(send(XI_ButtonRelease, detail: 1, flags: XIPointerEmulated) == nil)
    }

    @Test mutating func buttonsMotionAndModifiersBecomePointerEvents() {
        #expect(send(XI_Motion, source: 11) == "moved")
        #expect(send(XI_ButtonPress, source: 11, detail: 1, modifiers: .control) == "pressed(left) +2")
        #expect(send(XI_ButtonRelease, source: 11, detail: 3) == "released(right)")
    }

    @Test mutating func wheelButtonsAndSmoothScrollingCountOnceEach() {
        #expect(send(XI_ButtonPress, detail: 4) == "scrolled(x: 0.0, y: -1.0)")
        #expect(send(XI_ButtonRelease, detail: 4) == nil)
        #expect(send(XI_ButtonPress, detail: 7) == "scrolled(x: 1.0, y: 0.0)")
        // The server mirrors each into the other form, flagged as emulated: dropped.
        #expect(send(XI_Motion, flags: XIPointerEmulated, scroll: Point(x: 0, y: -1)) == nil)
        #expect(send(XI_ButtonPress, detail: 5, flags: XIPointerEmulated) == nil)
        #expect(send(XI_Motion, scroll: Point(x: 0, y: 0.25)) == "scrolled(x: 0.0, y: 0.25)")
    }

    @Test mutating func mouseModeTakesThePointerEmulatedFromATouchAndIgnoresTouches() {
        translator.mode = .mouse
        #expect(send(XI_TouchBegin, detail: 1) == nil)
        #expect(send(XI_ButtonPress, detail: 1, flags: XIPointerEmulated) == "pressed(left)")
        #expect(send(XI_Motion, flags: XIPointerEmulated) == "moved")
        #expect(send(XI_ButtonPress, detail: 5, flags: XIPointerEmulated) == nil)
    }

    @Test mutating func touchModeIgnoresThePointer() {
        translator.mode = .touch
        #expect(send(XI_ButtonPress, detail: 1) == nil)
        #expect(send(XI_Motion) == nil)
        #expect(send(XI_TouchBegin, detail: 1) == "#7.1 began")
    }

    @Test mutating func aRemovedDeviceLeavesNoTouchBehind() {
        #expect(send(XI_TouchBegin, detail: 2) == "#7.2 began")
        translator.forgetDevice(7)
        #expect(send(XI_TouchUpdate, detail: 2) == nil)
        #expect(send(XI_TouchEnd, detail: 2) == nil)
    }

    @Test mutating func aGrabByAnotherClientLosesThePointerAndAPlainLeaveDoesNot() {
        #expect(send(XI_Leave, detail: UInt32(XINotifyNormal)) == nil)
        #expect(send(XI_FocusOut, detail: UInt32(XINotifyNormal)) == "focus lost", "the keys held go elsewhere")
        #expect(send(XI_FocusOut, detail: UInt32(XINotifyWhileGrabbed)) == "focus lost")
        #expect(send(XI_Leave, detail: UInt32(XINotifyGrab)) == "pointer lost")
        #expect(send(XI_FocusOut, detail: UInt32(XINotifyGrab)) == "pointer lost")
        #expect(send(XI_Leave, detail: UInt32(XINotifyUngrab)) == nil)
    }

    @Test mutating func aDeviceRemovedWithAButtonDownLosesThePointer() {
        #expect(send(XI_ButtonPress, source: 11, detail: 1) == "pressed(left)")
        let other = translator.forgetDevice(12), holding = translator.forgetDevice(11), again = translator.forgetDevice(11)
        #expect(!other, "another device held no button")
        #expect(holding, "the device held the left button")
        #expect(!again)
        #expect(send(XI_ButtonPress, source: 11, detail: 1) == "pressed(left)")
        #expect(send(XI_ButtonRelease, source: 11, detail: 1) == "released(left)")
        let released = translator.forgetDevice(11)
        #expect(!released, "released, nothing was lost")
    }
}

@Suite struct ServerTimeMapperTests {
    @Test func mappedTimesFollowTheServerAndNeverLieInTheFuture() {
        var mapper = ServerTimeMapper()
        let now = Instant(sinceOrigin: .seconds(1000))
        let first = mapper.instant(forServerTime: 50_000, receivedAt: now)
        #expect(first == now)
        // An event 16 ms later on the server, received 20 ms later here: 16 ms apart.
        let second = mapper.instant(forServerTime: 50_016, receivedAt: now + .milliseconds(20))
        #expect(second - first == .milliseconds(16))
        // A batch read late keeps the server's spacing.
        let third = mapper.instant(forServerTime: 50_024, receivedAt: now + .milliseconds(60))
        #expect(third - second == .milliseconds(8))
        #expect(third <= now + .milliseconds(60))
    }

    @Test func wrapAroundOfTheServersMillisecondsIsUnwrapped() {
        var mapper = ServerTimeMapper()
        let now = Instant(sinceOrigin: .seconds(5))
        let before = mapper.instant(forServerTime: UInt(UInt32.max - 3), receivedAt: now)
        let after = mapper.instant(forServerTime: 4, receivedAt: now + .milliseconds(8))
        #expect(after - before == .milliseconds(8))
    }

    @Test func timeNeverGoesBackwards() {
        var mapper = ServerTimeMapper()
        let now = Instant(sinceOrigin: .seconds(5))
        let first = mapper.instant(forServerTime: 1000, receivedAt: now)
        #expect(mapper.instant(forServerTime: 990, receivedAt: now + .milliseconds(1)) >= first)
    }
}
