/// What to draw for one frame, in order, in board points: the output of `SceneBuilder` and the
/// input of the painter. Equatable, so tests assert on it without pixels.
public struct DisplayList: Hashable, Sendable {
    public var size: Size
    public var items: [DisplayItem]
    /// Scale of fixed-size overlays (markers, text), from `Xft.dpi`.
    public var uiScale: Double

    public init(size: Size, items: [DisplayItem], uiScale: Double = 1) {
        self.size = size
        self.items = items
        self.uiScale = uiScale
    }

    /// The overlays, bottom to top: the items after the last print (`SceneBuilder` puts every
    /// overlay above the prints), found from the end — not by a pass over ten thousand prints.
    public var overlays: ArraySlice<DisplayItem> {
        var start = items.endIndex
        while start > items.startIndex, items[start - 1].isOverlay { start -= 1 }
        return items[start...]
    }

    /// The text panels in the frame, bottom to top (hint, notices, help…).
    public var panels: [TextPanel] {
        overlays.compactMap {
            if case .panel(let panel) = $0 { return panel }
            return nil
        }
    }
}

/// One drawing step.
public enum DisplayItem: Hashable, Sendable {
    /// Fill the whole frame.
    case fill(Color)
    /// A print: its shadow, its white border, then the picture, all under `photoToBoard`.
    case print(PrintItem)
    /// The loading indicator: a bar along the bottom edge with a line of text, shortened to
    /// fit the window.
    case progress(LoadingStatus, label: TextLine)
    /// A finger-sized ring where mouse emulation has pinned a second finger.
    case fingerMarker(Point)
    /// A box of text laid out to fit the window: the hint, a notice, the help panel.
    case panel(TextPanel)
    /// The photos taken off the board, along the bottom edge, to tap back.
    case removedPhotos(RemovedShelf)
    /// An on-board widget: the controls, a menu, the photo picker, a press's ring.
    case widget(WidgetItem)
    /// The table as the window showed it when the view started moving, scaled and moved with
    /// the view since (`TableSnapshot`): stands in for every print while a large board's view moves.
    case tableSnapshot(TableSnapshot)

    /// Whether the item is a print.
    public var isPrint: Bool {
        if case .print = self { return true }
        return false
    }

    /// Whether the item is for the screen only (indicators, hints, notices, help), never part
    /// of a saved picture of the board.
    public var isOverlay: Bool {
        switch self {
        case .fill, .print, .tableSnapshot: false
        case .progress, .fingerMarker, .panel, .removedPhotos, .widget: true
        }
    }
}

/// The table drawn as a picture of itself: the frame the window showed at `startView`, drawn
/// through the change from `startView` to `view` (window pixels at `view` → window pixels at
/// `startView`: `startView`'s board-to-window after `view`'s inverse).
public struct TableSnapshot: Hashable, Sendable {
    /// The view of the frame the snapshot was taken of.
    public var startView: BoardView
    /// The view shown now.
    public var view: BoardView

    public init(startView: BoardView, view: BoardView) {
        self.startView = startView
        self.view = view
    }

    /// This frame's window pixels → the snapshot's pixels.
    public var windowToSnapshot: AffineTransform {
        view.boardToWindow.inverted().map { $0.concatenating(startView.boardToWindow) } ?? .identity
    }
}

extension DisplayList {
    /// The snapshot standing in for the table and its prints, when the list has one (right after
    /// the table's fill).
    public var tableSnapshot: TableSnapshot? {
        for item in items.prefix(2) { if case .tableSnapshot(let snapshot) = item { return snapshot } }
        return nil
    }
}

/// A photo drawn as a print on the table.
public struct PrintItem: Hashable, Sendable {
    public var photo: PhotoID
    /// From the photo's own space into the frame (window pixels): the photo's placement on the
    /// board followed by the view (`SceneBuilder.build(_:view:)`); the board's own placement
    /// only at the identity view.
    public var photoToBoard: AffineTransform
    /// The picture's rectangle in the photo's own space (centred on the origin).
    public var pictureSize: Size
    /// Border width in the photo's own units.
    public var borderWidth: Double
    public var borderColor: Color
    public var shadowOffset: Point
    public var shadowSoftness: Double
    public var shadowOpacity: Double
    /// Outlined as the photo keyboard commands act on.
    public var isSelected: Bool = false
    /// Being turned, scaled or moved by fingers or on its own (a glide, a settle): the painter
    /// may draw it as a quick draft and draws it sharp again once it rests.
    public var isMoving: Bool = false
    /// Text shown along the picture's lower edge (its file name and date, `c`), sized to the
    /// print and turning with it; `nil` for none.
    public var caption: String? = nil
    /// Tiles drawn over the picture (issue 39, `TileBook`): parts of it at a finer resolution
    /// than its copy, each with the part of the photo's centred space it covers.
    public var tiles: [PrintTile] = []
    /// How the picture is shown (flipped, black and white) and how much of what lies under the
    /// print shows through it.
    public var edits = PrintEdits.none

    /// The print's outline (picture and border) in the photo's own space.
    public var outline: Rect { Rect(printOutlineOf: pictureSize, borderWidth: borderWidth) }

    /// The whole picture's size in the photo's own space, of which the print shows the part its
    /// crop keeps (`pictureSize`).
    public var wholePictureSize: Size {
        let crop = edits.crop.size
        guard crop.width > 0, crop.height > 0 else { return pictureSize }
        return Size(width: pictureSize.width / crop.width, height: pictureSize.height / crop.height)
    }

    /// The board rectangle this print may touch, shadow included: what repainting it dirties.
    public var boardExtent: Rect {
        // The four corners without an array: every frame asks this of every print on the board.
        let outline = outline, transform = photoToBoard
        let p1 = transform.apply(to: Point(x: outline.minX, y: outline.minY)),
            p2 = transform.apply(to: Point(x: outline.maxX, y: outline.minY))
        let p3 = transform.apply(to: Point(x: outline.maxX, y: outline.maxY)),
            p4 = transform.apply(to: Point(x: outline.minX, y: outline.maxY))
        let low = Point(x: min(min(p1.x, p2.x), min(p3.x, p4.x)), y: min(min(p1.y, p2.y), min(p3.y, p4.y)))
        let high = Point(x: max(max(p1.x, p2.x), max(p3.x, p4.x)), y: max(max(p1.y, p2.y), max(p3.y, p4.y)))
        let bounds = Rect(origin: low, size: Size(width: high.x - low.x, height: high.y - low.y))
        let shadow = Rect(origin: bounds.origin + shadowOffset, size: bounds.size).insetBy(-shadowSoftness)
        // A selected print's ring, turned with it: a corner of it reaches √2 times as far.
        return bounds.insetBy(-selectionRingReach * 1.5).union(shadow).insetBy(-1)
    }
}
