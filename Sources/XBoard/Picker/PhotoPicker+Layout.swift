/// Where the picker's parts are: a sheet along the bottom of the window (the board stays in
/// view above it, to drag pictures onto), a header with the path bar, the Add button and the
/// close button, and the grid of tiles below, scrolled.
public struct PickerGeometry: Hashable, Sendable {
    public var sheet: Rect
    public var header: Rect
    public var grid: Rect
    public var columns: Int
    /// A tile's square picture and the name under it.
    public var tileSize: Size
    public var gap: Double
    public var rows: Int

    /// The grid's full height, all rows.
    public var contentHeight: Double { Double(rows) * (tileSize.height + gap) + gap }
    /// The furthest the grid scrolls.
    public var maximumScroll: Double { max(0, contentHeight - grid.size.height) }

    /// Tile `index`'s frame, scrolled by `offset`.
    public func tileFrame(_ index: Int, scrolledBy offset: Double) -> Rect {
        let row = index / max(columns, 1), column = index % max(columns, 1)
        let usedWidth = Double(columns) * tileSize.width + Double(columns - 1) * gap
        let left = grid.minX + (grid.size.width - usedWidth) / 2
        return Rect(
            x: left + Double(column) * (tileSize.width + gap), y: grid.minY + gap + Double(row) * (tileSize.height + gap) - offset,
            width: tileSize.width, height: tileSize.height)
    }

    /// The tiles at least partly in view, of `count`.
    public func visibleTiles(of count: Int, scrolledBy offset: Double, extraRows: Int = 0) -> Range<Int> {
        let rowHeight = tileSize.height + gap
        let first = max(0, Int(((offset - gap) / rowHeight).rounded(.down)) - extraRows)
        let last = Int(((offset + grid.size.height) / rowHeight).rounded(.up)) + extraRows
        let lower = min(count, first * columns), upper = min(count, max(lower, (last + 1) * columns))
        return lower..<upper
    }
}

extension PhotoPicker {
    /// The sheet's share of the window's height.
    static let heightShare = 0.62

    public func geometry(in size: Size, metrics: WidgetMetrics) -> PickerGeometry {
        let margin = metrics.edgeMargin
        let height = min(size.height - 2 * margin, max(size.height * Self.heightShare, 3 * metrics.target + metrics.tile * 1.4))
        let sheet = Rect(x: margin, y: size.height - margin - height, width: size.width - 2 * margin, height: height)
        let header = Rect(x: sheet.minX, y: sheet.minY, width: sheet.size.width, height: metrics.target + 2 * metrics.gap)
        let grid = Rect(x: sheet.minX, y: header.maxY, width: sheet.size.width, height: sheet.maxY - header.maxY)
        let gap = metrics.gap * 2
        let tileSize = Size(width: metrics.tile, height: metrics.tile + metrics.font.lineHeight + metrics.gap)
        let columns = max(1, Int(((grid.size.width - gap) / (tileSize.width + gap)).rounded(.down)))
        let rows = (tileCount + columns - 1) / columns
        return PickerGeometry(sheet: sheet, header: header, grid: grid, columns: columns, tileSize: tileSize, gap: gap, rows: rows)
    }

    /// The thumbnails of the pictures in view, and a few rows around them: what to decode.
    public func wantedThumbnails(in size: Size, metrics: WidgetMetrics) -> [ThumbnailID] {
        let geometry = geometry(in: size, metrics: metrics)
        return geometry.visibleTiles(of: tileCount, scrolledBy: scrollOffset, extraRows: 3).compactMap { index in
            if case .picture(_, let id) = tile(index) { return id }
            return nil
        }
    }

