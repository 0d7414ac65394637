/// Cropping a print (issue 40), as Photos and Loupe crop: the print shows its whole picture, dimmed
/// outside a frame with handles at its corners and on its edges (each a finger's 9 mm to reach).
/// A handle dragged moves the frame's edges; one finger inside moves the picture under the frame
/// and two pinch it, the frame staying where it is on screen; Done (a tap outside, Enter) keeps
/// the crop, Cancel (Esc) leaves the print as it was. While it is open it takes every touch.
///
/// The frame is kept in the picture's unit square (as its pixels lie), so it turns and flips
/// with the print; the print, while cropped, lies on the board uncropped
/// (`BoardController.beginCrop`), and what the fingers do to the picture is its placement.
struct CropLayer: Sendable {
    /// Which edges of the frame a handle moves: the low or high one of each axis, or neither.
    struct Handle: Hashable, Sendable {
        enum Side: Hashable, Sendable { case low, high, neither }
        var x: Side, y: Side

        /// The corners first, then the edges' middles.
        static let all: [Handle] = [
            Handle(x: .low, y: .low), Handle(x: .high, y: .low), Handle(x: .high, y: .high), Handle(x: .low, y: .high),
            Handle(x: .neither, y: .low), Handle(x: .high, y: .neither), Handle(x: .neither, y: .high), Handle(x: .low, y: .neither),
        ]

        /// Where it lies on `frame`, in the unit square.
        func point(on frame: Rect) -> Point {
            func place(_ side: Side, _ low: Double, _ high: Double) -> Double {
                switch side {
                case .low: low
                case .high: high
                case .neither: (low + high) / 2
                }
            }
            return Point(x: place(x, frame.minX, frame.maxX), y: place(y, frame.minY, frame.maxY))
        }

        /// Its name as the widgets' trace says it ("top-left", "right"), as the print shows it:
        /// on a print flipped left to right, the picture's left edge is the print's right.
        func name(flips edits: PrintEdits) -> String {
            func swapped(_ side: Side, _ flips: Bool) -> Side {
                guard flips else { return side }
                return side == .low ? .high : side == .high ? .low : .neither
            }
            let (x, y) = (swapped(x, edits.flipsHorizontally), swapped(y, edits.flipsVertically))
            let vertical = y == .low ? "top" : y == .high ? "bottom" : ""
            let horizontal = x == .low ? "left" : x == .high ? "right" : ""
            return [vertical, horizontal].filter { !$0.isEmpty }.joined(separator: "-")
        }
    }

    /// What the layer asks of the session.
    enum Outcome: Equatable, Sendable {
        /// The picture moved or zoomed under the frame: the print's new placement.
        case place(AffineTransform)
        case done
        case cancel
    }

    typealias Button = CropButton

    private enum Grab: Sendable {
        case handle(Handle, offset: Point)
        /// Inside the frame: moves (one finger) or pinches (two) the picture; last seen here.
        case inside(Point)
        case outside(start: Point, hasMoved: Bool)
        case button(Button)

        var isInside: Bool { if case .inside = self { true } else { false } }
    }

    let photo: PhotoID
    /// The photo as it was before cropping began: what Cancel gives back.
    let before: Photo
    /// The view before the frame was brought into it, to go back to when the crop ends.
    var viewBefore: BoardView?
    /// The frame, in the picture's unit square.
    private(set) var frame: Rect
    private var grabs: [TouchID: Grab] = [:]
    /// Where the last frame showed the handles (window pixels), by name: for the widgets' trace.
    var shownHandles: [(name: String, at: Point)] = []

    init(before: Photo) {
        self.photo = before.id
        self.before = before
        self.frame = before.edits.crop
    }

    /// The picture's unit square → the board, for `photo` as it lies uncropped.
    static func unitToBoard(_ photo: Photo) -> AffineTransform {
        let size = photo.pictureSize
        return AffineTransform(a: size.width, b: 0, c: 0, d: size.height, tx: -size.width / 2, ty: -size.height / 2)
            .concatenating(photo.pictureToBoard)
    }

    // MARK: Touches

