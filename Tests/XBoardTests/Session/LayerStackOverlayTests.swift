import Testing

@testable import XBoard

/// The overlays as the frame draws them: the prints, then the layers laid out by
/// `ScreenLayers.stack` — notices above the loading panel, the help sheet on top.
@Suite struct LayerStackOverlayTests {
    let scene = SceneBuilder()

    /// The frame of `controller`'s board with `status`, `notices` and (when `help`) the help sheet.
    func frame(_ controller: BoardController, status: LoadingStatus? = nil, notices: [ShownNotice] = [], help: Bool = false)
        -> DisplayList
    {
        var layers = ScreenLayers(controls: ControlsLayer(idle: .seconds(3), fade: .milliseconds(300)))
        layers.help.isShown = help
        var list = scene.build(controller.board, status: status)
        let stack = layers.stack(
            at: controller.now, status: status, notices: notices, controller: controller, catalogue: nil, scene: scene, commands: .board,
            pinsControls: false)
        list.items += stack.items
        return list
    }

    @Test func theFrameDrawsNoticesAboveTheLoadingPanelAndTheHelpOnTop() {
        let controller = Fixtures.twoPhotoBoard()
        let notices = [ShownNotice(id: NoticeID(4), text: "Saved", tone: .information, opacity: 0.5)]
        let list = frame(controller, status: LoadingStatus(finished: 1, total: 3), notices: notices, help: true)
        #expect(list.panels.map(\.kind) == [.notice(NoticeID(4)), .help])
        #expect(list.panels.first?.opacity == 0.5)
        guard case .progress = list.items[3] else {
            Issue.record("expected the loading panel after the prints: \(list.items)")
            return
        }
        guard case .panel(let top) = list.items.last, top.kind == .help else {
            Issue.record("the help is not on top: \(list.items)")
            return
        }
    }

    @Test func aNoticeDamagesItsBoxAndNothingElse() throws {
        let controller = Fixtures.twoPhotoBoard()
        let plain = frame(controller)
        let notice = ShownNotice(id: NoticeID(1), text: "Nothing in the drop could be opened", tone: .problem)
        let shown = frame(controller, notices: [notice])
        let panel = try #require(shown.panels.first)
        #expect(shown.damage(since: plain) == [panel.frame.insetBy(-1).integral])
        var faded = notice
        faded.opacity = 0.4
        // Where it was and where it is, the same box: repainted once.
        #expect(frame(controller, notices: [faded]).damage(since: shown) == [panel.frame.insetBy(-1).integral])
    }
}
