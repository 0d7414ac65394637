/// What a touch on a widget lands on.
public enum WidgetTarget: Hashable, Sendable {
    /// A control of the bar.
    case control(Int)
    /// An entry of the open menu.
    case menuEntry(Int)
    /// Inside a widget, on nothing that acts (the bar between buttons, a menu's title): the
    /// touch is the widget's, and does nothing.
    case inert
    /// The photo picker's parts.
    case picker(PickerTarget)
    /// Done or Cancel of a crop (`CropLayer`).
    case cropButton(CropButton)
}

/// The buttons of a crop: keep it, or leave the print as it was.
public enum CropButton: Hashable, Sendable { case done, cancel }

/// A widget laid out: what it draws, and where its targets are, for hit-testing what the last
/// frame showed.
public struct LaidOutWidget: Hashable, Sendable {
    public var item: WidgetItem
    /// Targets, later ones on top; a touch inside `item.frame` on none of them is `.inert`.
    public var targets: [(frame: Rect, target: WidgetTarget)]

    public init(item: WidgetItem, targets: [(frame: Rect, target: WidgetTarget)]) {
        self.item = item
        self.targets = targets
    }

    /// The target at `point`, `.inert` inside the widget, `nil` outside it.
    public func target(at point: Point) -> WidgetTarget? {
        guard item.frame.contains(point) else { return nil }
        return targets.last { $0.frame.contains(point) }?.target ?? .inert
    }

    public static func == (lhs: LaidOutWidget, rhs: LaidOutWidget) -> Bool {
        lhs.item == rhs.item && lhs.targets.map(\.frame) == rhs.targets.map(\.frame)
            && lhs.targets.map(\.target) == rhs.targets.map(\.target)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(item)
        hasher.combine(targets.map(\.target))
    }
}

/// What the photo picker's parts are, for a touch.
public enum PickerTarget: Hashable, Sendable {
    /// A folder of the path bar (0: the first shown).
    case crumb(Int)
    case close
    /// Lays the selected photos on the board.
    case add
    /// Chooses every picture of the folder, or none.
    case all
    /// A tile of the grid: sub-folders first, then pictures.
    case tile(Int)
    /// The grid between tiles: it scrolls.
    case grid
}
