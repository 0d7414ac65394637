import Testing

@testable import XBoard

/// The layers are laid out once a frame: the content the loop compares and the frame it paints
/// share one layout, made again when the session or time moves on.
@Suite struct FrameLayoutTests {
    @Test func aFrameIsLaidOutOnce() {
        let script = SessionScript().open(["a.jpg"]).wait(.milliseconds(100)).window(.exposed)
        let before = script.session.layers.layoutCount
        let content = script.session.frameContent(at: script.now)
        let list = script.frame()
        #expect(script.session.layers.layoutCount == before + 1, "the content and the frame laid the layers out apart")
        #expect(content.widgets == list.items.compactMap { if case .widget(let item) = $0 { item } else { nil } })
    }

    @Test func anEventOrAMomentLaysThemOutAgain() {
        let script = SessionScript().open(["a.jpg"]).wait(.milliseconds(100))
        _ = script.frame()
        let before = script.session.layers.layoutCount
        script.key("?")  // the help sheet
        #expect(script.frame().panels.contains { $0.kind == .help }, "the frame showed the layout from before the key")
        #expect(script.session.layers.layoutCount == before + 1)
        _ = script.session.frameContent(at: script.now + .milliseconds(16))
        #expect(script.session.layers.layoutCount == before + 2)
    }
}
