/// The board's screen above its prints as one z-ordered list of layers, laid out once for each
/// frame: the frame draws it bottom to top and touches are hit-tested against it top to bottom,
/// so what shows on top is what a finger reaches first (Qt Quick's delivery agent picks in the
/// order it paints). A touch that reaches no layer is the board's.
///
/// The order, bottom to top (`ScreenLayers.stack`): notices, the removed photos
/// list, the picker, the controls, a press's ring and a picture dragged out of the picker (they
/// take no touch), an open menu (above everything else it takes every touch, to close it), the
/// help sheet. A new overlay is one more entry, in its place in that order.
public struct LayerStack: Sendable {
    /// Where a layer takes a touch that begins on it.
    public enum Reach: Sendable {
        /// Nowhere: it only shows.
        case nothing
        case everywhere
        case frame(Rect)
        /// Inside the widget's frame (on a target of it or not).
        case widget(LaidOutWidget)
        case shelf(RemovedShelf)

        func contains(_ point: Point) -> Bool {
            switch self {
            case .nothing: false
            case .everywhere: true
            case .frame(let frame): frame.contains(point)
            case .widget(let widget): widget.target(at: point) != nil
            case .shelf(let shelf): shelf.contains(point)
            }
        }
    }

    /// One layer as laid out: what it draws and where it takes touches.
    public struct Entry: Sendable {
        public var layer: BoardLayer
        public var items: [DisplayItem]
        public var reach: Reach
    }

    /// Bottom to top.
    public private(set) var entries: [Entry] = []

    public init() {}

    public mutating func append(_ layer: BoardLayer, _ items: [DisplayItem], reach: Reach) {
        entries.append(Entry(layer: layer, items: items, reach: reach))
    }

    /// The topmost layer that takes a touch beginning at `point`, else the board.
    public func layer(at point: Point) -> BoardLayer {
        guard point.isFinite else { return .board }
        return entries.last { $0.reach.contains(point) }?.layer ?? .board
    }

    /// What the layers draw, bottom to top.
    public var items: [DisplayItem] { entries.flatMap(\.items) }

    /// The widget a layer showed, if it is one.
    public func widget(of layer: BoardLayer) -> LaidOutWidget? {
        for entry in entries.reversed() where entry.layer == layer {
            if case .widget(let widget) = entry.reach { return widget }
        }
        return nil
    }

    var bar: LaidOutWidget? { widget(of: .controls) }
    var picker: LaidOutWidget? { widget(of: .picker) }
    var menu: LaidOutWidget? { widget(of: .menu) }

    var shelf: RemovedShelf? {
        for entry in entries where entry.layer == .removedPhotos {
            if case .shelf(let shelf) = entry.reach { return shelf }
        }
        return nil
    }
}
