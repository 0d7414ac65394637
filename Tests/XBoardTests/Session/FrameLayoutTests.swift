import SystemPackage
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

    @Test func aThumbnailArrivingIsANewFrame() throws {
        var settings = SessionSettings()
        settings.picturesFolder = FilePath("/home/ann/Pictures")
        let script = SessionScript(settings: settings).open(["a.jpg"]).wait(.milliseconds(100))
        script.key("o", .control)
        script.send(.folderListed(WidgetSessionTests.listing("/home/ann/Pictures", pictures: ["x.jpg"]))).frame()
        guard case .picture(_, let thumbnail) = script.session.picker?.tile(0) else {
            Issue.record("the first tile is no picture")
            return
        }
        let before = script.session.frameContent(at: script.now)
        script.send(.thumbnailsDecoded([thumbnail: true]))
        #expect(script.session.frameContent(at: script.now) != before, "the thumbnail would not be painted")
    }

    @Test func theLayersOpenAndCloseMenus() {
        var layers = ScreenLayers(controls: ControlsLayer(idle: .seconds(3), fade: .milliseconds(300)))
        layers.open(.tidy(commands: .board, at: .zero))
        #expect(layers.menu != nil && layers.isAttended)
        layers.closeMenu()
        #expect(layers.menu == nil && !layers.isAttended)
    }

}
