/// A menu open on the board, as a layer: what it is of, its entries as they were when it
/// opened — each a title and what choosing it does (`MenuLayer+Entries` builds them from the
/// command catalogue) — and every touch on it: a finger lifted on an entry chooses it, whether
/// it tapped there or slid there from the long press that opened the menu. What it asks for
/// comes out as outcomes; the session carries out the chosen entry's action (`MenuLayerTests`).
struct MenuLayer: Sendable {
    /// What the menu is of.
    enum Kind: Sendable {
        /// A print's menu; `viaPointer` when right-clicked (it offers to pin a finger there).
        case print(PhotoID, viaPointer: Bool)
        case tidy
        /// The controls from `first` on, which did not fit the bar.
        case more(first: Int)
        /// About a photo: text only; any touch closes it.
        case about
    }

    /// What choosing an entry does.
    enum Action: Equatable, Sendable {
        /// A command of the board's (Tidy's entries).
        case command(BoardCommand)
        /// A command of a print's menu, on that print.
        case onPrint(BoardCommand, PhotoID)
        /// What the bar's control at this index does (More's entries).
        case control(Int)
    }

    /// An entry: its title (greyed when it cannot act) and its action.
    struct Entry: Sendable {
        var title: String
        var action: Action
        var isEnabled = true
    }

    enum Outcome: Equatable, Sendable {
        /// An entry was chosen: its action (the menu closes).
        case chose(Action)
        case close
    }

    let kind: Kind
    private(set) var popup: PopupMenu
    /// The entries' actions, in the popup's order.
    let actions: [Action]
    /// The entry under each finger on the menu.
    private var touches: [TouchID: Int?] = [:]
    /// The finger whose long press opened the menu, while it has not slid from where it held:
    /// lifting it there chooses nothing, even when an entry lies under it (a menu in columns on a
    /// small window may cover the finger, and the lift picked an edit nobody asked for).
    private var stillHolding: TouchID?

    /// How far the holding finger slides before its lift chooses the entry under it, in points.
    static let slideToChoose = 12.0

    init(_ kind: Kind, title: String?, lines: [String] = [], entries: [Entry], anchor: Point) {
        self.kind = kind
        popup = PopupMenu(
            title: title, lines: lines, entries: entries.map { PopupMenu.Entry($0.title, isEnabled: $0.isEnabled) }, anchor: anchor)
        actions = entries.map(\.action)
    }

    var anchor: Point { popup.anchor }

    /// A finger already down becomes the menu's (the long press that opened it).
    mutating func take(_ touch: TouchID) {
        touches[touch] = .some(nil)
        stillHolding = touch
    }

    /// A touch on the menu as `shown` (the last frame's layout of it).
    mutating func touch(_ event: TouchEvent, shown: LaidOutWidget?) -> [Outcome] {
        let location = event.phase == .began ? (event.routingLocation ?? event.location) : event.location
        let entry: Int? = if case .menuEntry(let index) = shown?.target(at: location) { index } else { nil }
        switch event.phase {
        case .began, .moved:
            guard event.phase == .began || touches[event.id] != nil else { return [] }
            if stillHolding == event.id, location.distance(to: anchor) > Self.slideToChoose { stillHolding = nil }
            let isStill = stillHolding == event.id
            touches[event.id] = .some(isStill ? nil : entry)
            popup.pressed = isStill ? nil : entry
            return []
        case .ended:
            guard touches.removeValue(forKey: event.id) != nil else { return [] }
            popup.pressed = nil
            if stillHolding == event.id {
                stillHolding = nil
                if location.distance(to: anchor) <= Self.slideToChoose { return [] }
            }
            if let entry, popup.entries.indices.contains(entry), popup.entries[entry].isEnabled { return [.chose(actions[entry])] }
            // About a photo has no entries: a touch anywhere on it closes it.
            if case .about = kind { return [.close] }
            return []
        case .cancelled:
            touches[event.id] = nil
            if stillHolding == event.id { stillHolding = nil }
            popup.pressed = nil
            return []
        }
    }
}
