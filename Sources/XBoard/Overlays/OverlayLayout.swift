/// Lays out the overlays' text so every one fits the window at any size and scale: the hint
/// and notices wrap (and end in an ellipsis past their line limit), the loading label shortens,
/// and the help panel goes from two columns to stacked rows, then to smaller text, and at last
/// leaves rows out. Geometry comes from `OverlayGeometry`, widths from `measure`.
public struct OverlayLayout: Sendable {
    /// The window, in board points.
    public var size: Size
    /// Device pixels per point for overlays (`Xft.dpi` / 96).
    public var scale: Double
    public var measure: TextMeasure
    public var style: OverlayStyle

    public init(size: Size, scale: Double, measure: TextMeasure, style: OverlayStyle = OverlayStyle()) {
        self.size = size
        self.scale = scale
        self.measure = measure
        self.style = style
    }

    private typealias G = OverlayGeometry

    /// Room for panels: the window less its margin on every side.
    public var available: Rect { Rect(origin: .zero, size: size).insetBy(G.windowMargin * scale) }

    // MARK: Hint

    /// The hint along the top edge, centred, wrapped to at most `hintMaximumLines` lines.
    public func hint(_ text: String) -> TextPanel {
        let textStyle = TextStyle(size: G.hintFontSize * scale)
        var panel = box(
            text, kind: .hint, maxWidth: available.size.width, maxLines: G.hintMaximumLines, style: textStyle,
            background: style.panelBackground)
        panel.move(to: Point(x: (size.width - panel.frame.size.width) / 2, y: G.hintTop * scale))
        return panel
    }

    // MARK: Loading

    /// The loading panel's label, shortened to the panel's width.
    public func progressLabel(_ status: LoadingStatus) -> TextLine {
        let textStyle = TextStyle(size: G.progressFontSize * scale), inset = G.progressTextInset * scale
        let text = TextLayout.shorten(status.text, width: size.width - 2 * inset, style: textStyle, measure: measure)
        return TextLine(text, at: Point(x: inset, y: size.height - G.progressTextBaseline * scale), style: textStyle)
    }

    // MARK: Notices

    /// The notices stacked up from the bottom edge (above the loading panel when it shows),
    /// newest lowest; those that find no room left stay off until others go.
    public func notices(_ shown: [ShownNotice], aboveLoadingPanel: Bool) -> [TextPanel] {
        let textStyle = TextStyle(size: G.noticeFontSize * scale)
        var bottom = available.maxY - (aboveLoadingPanel ? G.progressPanelHeight * scale : 0)
        var panels: [TextPanel] = []
        let padding = G.panelPadding.vertical * scale
        for notice in shown.reversed() {
            // As many lines as the room left holds, up to the limit; none left, no more notices.
            let room = Int(((bottom - available.minY - 2 * padding) / textStyle.lineHeight).rounded(.down))
            guard room >= 1 else { break }
            let maxWidth = min(available.size.width, G.noticeMaximumWidth * scale)
            var panel = box(
                notice.text, kind: .notice(notice.id), maxWidth: maxWidth, maxLines: min(G.noticeMaximumLines, room), style: textStyle,
                background: style.panelBackground, accent: notice.tone == .problem ? style.problemAccent : style.informationAccent)
            let top = bottom - panel.frame.size.height
            guard top >= available.minY else { break }
            panel.move(to: Point(x: (size.width - panel.frame.size.width) / 2, y: top))
            panel.opacity = notice.opacity
            panels.insert(panel, at: 0)
            bottom = top - G.noticeSpacing * scale
        }
        return panels
    }

    // MARK: Help

    /// The help panel, centred: two columns where they fit, else each row stacked; smaller
    /// text while it is taller than the window, down to `helpMinimumFontSize`; then the rows
    /// that still do not fit are left out, and a last line says so with an ellipsis.
    public func help(_ sheet: HelpSheet) -> TextPanel {
        var fontSize = G.helpFontSize * scale
        let minimum = min(G.helpMinimumFontSize, fontSize)
        while true {
            let sheetLayout = HelpLayout(sheet: sheet, fontSize: fontSize, maxWidth: available.size.width, measure: measure)
            if sheetLayout.height <= available.size.height || fontSize <= minimum {
                var panel = sheetLayout.panel(maxHeight: available.size.height, background: style.helpBackground, foreground: style.text)
                panel.move(to: Point(x: (size.width - panel.frame.size.width) / 2, y: (size.height - panel.frame.size.height) / 2))
                return panel
            }
            fontSize = max(minimum, fontSize * 0.9)
        }
    }

    // MARK: Boxes

    /// A box holding `text` wrapped to `maxWidth` (its padding and accent bar included), at
    /// the origin; `move(to:)` places it.
    private func box(
        _ text: String, kind: TextPanel.Kind, maxWidth: Double, maxLines: Int, style textStyle: TextStyle, background: Color,
        accent: Color? = nil
    ) -> TextPanel {
        let padding = (x: G.panelPadding.horizontal * scale, y: G.panelPadding.vertical * scale)
        let accentWidth = accent == nil ? 0 : G.accentWidth * scale
        let textWidth = max(textStyle.size, maxWidth - 2 * padding.x - accentWidth)
        let wrapped = TextLayout.fit(text, width: textWidth, maxLines: maxLines, style: textStyle, measure: measure)
        let widest = wrapped.map { measure.width($0, textStyle) }.max() ?? 0
        let left = accentWidth + padding.x
        let lines = wrapped.enumerated().map { index, line in
            TextLine(line, at: Point(x: left, y: padding.y + Self.baseline(of: index, style: textStyle)), style: textStyle)
        }
        let frame = Rect(
            x: 0, y: 0, width: min(maxWidth, left + widest + padding.x),
            height: 2 * padding.y + Double(wrapped.count) * textStyle.lineHeight)
        return TextPanel(
            kind: kind, frame: frame, lines: lines, background: background, foreground: style.text, accent: accent, accentWidth: accentWidth
        )
    }

    /// Where line `index`'s baseline lies below the top of a block of lines.
    static func baseline(of index: Int, style: TextStyle) -> Double {
        Double(index) * style.lineHeight + (style.lineHeight - style.size) / 2 + style.ascent
    }
}

extension TextPanel {
    /// Moves the panel (and its lines) so its frame's origin is at `origin`.
    mutating func move(to origin: Point) {
        let offset = origin - frame.origin
        frame.origin = origin
        for index in lines.indices { lines[index].origin = lines[index].origin + offset }
    }
}
