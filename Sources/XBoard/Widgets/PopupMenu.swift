/// A menu beside a finger: a title, a few lines of text (About this photo), and entries a
/// finger's height each (`WidgetMetrics.target`), placed to the finger's right and below where
/// there is room, else where there is, always inside the window: in columns side by side when
/// the window is too short for its entries one under another (a print's menu has twelve).
public struct PopupMenu: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var title: String
        public var isEnabled: Bool

        public init(_ title: String, isEnabled: Bool = true) {
            self.title = title
            self.isEnabled = isEnabled
        }
    }

    public var title: String?
    /// Lines of information, under the title.
    public var lines: [String]
    public var entries: [Entry]
    /// Where the finger (or pointer) was, in board points.
    public var anchor: Point
    /// The entry a finger holds down now.
    public var pressed: Int?

    public init(title: String? = nil, lines: [String] = [], entries: [Entry], anchor: Point, pressed: Int? = nil) {
        self.title = title
        self.lines = lines
        self.entries = entries
        self.anchor = anchor
        self.pressed = pressed
    }

    /// The widest a menu grows, in points at scale 1.
    static let maximumWidth = 420.0

    public func layout(in size: Size, metrics: WidgetMetrics, measure: TextMeasure, style: WidgetStyle = WidgetStyle()) -> LaidOutWidget {
        let font = metrics.font, bold = metrics.boldFont
        let lineHeight = font.lineHeight
        let widest =
            (title.map { [measure.width($0, bold)] } ?? []) + lines.map { measure.width($0, font) }
            + entries.map { measure.width($0.title, font) }
        let room = size.width - 2 * metrics.edgeMargin
        let headerHeight = (title == nil ? 0 : lineHeight) + Double(lines.count) * lineHeight
        let header = headerHeight > 0 ? headerHeight + 2 * metrics.gap : 0
        // As many entries to a column as the window's height holds, and as many columns as that takes.
        let rowsThatFit = max(1, Int((size.height - 2 * metrics.edgeMargin - header - 2 * metrics.gap) / metrics.target))
        let columns = max(1, (entries.count + rowsThatFit - 1) / rowsThatFit)
        let rows = (entries.count + columns - 1) / max(columns, 1)
        let columnWidth = min(
            (room - 2 * metrics.gap) / Double(columns) + 2 * metrics.gap,
            min(Self.maximumWidth * metrics.scale, max(4 * metrics.target, (widest.max() ?? 0) + 2 * metrics.padding)))
        let width = min(room, Double(columns) * (columnWidth - 2 * metrics.gap) + 2 * metrics.gap)
        let textWidth = columnWidth - 2 * metrics.padding, headerTextWidth = width - 2 * metrics.padding
        let height = header + Double(rows) * metrics.target + 2 * metrics.gap
        // Beside the finger: to its right and below it, flipped where the window ends.
        let offset = metrics.target * 0.6
        var x = anchor.x + offset, y = anchor.y - metrics.target / 2
        if x + width > size.width - metrics.edgeMargin { x = anchor.x - offset - width }
        x = min(max(metrics.edgeMargin, x), size.width - metrics.edgeMargin - width)
        y = min(max(metrics.edgeMargin, y), size.height - metrics.edgeMargin - height)
        let frame = Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(.up), height: height.rounded(.up))
        var steps: [WidgetStep] = [.box(frame, radius: metrics.cornerRadius, color: style.menu), .clip(frame)]
        var baseline = frame.minY + metrics.gap + font.ascent
        if let title {
            steps.append(
                .text(
                    TextLine(
                        TextLayout.shorten(title, width: headerTextWidth, style: bold, measure: measure),
                        at: Point(x: frame.minX + metrics.padding, y: baseline), style: bold), color: style.text))
            baseline += lineHeight
        }
        for line in lines {
            let shown = TextLayout.shorten(line, width: headerTextWidth, style: font, measure: measure)
            steps.append(.text(TextLine(shown, at: Point(x: frame.minX + metrics.padding, y: baseline), style: font), color: style.text))
            baseline += lineHeight
        }
        var targets: [(frame: Rect, target: WidgetTarget)] = []
        let firstTop = frame.minY + metrics.gap + header
        for (index, entry) in entries.enumerated() {
            let (column, row) = (index / max(rows, 1), index % max(rows, 1))
            let left = frame.minX + metrics.gap + Double(column) * (columnWidth - 2 * metrics.gap)
            let entryFrame = Rect(
                x: left, y: firstTop + Double(row) * metrics.target, width: columnWidth - 2 * metrics.gap, height: metrics.target)
            if pressed == index { steps.append(.box(entryFrame, radius: metrics.cornerRadius * 0.6, color: style.pressed)) }
            // An entry too long for its column (a small window's menu in columns) takes two lines
            // where the target holds them, and is shortened only past that.
            let lines = TextLayout.fit(
                entry.title, width: textWidth, maxLines: 2 * font.lineHeight <= metrics.target ? 2 : 1, style: font, measure: measure)
            let textBaseline = entryFrame.center.y + font.ascent / 2 - font.size * 0.12 - Double(lines.count - 1) * font.lineHeight / 2
            for (number, line) in lines.enumerated() {
                steps.append(
                    .text(
                        TextLine(
                            line, at: Point(x: left - metrics.gap + metrics.padding, y: textBaseline + Double(number) * font.lineHeight),
                            style: font), color: entry.isEnabled ? style.text : style.disabledText))
            }
            if entry.isEnabled { targets.append((entryFrame, .menuEntry(index))) }
        }
        steps.append(.endClip)
        return LaidOutWidget(item: WidgetItem(frame: frame, steps: steps), targets: targets)
    }
}
