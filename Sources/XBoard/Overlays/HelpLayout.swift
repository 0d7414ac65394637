/// The help sheet set at one font size within a width: blocks of placed lines (the title, then
/// each row), so `OverlayLayout` can try sizes and leave out rows that do not fit.
struct HelpLayout {
    /// A run of lines that stays together, its lines placed relative to the block's top.
    struct Block {
        var lines: [TextLine]
        var height: Double
        /// Space above the block (between sections).
        var spaceBefore: Double
    }

    let blocks: [Block]
    let padding: (x: Double, y: Double)
    let width: Double
    let ellipsisStyle: TextStyle

    /// Lays `sheet` out with `fontSize` text in at most `maxWidth` board points.
    init(sheet: HelpSheet, fontSize: Double, maxWidth: Double, measure: TextMeasure) {
        let titleStyle = TextStyle(size: fontSize * 1.1, isBold: true)
        let inputStyle = TextStyle(size: fontSize, isBold: true), effectStyle = TextStyle(size: fontSize)
        padding = (fontSize * 1.6, fontSize * 1.2)
        ellipsisStyle = effectStyle
        let inner = max(fontSize, maxWidth - 2 * padding.x)
        let lineHeight = effectStyle.lineHeight
        let gap = OverlayGeometry.helpColumnGap / OverlayGeometry.helpFontSize * fontSize
        let indent = OverlayGeometry.helpStackedIndent / OverlayGeometry.helpFontSize * fontSize
        let rows = sheet.sections.flatMap { $0 }
        let inputColumn = rows.map { measure.width($0.input, inputStyle) }.max() ?? 0
        // Two columns while the effects keep at least about twenty characters a line.
        let isTwoColumn = inputColumn + gap + 12 * fontSize <= inner

        func place(_ texts: [String], x: Double, firstLine: Int, style: TextStyle) -> [TextLine] {
            texts.enumerated().map { index, text in
                TextLine(text, at: Point(x: x, y: OverlayLayout.baseline(of: firstLine + index, style: style)), style: style)
            }
        }
        var blocks: [Block] = []
        var widest = 0.0
        let title = TextLayout.wrap(sheet.title, width: inner, style: titleStyle, measure: measure)
        widest = title.map { measure.width($0, titleStyle) }.max() ?? 0
        blocks.append(
            Block(
                lines: place(title, x: 0, firstLine: 0, style: titleStyle), height: Double(title.count) * titleStyle.lineHeight,
                spaceBefore: 0))
        for (sectionIndex, section) in sheet.sections.enumerated() {
            for (rowIndex, row) in section.enumerated() {
                let spaceBefore = rowIndex == 0 ? lineHeight * (sectionIndex == 0 ? 0.6 : 0.8) : 0
                if isTwoColumn {
                    let effectX = inputColumn + gap
                    let inputs = TextLayout.wrap(row.input, width: inputColumn, style: inputStyle, measure: measure)
                    let effects = TextLayout.wrap(row.effect, width: inner - effectX, style: effectStyle, measure: measure)
                    widest = max(widest, effectX + (effects.map { measure.width($0, effectStyle) }.max() ?? 0))
                    let lines =
                        place(inputs, x: 0, firstLine: 0, style: inputStyle) + place(effects, x: effectX, firstLine: 0, style: effectStyle)
                    blocks.append(
                        Block(lines: lines, height: Double(max(inputs.count, effects.count)) * lineHeight, spaceBefore: spaceBefore))
                } else {
                    let inputs = TextLayout.wrap(row.input, width: inner, style: inputStyle, measure: measure)
                    let effects = TextLayout.wrap(row.effect, width: inner - indent, style: effectStyle, measure: measure)
                    widest = max(widest, inputs.map { measure.width($0, inputStyle) }.max() ?? 0)
                    widest = max(widest, indent + (effects.map { measure.width($0, effectStyle) }.max() ?? 0))
                    let lines =
                        place(inputs, x: 0, firstLine: 0, style: inputStyle)
                        + place(effects, x: indent, firstLine: inputs.count, style: effectStyle)
                    blocks.append(Block(lines: lines, height: Double(inputs.count + effects.count) * lineHeight, spaceBefore: spaceBefore))
                }
            }
        }
        self.blocks = blocks
        width = min(maxWidth, widest + 2 * padding.x)
    }

    /// The panel's height with every block.
    var height: Double { blocks.reduce(2 * padding.y) { $0 + $1.spaceBefore + $1.height } }

    /// The panel at the origin, no taller than `maxHeight` where possible: when not every
    /// block fits, the blocks that fit with one more line are kept and that line is an ellipsis.
    func panel(maxHeight: Double, background: Color, foreground: Color) -> TextPanel {
        var kept = blocks.count
        if height > maxHeight {
            kept = 0
            var used = 2 * padding.y + ellipsisStyle.lineHeight
            for block in blocks {
                used += block.spaceBefore + block.height
                guard used <= maxHeight else { break }
                kept += 1
            }
        }
        var lines: [TextLine] = []
        var top = padding.y
        for block in blocks.prefix(kept) {
            let blockTop = top + block.spaceBefore
            lines += block.lines.map {
                TextLine($0.text, at: Point(x: padding.x + $0.origin.x, y: blockTop + $0.origin.y), style: $0.style)
            }
            top = blockTop + block.height
        }
        if kept < blocks.count {
            let baseline = top + OverlayLayout.baseline(of: 0, style: ellipsisStyle)
            lines.append(TextLine(TextLayout.ellipsis, at: Point(x: padding.x, y: baseline), style: ellipsisStyle))
            top += ellipsisStyle.lineHeight
        }
        let frame = Rect(x: 0, y: 0, width: width, height: top + padding.y)
        return TextPanel(kind: .help, frame: frame, lines: lines, background: background, foreground: foreground)
    }
}
