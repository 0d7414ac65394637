import Testing
import XBoard

/// Every overlay fits the window, at small sizes and high scales: checked against the window's
/// rectangle for the frames and, for the text, against the measure itself.
@Suite struct OverlayLayoutTests {
    static let windows: [(Size, Double)] = [
        (Size(width: 640, height: 480), 1), (Size(width: 640, height: 480), 2), (Size(width: 1280, height: 800), 2),
        (Size(width: 2560, height: 1600), 2), (Size(width: 320, height: 240), 2), (Size(width: 200, height: 150), 1),
        (Size(width: 3840, height: 2160), 4),
    ]
    let measure = TextMeasure.estimated

    private func expectInside(_ panel: TextPanel, _ layout: OverlayLayout, sourceLocation: SourceLocation = #_sourceLocation) {
        let window = Rect(origin: .zero, size: layout.size)
        #expect(window.contains(panel.frame.origin), "\(panel.kind) at \(panel.frame) in \(layout.size)", sourceLocation: sourceLocation)
        #expect(
            panel.frame.maxX <= layout.size.width + 1e-9 && panel.frame.maxY <= layout.size.height + 1e-9,
            "\(panel.kind) at \(panel.frame) in \(layout.size) @\(layout.scale)", sourceLocation: sourceLocation)
        for line in panel.lines {
            let right = line.origin.x + measure.width(line.text, line.style)
            #expect(right <= panel.frame.maxX + 1e-9, "'\(line.text)' overflows \(panel.frame)", sourceLocation: sourceLocation)
            #expect(line.origin.y <= panel.frame.maxY + 1e-9 && line.origin.y >= panel.frame.minY, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: windows)
    func theHintWrapsInsideTheWindow(size: Size, scale: Double) {
        let layout = OverlayLayout(size: size, scale: scale, measure: measure)
        let hint = layout.hint("Second finger pinned: drag with the left button to pinch and turn about it · right-click or Esc removes it")
        expectInside(hint, layout)
        #expect(hint.lines.count <= OverlayGeometry.hintMaximumLines)
    }

    @Test(arguments: windows)
    func theHelpPanelFitsEveryWindow(size: Size, scale: Double) {
        let layout = OverlayLayout(size: size, scale: scale, measure: measure)
        let help = layout.help(.board)
        expectInside(help, layout)
        #expect(help.lines.first?.text.hasPrefix("Photoboard") == true)
    }

    @Test func theHelpPanelUsesTwoColumnsWhenWideAndStacksWhenNarrow() throws {
        let wide = OverlayLayout(size: Size(width: 1920, height: 1080), scale: 1, measure: measure).help(.board)
        // Tall enough for every row stacked at full size (the edits of issue 40 made the sheet longer).
        let narrow = OverlayLayout(size: Size(width: 400, height: 8000), scale: 2, measure: measure).help(.board)
        let rowCount = HelpSheet.board.sections.flatMap { $0 }.count
        for panel in [wide, narrow] { #expect(panel.lines.count >= 1 + rowCount * 2) }  // nothing left out
        let wideInput = try #require(wide.lines.first { $0.text == "tap a gliding photo" })
        let wideEffect = try #require(wide.lines.first { $0.text == "catch it" })
        #expect(wideEffect.origin.y == wideInput.origin.y && wideEffect.origin.x > wideInput.origin.x)
        let narrowInput = try #require(narrow.lines.first { $0.text == "double tap" })
        let narrowEffect = try #require(narrow.lines.first { $0.text.hasPrefix("close-up") })
        #expect(narrowEffect.origin.y > narrowInput.origin.y)
        #expect(narrow.lines.allSatisfy { $0.style.size >= OverlayGeometry.helpFontSize * 2 })  // at full size
    }

    @Test func aSmallHiDPIWindowShrinksTheHelpTextAndMarksWhatItLeavesOut() {
        let tiny = OverlayLayout(size: Size(width: 320, height: 240), scale: 2, measure: measure).help(.board)
        #expect(tiny.lines.allSatisfy { $0.style.size < OverlayGeometry.helpFontSize * 2 })
        #expect(tiny.lines.last?.text == TextLayout.ellipsis)
        let small = OverlayLayout(size: Size(width: 640, height: 480), scale: 2, measure: measure).help(.board)
        #expect(small.lines.allSatisfy { $0.style.size < OverlayGeometry.helpFontSize * 2 })
    }

    @Test(arguments: windows)
    func noticesStackUpFromTheBottomInsideTheWindow(size: Size, scale: Double) {
        let layout = OverlayLayout(size: size, scale: scale, measure: measure)
        let shown = [
            ShownNotice(id: NoticeID(1), text: "3 pictures could not be opened: broken.png, empty.jpg, notes.txt", tone: .problem),
            ShownNotice(id: NoticeID(2), text: "Saved the board as ~/Pictures/photoboard-20261122-101010.png", tone: .information),
        ]
        let panels = layout.notices(shown, aboveLoadingPanel: true)
        for panel in panels { expectInside(panel, layout) }
        for (upper, lower) in zip(panels, panels.dropFirst()) { #expect(upper.frame.maxY <= lower.frame.minY) }
        #expect(panels.allSatisfy { $0.frame.maxY <= size.height - OverlayGeometry.progressPanelHeight * scale })
        if size.height >= 480 { #expect(panels.count == 2) }
        #expect(panels.last?.kind == .notice(NoticeID(2)))  // the newest always finds room
        #expect(panels.allSatisfy { $0.lines.count <= OverlayGeometry.noticeMaximumLines })
    }

    @Test(arguments: windows)
    func theLoadingLabelShortensToTheWindow(size: Size, scale: Double) {
        let layout = OverlayLayout(size: size, scale: scale, measure: measure)
        let label = layout.progressLabel(LoadingStatus(finished: 1234, total: 56789))
        #expect(label.origin.x + measure.width(label.text, label.style) <= size.width - label.origin.x + 1e-9)
    }
}
