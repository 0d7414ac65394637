import Testing
import XBoard

@Suite struct FramePacerTests {
    private let start = Instant.origin + .seconds(10)

    @Test func framesStartAtMostOncePerRefresh() {
        var pacer = FramePacer(interval: .milliseconds(8))
        #expect(pacer.isReady(at: start))
        pacer.frameSubmitted(at: start)
        pacer.frameShown(at: start + .milliseconds(1))
        #expect(!pacer.isReady(at: start + .milliseconds(5)))
        #expect(pacer.nextDeadline(after: start + .milliseconds(5)) == start + .milliseconds(8))
        #expect(pacer.isReady(at: start + .milliseconds(8)))
        #expect(pacer.nextDeadline(after: start + .milliseconds(8)) == nil)
    }

    @Test func noFrameStartsWhileTheLastIsStillBeingDrawn() {
        var pacer = FramePacer(interval: .milliseconds(16))
        pacer.frameSubmitted(at: start)
        // The server is slow: the refresh has long passed but the frame is not shown yet.
        #expect(!pacer.isReady(at: start + .milliseconds(40)))
        #expect(pacer.nextDeadline(after: start + .milliseconds(40)) == start + pacer.settings.shownTimeout)
        pacer.frameShown(at: start + .milliseconds(60))
        #expect(pacer.lastFrameTime == .milliseconds(60))
    }

    @Test func anExpensiveFrameLeavesTheServerIdleTimeBeforeTheNext() {
        var settings = PacingSettings()
        settings.serverShare = 0.5
        var pacer = FramePacer(interval: .milliseconds(16), settings: settings)
        pacer.frameSubmitted(at: start)
        pacer.frameShown(at: start + .milliseconds(40))
        // Busy 40 ms at a 50% share: 40 ms of rest before the next frame.
        #expect(!pacer.isReady(at: start + .milliseconds(79)))
        #expect(pacer.nextDeadline(after: start + .milliseconds(50)) == start + .milliseconds(80))
        #expect(pacer.isReady(at: start + .milliseconds(80)))
    }

    @Test func aServerSlowAtFramesForAWhileCountsAsSlowUntilItsFramesAreQuickAgain() {
        var pacer = FramePacer(interval: .milliseconds(16))
        var now = start
        func frame(taking time: Duration) {
            pacer.frameSubmitted(at: now)
            now = now + time
            pacer.frameShown(at: now)
            now = now + .milliseconds(16)
        }
        frame(taking: .milliseconds(3))
        #expect(!pacer.serverIsSlow)
        // One slow frame among quick ones is not enough.
        frame(taking: .milliseconds(20))
        #expect(!pacer.serverIsSlow)
        for _ in 0..<6 { frame(taking: .milliseconds(12)) }
        #expect(pacer.serverIsSlow)
        // Frames of 6 ms (under half the refresh, over a quarter): still slow, no flicker.
        for _ in 0..<10 { frame(taking: .milliseconds(6)) }
        #expect(pacer.serverIsSlow)
        for _ in 0..<10 { frame(taking: .milliseconds(2)) }
        #expect(!pacer.serverIsSlow)
        #expect(pacer.typicalFrameTime.map { $0 < .milliseconds(4) } == true)
    }

    @Test func aLostReportNeverStopsTheBoard() {
        var pacer = FramePacer(interval: .milliseconds(16))
        pacer.frameSubmitted(at: start)
        #expect(pacer.isReady(at: start + pacer.settings.shownTimeout))
        // A late report of an old frame changes nothing once a new one went out.
        pacer.frameSubmitted(at: start + .milliseconds(300))
        #expect(!pacer.isReady(at: start + .milliseconds(310)))
    }

    @Test func aModesRateIsItsPixelClockOverItsTotalSize() throws {
        // The CEA 1080p60 mode: 148.5 MHz, 2200 × 1125.
        let rate = try #require(RefreshRate(dotClock: 148_500_000, horizontalTotal: 2200, verticalTotal: 1125))
        #expect(abs(rate.hertz - 60) < 1e-9)
        #expect(abs(rate.interval.seconds - 1.0 / 60) < 1e-9)
        let interlaced = try #require(RefreshRate(dotClock: 74_250_000, horizontalTotal: 2200, verticalTotal: 1125, isInterlaced: true))
        #expect(abs(interlaced.hertz - 60) < 1e-9)
        #expect(RefreshRate(dotClock: 1e6, horizontalTotal: 2200, verticalTotal: 1125) == nil)  // 0.4 Hz: no display
        #expect(RefreshRate(dotClock: 148_500_000, horizontalTotal: 0, verticalTotal: 1125) == nil)
        #expect(RefreshRate(hertz: .nan) == nil)
        #expect(RefreshRate(hertz: 144)?.hertz == 144)
    }

    @Test func framesWaitForTheVerticalBlankOnlyWhenTheCounterIsTheScreensOwn() throws {
        let screen = try #require(RefreshRate(hertz: 120))
        var clock = VblankClock()
        #expect(!clock.waitsForVblank(at: screen))  // nothing known yet: at once
        // A made-up 60 Hz counter (the dummy driver) on a 120 Hz screen.
        for frame in 0..<30 { clock.record(ust: 5_000_000 + UInt64(frame) * 16_667, msc: 300 + UInt64(frame)) }
        #expect(clock.countedRate.map { abs($0 - 60) < 0.5 } == true)
        #expect(!clock.waitsForVblank(at: screen))
        // The screen's own counter.
        var real = VblankClock()
        for frame in 0..<30 { real.record(ust: 9_000_000 + UInt64(frame) * 8_333, msc: 40 + UInt64(frame) * 1) }
        #expect(real.waitsForVblank(at: screen))
        // A counter that starts over (a new CRTC) is measured afresh.
        real.record(ust: 9_300_000, msc: 2)
        #expect(real.countedRate == nil)
    }
}