    /// `touch`, routed to the layer, for `photo` (the print being cropped, as it lies) shown
    /// through `boardToWindow`; `shown` is the layer as the last frame laid it out, `metrics`
    /// the widgets' sizes; `maximumScale` bounds how far the picture is zoomed.
    mutating func touch(
        _ touch: TouchEvent, photo: Photo, boardToWindow: AffineTransform, shown: LaidOutWidget?, metrics: WidgetMetrics,
        maximumScale: Double
    ) -> [Outcome] {
        let unitToWindow = Self.unitToBoard(photo).concatenating(boardToWindow)
        guard let windowToUnit = unitToWindow.inverted(), touch.location.isFinite else { return [] }
        switch touch.phase {
        case .began:
            grabs[touch.id] = grab(
                at: touch.location, windowToUnit: windowToUnit, unitToWindow: unitToWindow, shown: shown, metrics: metrics)
            return []
        case .moved:
            switch grabs[touch.id] {
            case .handle(let handle, let offset):
                let point = windowToUnit.apply(to: touch.location) + offset
                let windowWidth = unitToWindow.applyToVector(Point(x: 1, y: 0)).length
                let windowHeight = unitToWindow.applyToVector(Point(x: 0, y: 1)).length
                move(handle, to: point, smallest: Size(width: metrics.target / windowWidth, height: metrics.target / windowHeight))
                return []
            case .inside(let last):
                grabs[touch.id] = .inside(touch.location)
                return moveInside(touch.id, from: last, photo: photo, boardToWindow: boardToWindow, maximumScale: maximumScale)
            case .outside(let start, let hasMoved):
                grabs[touch.id] = .outside(start: start, hasMoved: hasMoved || touch.location.distance(to: start) > metrics.slop)
                return []
            case .button, nil:
                return []
            }
        case .ended, .cancelled:
            let grab = grabs.removeValue(forKey: touch.id)
            guard touch.phase == .ended else { return [] }
            switch grab {
            case .outside(_, let hasMoved): return hasMoved ? [] : [.done]  // a tap outside keeps the crop
            case .button(let button):
                // Lifted on the button it pressed.
                guard case .cropButton(button)? = shown?.target(at: touch.location) else { return [] }
                return [button == .done ? .done : .cancel]
            default: return []
            }
        }
    }

    private func grab(
        at location: Point, windowToUnit: AffineTransform, unitToWindow: AffineTransform, shown: LaidOutWidget?, metrics: WidgetMetrics
    ) -> Grab {
        if case .cropButton(let button)? = shown?.target(at: location) { return .button(button) }
        let nearest = Handle.all.map { ($0, unitToWindow.apply(to: $0.point(on: frame)).distance(to: location)) }.min { $0.1 < $1.1 }
        let unit = windowToUnit.apply(to: location), isInside = frame.contains(unit)
        // Half a finger from a handle takes it; inside a frame too small for a finger beside its
        // handles, only a finger on the handle's dot does, and the rest of the inside moves the
        // picture (the outside review: a frame at its smallest could not be moved at all).
        let corners = frame.corners.map(unitToWindow.apply(to:))
        let side = min(corners[0].distance(to: corners[1]), corners[1].distance(to: corners[2]))
        let reach = isInside ? min(metrics.target / 2, side / 4) : metrics.target / 2
        if let (handle, distance) = nearest, distance <= reach {
            return .handle(handle, offset: handle.point(on: frame) - unit)
        }
        // A finger joining one inside the frame pinches with it, wherever it lands.
        let pinches = grabs.values.contains(where: \.isInside)
        return isInside || pinches ? .inside(location) : .outside(start: location, hasMoved: false)
    }

    /// Moves the edges `handle` moves to `point` (unit square), each within the picture and
    /// keeping the frame at least `smallest` across (a finger's width on screen, at least
    /// `PrintEdits.smallestCrop`, at most what it is).
    private mutating func move(_ handle: Handle, to point: Point, smallest: Size) {
        let minWidth = min(max(smallest.width, PrintEdits.smallestCrop), frame.size.width)
        let minHeight = min(max(smallest.height, PrintEdits.smallestCrop), frame.size.height)
        var low = Point(x: frame.minX, y: frame.minY), high = Point(x: frame.maxX, y: frame.maxY)
        switch handle.x {
        case .low: low.x = min(max(point.x, 0), high.x - minWidth)
        case .high: high.x = max(min(point.x, 1), low.x + minWidth)
        case .neither: break
        }
        switch handle.y {
        case .low: low.y = min(max(point.y, 0), high.y - minHeight)
        case .high: high.y = max(min(point.y, 1), low.y + minHeight)
        case .neither: break
        }
        frame = Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }

