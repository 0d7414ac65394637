import CX11
import Testing

@testable import XBoard

@Suite struct XInputTranslatorTests {
    private var translator = XInputTranslator()
    private var milliseconds = 0

    private mutating func send(_ type: Int32, source: UInt32 = 7, detail: UInt32 = 1, at point: Point = Point(x: 10, y: 20), flags: Int32 = 0)
        -> String?
    {
        milliseconds += 8
        let sample = XInputTranslator.Sample(
            type: type, source: source, detail: detail, location: point, flags: flags,
            time: Instant(sinceOrigin: .milliseconds(milliseconds)))
        return translator.translate(sample).map { "\($0.id) \($0.phase)" }
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

    @Test mutating func theLeftButtonIsOneFinger() {
        #expect(send(XI_Motion, source: 11) == nil)  // hovering does nothing
        #expect(send(XI_ButtonPress, source: 11, detail: 3) == nil)  // right button: not a finger
        let pointer = "#\(XInputTranslator.pointerSourceFlag | 11).1"
        #expect(send(XI_ButtonPress, source: 11, detail: 1) == "\(pointer) began")
        #expect(send(XI_Motion, source: 11) == "\(pointer) moved")
        #expect(send(XI_ButtonRelease, source: 11, detail: 1) == "\(pointer) ended")
        #expect(send(XI_Motion, source: 11) == nil)
    }

    @Test mutating func aRemovedDeviceLeavesNoTouchBehind() {
        #expect(send(XI_TouchBegin, detail: 2) == "#7.2 began")
        translator.forgetDevice(7)
        #expect(send(XI_TouchUpdate, detail: 2) == nil)
        #expect(send(XI_TouchEnd, detail: 2) == nil)
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
