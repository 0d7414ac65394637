/// The controls along the top edge: each an icon with its word, at least a finger's width
/// (`WidgetMetrics.target`), centred and kept a little off the window's edge. Where the window
/// is too narrow for all of them, the last place is a "More" control that opens a menu of the
/// rest. Pure layout: the session decides when it shows.
public struct ControlBar: Sendable {
    public var controls: [CommandCatalogue.Control]
    /// The controls that cannot act now (undo with nothing to undo), by index: shown greyed.
    public var disabled: Set<Int>
    /// The control a finger holds down now, shown pressed.
    public var pressed: Int?
    public var metrics: WidgetMetrics
    public var style = WidgetStyle()

    public init(controls: [CommandCatalogue.Control], metrics: WidgetMetrics, pressed: Int? = nil, disabled: Set<Int> = []) {
        self.controls = controls
        self.metrics = metrics
        self.pressed = pressed
        self.disabled = disabled
    }

    /// The index the "More" control has: one past the controls.
    public var moreIndex: Int { controls.count }

    /// How many controls fit a window `width` wide (all, or those before "More").
    public func fittingCount(width: Double, measure: TextMeasure) -> Int {
        let available = width - 2 * metrics.edgeMargin - 2 * metrics.gap
        let widths = controls.map { buttonWidth($0.word, measure: measure) }
        if widths.reduce(0, +) + metrics.gap * Double(max(0, widths.count - 1)) <= available { return controls.count }
        let more = buttonWidth(Self.moreWord, measure: measure)
        var used = more, count = 0
        for width in widths {
            guard used + metrics.gap + width <= available else { break }
            used += metrics.gap + width
            count += 1
        }
        return count
    }

    /// The word of the control that opens the rest.
    public static let moreWord = "More"

    /// The bar laid out for a window of `size`, at `opacity`.
    public func layout(in size: Size, measure: TextMeasure, opacity: Double = 1) -> LaidOutWidget {
        let count = fittingCount(width: size.width, measure: measure)
        var buttons: [(index: Int, word: String, icon: ControlIcon)] = controls.prefix(count).enumerated().map {
            ($0.offset, $0.element.word, $0.element.icon)
        }
        if count < controls.count { buttons.append((moreIndex, Self.moreWord, .more)) }
        let widths = buttons.map { buttonWidth($0.word, measure: measure) }
        let total = widths.reduce(0, +) + metrics.gap * Double(max(0, widths.count - 1)) + 2 * metrics.gap
        let height = metrics.target + 2 * metrics.gap
        let frame = Rect(x: ((size.width - total) / 2).rounded(), y: metrics.edgeMargin, width: total.rounded(.up), height: height)
        var steps: [WidgetStep] = [.box(frame, radius: metrics.cornerRadius + metrics.gap, color: style.bar)]
        var targets: [(frame: Rect, target: WidgetTarget)] = []
        var x = frame.minX + metrics.gap
        for (button, width) in zip(buttons, widths) {
            let buttonFrame = Rect(x: x, y: frame.minY + metrics.gap, width: width, height: metrics.target)
            let enabled = !disabled.contains(button.index)
            steps.append(.box(buttonFrame, radius: metrics.cornerRadius, color: pressed == button.index ? style.pressed : style.button))
            let iconFrame = Rect(
                x: buttonFrame.minX + metrics.padding, y: buttonFrame.center.y - metrics.iconSize / 2, width: metrics.iconSize,
                height: metrics.iconSize)
            let color = enabled ? style.text : style.disabledText
            steps.append(.icon(button.icon, frame: iconFrame, color: color))
            let font = metrics.font
            let baseline = buttonFrame.center.y + font.ascent / 2 - font.size * 0.12
            steps.append(.text(TextLine(button.word, at: Point(x: iconFrame.maxX + metrics.gap, y: baseline), style: font), color: color))
            targets.append((buttonFrame, .control(button.index)))
            x += width + metrics.gap
        }
        return LaidOutWidget(item: WidgetItem(frame: frame, opacity: opacity, steps: steps), targets: targets)
    }

    private func buttonWidth(_ word: String, measure: TextMeasure) -> Double {
        let text = measure.width(word, metrics.font)
        return max(metrics.target, (metrics.padding * 2 + metrics.iconSize + metrics.gap + text).rounded(.up))
    }
}