    /// What the picker draws, and its targets.
    ///
    /// - Parameters:
    ///   - onBoard: canonical paths of the photos on the board (their tiles are marked).
    ///   - pressed: the part a finger holds down.
    public func layout(
        in size: Size, metrics: WidgetMetrics, measure: TextMeasure, style: WidgetStyle = WidgetStyle(), onBoard: Set<PathKey> = [],
        pressed: PickerTarget? = nil
    ) -> LaidOutWidget {
        let geometry = geometry(in: size, metrics: metrics)
        let sheet = geometry.sheet, header = geometry.header, font = metrics.font, bold = metrics.boldFont
        var steps: [WidgetStep] = [.box(sheet, radius: metrics.cornerRadius, color: style.sheet)]
        var targets: [(frame: Rect, target: WidgetTarget)] = [(geometry.grid, .picker(.grid))]
        func baseline(in frame: Rect, _ style: TextStyle) -> Double { frame.center.y + style.ascent / 2 - style.size * 0.12 }
        // The close button on the right, then Add.
        let buttonTop = header.minY + metrics.gap
        let close = Rect(x: header.maxX - metrics.gap - metrics.target, y: buttonTop, width: metrics.target, height: metrics.target)
        steps.append(.box(close, radius: metrics.cornerRadius, color: pressed == .close ? style.pressed : style.button))
        steps.append(.icon(.close, frame: close.insetBy(metrics.padding), color: style.text))
        targets.append((close, .picker(.close)))
        let count = selection.count
        let addWord = count == 0 ? "Add" : "Add \(count)"
        let addWidth = (metrics.padding * 2 + metrics.iconSize + metrics.gap + measure.width(addWord, bold)).rounded(.up)
        let add = Rect(x: close.minX - metrics.gap - addWidth, y: buttonTop, width: addWidth, height: metrics.target)
        steps.append(
            .box(add, radius: metrics.cornerRadius, color: pressed == .add ? style.pressed : (count > 0 ? style.selection : style.button)))
        let addIcon = Rect(
            x: add.minX + metrics.padding, y: add.center.y - metrics.iconSize / 2, width: metrics.iconSize, height: metrics.iconSize)
        steps.append(.icon(.add, frame: addIcon, color: count > 0 ? style.text : style.disabledText))
        steps.append(
            .text(
                TextLine(addWord, at: Point(x: addIcon.maxX + metrics.gap, y: baseline(in: add, bold)), style: bold),
                color: count > 0 ? style.text : style.disabledText))
        if count > 0 { targets.append((add, .picker(.add))) }
        // Select all (or none), left of Add, when the folder has pictures.
        var barEnd = add.minX
        if let pictures = listing?.pictures, !pictures.isEmpty {
            let allWord = isAllSelected ? "Select none" : "Select all"
            let allWidth = (metrics.padding * 2 + measure.width(allWord, bold)).rounded(.up)
            let all = Rect(x: add.minX - metrics.gap - allWidth, y: buttonTop, width: allWidth, height: metrics.target)
            steps.append(.box(all, radius: metrics.cornerRadius, color: pressed == .all ? style.pressed : style.button))
            steps.append(
                .text(
                    TextLine(allWord, at: Point(x: all.minX + metrics.padding, y: baseline(in: all, bold)), style: bold),
                    color: style.text))
            targets.append((all, .picker(.all)))
            barEnd = all.minX
        }
        // The path bar: as many of the last folders as fit, each a target.
        let barRoom = barEnd - metrics.gap - (header.minX + metrics.gap)
        var crumbs = Array(crumbs.enumerated())
        func width(_ name: String) -> Double { max(metrics.target, measure.width(name, bold) + 2 * metrics.padding) }
        while crumbs.count > 1, crumbs.map({ width($0.element.name) + metrics.gap }).reduce(0, +) > barRoom { crumbs.removeFirst() }
        var x = header.minX + metrics.gap
        for (number, crumb) in crumbs {
            let frame = Rect(x: x, y: buttonTop, width: min(width(crumb.name), barRoom), height: metrics.target)
            let isLast = number == self.crumbs.count - 1
            if !isLast {
                steps.append(.box(frame, radius: metrics.cornerRadius, color: pressed == .crumb(number) ? style.pressed : style.button))
                targets.append((frame, .picker(.crumb(number))))
            }
            let name = TextLayout.shorten(crumb.name, width: frame.size.width - 2 * metrics.padding, style: bold, measure: measure)
            steps.append(
                .text(
                    TextLine(name, at: Point(x: frame.minX + metrics.padding, y: baseline(in: frame, bold)), style: bold), color: style.text
                ))
            x = frame.maxX + metrics.gap
        }
        // The grid.
        steps.append(.clip(geometry.grid))
        let visible = geometry.visibleTiles(of: tileCount, scrolledBy: scrollOffset)
        if let problem = listing?.problem {
            let line = TextLayout.shorten(problem, width: geometry.grid.size.width - 2 * metrics.padding, style: font, measure: measure)
            steps.append(
                .text(
                    TextLine(
                        line, at: Point(x: geometry.grid.minX + metrics.padding, y: geometry.grid.minY + 2 * metrics.target / 2),
                        style: font), color: style.text))
        } else if listing == nil {
            steps.append(
                .text(
                    TextLine(
                        "Reading the folder…", at: Point(x: geometry.grid.minX + metrics.padding, y: geometry.grid.minY + metrics.target),
                        style: font), color: style.disabledText))
        } else if tileCount == 0 {
            steps.append(
                .text(
                    TextLine(
                        "No pictures or folders here",
                        at: Point(x: geometry.grid.minX + metrics.padding, y: geometry.grid.minY + metrics.target), style: font),
                    color: style.disabledText))
        }
        for index in visible {
            guard let tile = tile(index) else { continue }
            let frame = geometry.tileFrame(index, scrolledBy: scrollOffset)
            let square = Rect(x: frame.minX, y: frame.minY, width: frame.size.width, height: frame.size.width)
            let name: String
            steps.append(.box(square, radius: metrics.cornerRadius * 0.6, color: pressed == .tile(index) ? style.pressed : style.tile))
            switch tile {
            case .folder(let folder):
                name = folder.lastComponent.map { PathEscaping.escape($0.bytes) } ?? folder.escaped
                steps.append(.icon(.folder, frame: square.insetBy(square.size.width * 0.25), color: style.text))
            case .picture(let file, let id):
                name = file.path.lastComponent.map { PathEscaping.escape($0.bytes) } ?? ""
                if ready.contains(id) {
                    steps.append(.thumbnail(id, frame: square.insetBy(metrics.gap / 2)))
                } else {
                    steps.append(
                        .icon(
                            .photo, frame: square.insetBy(square.size.width * 0.32),
                            color: failed.contains(id) ? style.disabledText : style.tile))
                }
                if onBoard.contains(file.canonical) {
                    // Already on the board: a quiet mark in the corner.
                    let mark = Rect(
                        x: square.minX + metrics.gap, y: square.minY + metrics.gap, width: metrics.iconSize, height: metrics.iconSize)
                    steps.append(.box(mark.insetBy(-metrics.gap / 2), radius: metrics.iconSize, color: style.bar))
                    steps.append(.icon(.photo, frame: mark, color: style.text))
                }
                if selection.contains(file.canonical) {
                    steps.append(.outline(square, radius: metrics.cornerRadius * 0.6, lineWidth: 3 * metrics.scale, color: style.selection))
                    let check = Rect(
                        x: square.maxX - metrics.gap - metrics.iconSize * 1.2, y: square.minY + metrics.gap, width: metrics.iconSize * 1.2,
                        height: metrics.iconSize * 1.2)
                    steps.append(.box(check, radius: check.size.width / 2, color: style.selection))
                    steps.append(.icon(.check, frame: check.insetBy(metrics.gap / 2), color: style.text))
                }
            }
            let label = TextLayout.shorten(name, width: frame.size.width, style: font, measure: measure)
            let labelX = frame.center.x - measure.width(label, font) / 2
            steps.append(
                .text(TextLine(label, at: Point(x: labelX, y: square.maxY + metrics.gap / 2 + font.ascent), style: font), color: style.text)
            )
            if let visible = frame.intersection(geometry.grid) { targets.append((visible, .picker(.tile(index)))) }
        }
        steps.append(.endClip)
        return LaidOutWidget(item: WidgetItem(frame: sheet, steps: steps), targets: targets)
    }
}