    /// A finger inside the frame moved from `last`: the picture follows it (with a second finger
    /// inside, the two pinch it about their middle), the frame staying where it is on screen and
    /// within the picture.
    private mutating func moveInside(
        _ id: TouchID, from last: Point, photo: Photo, boardToWindow: AffineTransform, maximumScale: Double
    ) -> [Outcome] {
        guard let windowToBoard = boardToWindow.inverted(), case .inside(let now)? = grabs[id] else { return [] }
        let other = grabs.first { $0.key != id && $0.value.isInside }
        var scale = 1.0, from = windowToBoard.apply(to: last), to = windowToBoard.apply(to: now)
        if let other, case .inside(let partner) = other.value {
            let anchor = windowToBoard.apply(to: partner)
            let before = from.distance(to: anchor), after = to.distance(to: anchor)
            guard before > 1e-6 else { return [] }
            scale = after / before
            from = Point(x: (from.x + anchor.x) / 2, y: (from.y + anchor.y) / 2)
            to = Point(x: (to.x + anchor.x) / 2, y: (to.y + anchor.y) / 2)
        }
        // Never zoomed so far out that the frame is larger than the picture, nor past the print's most.
        scale = max(scale, frame.size.width, frame.size.height)
        if photo.scale > 0 { scale = min(scale, max(1, maximumScale / photo.scale)) }
        let move = AffineTransform(translation: Point(x: -from.x, y: -from.y))
            .concatenating(AffineTransform(scale: scale)).concatenating(AffineTransform(translation: to))
        var placed = photo
        placed.photoToBoard = photo.photoToBoard.concatenating(move)
        // The frame stays on the board where it was: where it falls on the picture now.
        let frameOnBoard = frame.corners.map(Self.unitToBoard(photo).apply(to:))
        guard let boardToUnit = Self.unitToBoard(placed).inverted() else { return [] }
        var moved = Rect.bounding(frameOnBoard.map(boardToUnit.apply(to:)))
        // Kept within the picture: the frame shifted back in, the picture with it.
        let shift = Point(
            x: moved.minX < 0 ? -moved.minX : moved.maxX > 1 ? 1 - moved.maxX : 0,
            y: moved.minY < 0 ? -moved.minY : moved.maxY > 1 ? 1 - moved.maxY : 0)
        if shift != .zero {
            let back = Self.unitToBoard(placed).applyToVector(shift)
            placed.photoToBoard = placed.photoToBoard.concatenating(AffineTransform(translation: Point(x: -back.x, y: -back.y)))
            guard let boardToUnit = Self.unitToBoard(placed).inverted() else { return [] }
            moved = Rect.bounding(frameOnBoard.map(boardToUnit.apply(to:)))
        }
        guard let checked = PrintEdits.checkedCrop(moved) else { return [] }
        frame = checked
        return [.place(placed.photoToBoard)]
    }

    // MARK: Drawing

    /// How much of the window's height the bar of Done and Cancel takes, margins included.
    static func barReach(_ metrics: WidgetMetrics) -> Double { 2 * metrics.edgeMargin + metrics.target + 2 * metrics.gap }

