import Testing
import XBoard

@Suite struct FrameStateTests {
    private static func content(_ revision: UInt64, help: Bool = false) -> FrameState.Content {
        FrameState.Content(revision: revision, status: nil, overlay: nil, showsHelp: help)
    }

    @Test func aFrameIsPaintedOncePerChangeAndNeverTwice() {
        var frame = FrameState()
        func action(_ content: FrameState.Content) -> FrameState.Action { frame.action(for: content) }
        #expect(action(Self.content(1)) == .paint)
        #expect(action(Self.content(1)) == .none)
        #expect(action(Self.content(2)) == .paint)
        #expect(action(Self.content(2, help: true)) == .paint)
    }

    @Test func anExposeShowsTheLastFrameAgainWithoutPainting() {
        var frame = FrameState()
        func action(_ content: FrameState.Content) -> FrameState.Action { frame.action(for: content) }
        _ = frame.action(for: Self.content(1))
        frame.exposed()
        #expect(action(Self.content(1)) == .present)
        #expect(action(Self.content(1)) == .none)
        // Exposed while something changed: painting draws only what changed, so the frame is
        // shown whole too (a window closing over a dragged photo left its pixels behind).
        frame.exposed()
        #expect(action(Self.content(2)) == .paintAndPresent)
        #expect(action(Self.content(2)) == .none)
        #expect(action(Self.content(3)) == .paint)
    }

    @Test func aFrameWaitingForThePacerIsAskedForByAChangeOrAnExposeAlike() {
        var frame = FrameState()
        #expect(frame.needsFrame(for: Self.content(1)))
        _ = frame.action(for: Self.content(1))
        #expect(!frame.needsFrame(for: Self.content(1)))
        #expect(frame.needsFrame(for: Self.content(2)))
        // Exposed while the last frame is in flight: the loop must wake for the pacer to show it again.
        frame.exposed()
        #expect(frame.needsFrame(for: Self.content(1)))
        #expect(frame.action(for: Self.content(1)) == .present)
        #expect(!frame.needsFrame(for: Self.content(1)))
        frame.exposed()
        frame.setVisible(false)
        #expect(!frame.needsFrame(for: Self.content(1)))
    }

    @Test func aHiddenWindowGetsNoFramesAndIsPaintedAfreshWhenShown() {
        var frame = FrameState()
        func action(_ content: FrameState.Content) -> FrameState.Action { frame.action(for: content) }
        _ = frame.action(for: Self.content(1))
        frame.setVisible(false)
        #expect(action(Self.content(2)) == .none)
        frame.exposed()
        #expect(action(Self.content(3)) == .none)
        frame.setVisible(true)
        // Shown again its pixels are gone: painted afresh and shown whole, even when nothing changed.
        #expect(action(Self.content(1)) == .paintAndPresent)
        #expect(action(Self.content(1)) == .none)
    }

    @Test func invalidatingPaintsTheSameContentAgain() {
        var frame = FrameState()
        func action(_ content: FrameState.Content) -> FrameState.Action { frame.action(for: content) }
        _ = frame.action(for: Self.content(5))
        frame.invalidate()
        #expect(action(Self.content(5)) == .paint)
    }
}