    /// The layer laid out over `photo` (as it lies, uncropped) shown through `boardToWindow` in a
    /// window of `size`: the picture outside the frame dimmed, the frame, its handles, and Cancel
    /// and Done along the bottom (the top, where the frame is low).
    func layout(
        photo: Photo, boardToWindow: AffineTransform, in size: Size, metrics: WidgetMetrics, measure: TextMeasure, style: WidgetStyle
    ) -> LaidOutWidget {
        let unitToWindow = Self.unitToBoard(photo).concatenating(boardToWindow)
        let picture = PrintEdits.wholePicture.corners.map(unitToWindow.apply(to:))
        let framed = frame.corners.map(unitToWindow.apply(to:))
        var steps: [WidgetStep] = [
            .polygons([picture, framed], color: Color(red: 0, green: 0, blue: 0, alpha: 0.6)),
            .polyline(framed, lineWidth: 2 * metrics.scale, color: Color(red: 1, green: 1, blue: 1, alpha: 0.95)),
        ]
        // The thirds, faint, as a guide.
        for third in [1.0 / 3, 2.0 / 3] {
            let x = frame.minX + frame.size.width * third, y = frame.minY + frame.size.height * third
            let lines = [
                [Point(x: x, y: frame.minY), Point(x: x, y: frame.maxY)], [Point(x: frame.minX, y: y), Point(x: frame.maxX, y: y)],
            ]
            for line in lines {
                steps.append(
                    .polyline(
                        line.map(unitToWindow.apply(to:)), lineWidth: metrics.scale, color: Color(red: 1, green: 1, blue: 1, alpha: 0.4)))
            }
        }
        let radius = 8 * metrics.scale
        for handle in Handle.all {
            let centre = unitToWindow.apply(to: handle.point(on: frame))
            let dot = Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
            steps.append(.box(dot, radius: radius, color: Color(red: 1, green: 1, blue: 1)))
            steps.append(.outline(dot, radius: radius, lineWidth: 1.5 * metrics.scale, color: Color(red: 0.1, green: 0.12, blue: 0.15)))
        }
        var targets: [(frame: Rect, target: WidgetTarget)] = []
        let words: [(String, Button)] = [("Cancel", .cancel), ("Done", .done)]
        let widths = words.map { max(metrics.target * 2, (metrics.padding * 2 + measure.width($0.0, metrics.boldFont)).rounded(.up)) }
        let total = widths.reduce(0, +) + metrics.gap * Double(widths.count - 1) + 2 * metrics.gap
        // Along the bottom, or the top where the bottom would cover the frame or its handles
        // (whichever covers less of them).
        let barHeight = metrics.target + 2 * metrics.gap
        let reach = Rect.bounding(framed).insetBy(-metrics.target / 2)
        func bar(at y: Double) -> Rect { Rect(x: ((size.width - total) / 2).rounded(), y: y, width: total.rounded(.up), height: barHeight) }
        func covered(_ bar: Rect) -> Double { bar.intersection(reach).map { $0.size.width * $0.size.height } ?? 0 }
        let bottom = bar(at: size.height - metrics.edgeMargin - barHeight), top = bar(at: metrics.edgeMargin)
        let bar = covered(bottom) <= covered(top) ? bottom : top
        steps.append(.box(bar, radius: metrics.cornerRadius + metrics.gap, color: style.bar))
        var x = bar.minX + metrics.gap
        for ((word, button), width) in zip(words, widths) {
            let buttonFrame = Rect(x: x, y: bar.minY + metrics.gap, width: width, height: metrics.target)
            steps.append(.box(buttonFrame, radius: metrics.cornerRadius, color: button == .done ? style.pressed : style.button))
            let font = metrics.boldFont, textWidth = measure.width(word, font)
            let baseline = buttonFrame.center.y + font.ascent / 2 - font.size * 0.12
            steps.append(
                .text(TextLine(word, at: Point(x: buttonFrame.center.x - textWidth / 2, y: baseline), style: font), color: style.text))
            targets.append((buttonFrame, .cropButton(button)))
            x += width + metrics.gap
        }
        let everything = Rect(origin: .zero, size: size)
        return LaidOutWidget(item: WidgetItem(frame: everything, steps: steps), targets: targets)
    }

    /// Where the handles are, in window pixels, each with its name: for the widgets' trace.
    func handles(photo: Photo, boardToWindow: AffineTransform) -> [(name: String, at: Point)] {
        let unitToWindow = Self.unitToBoard(photo).concatenating(boardToWindow)
        return Handle.all.map { ($0.name(flips: photo.edits), unitToWindow.apply(to: $0.point(on: frame))) }
    }
}
