/// A menu open on the board, as a layer: what it is of, its entries as they were when it
/// opened, and every touch on it — a finger lifted on an entry chooses it, whether it tapped
/// there or slid there from the long press that opened the menu. What it asks for comes out as
/// outcomes; the session turns a choice into the entry's command (`MenuLayerTests`).
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

    enum Outcome: Equatable, Sendable {
        /// The entry at this index was chosen (the menu closes).
        case chose(Int)
        case close
    }

    let kind: Kind
    private(set) var popup: PopupMenu
    /// The entry under each finger on the menu.
    private var touches: [TouchID: Int?] = [:]

    init(_ kind: Kind, _ popup: PopupMenu) {
        self.kind = kind
        self.popup = popup
    }

    var anchor: Point { popup.anchor }

    /// A finger already down becomes the menu's (the long press that opened it).
    mutating func take(_ touch: TouchID) { touches[touch] = .some(nil) }

    /// A touch on the menu as `shown` (the last frame's layout of it).
    mutating func touch(_ event: TouchEvent, shown: LaidOutWidget?) -> [Outcome] {
        let location = event.phase == .began ? (event.routingLocation ?? event.location) : event.location
        let entry: Int? = if case .menuEntry(let index) = shown?.target(at: location) { index } else { nil }
        switch event.phase {
        case .began, .moved:
            guard event.phase == .began || touches[event.id] != nil else { return [] }
            touches[event.id] = .some(entry)
            popup.pressed = entry
            return []
        case .ended:
            guard touches.removeValue(forKey: event.id) != nil else { return [] }
            popup.pressed = nil
            if let entry, popup.entries.indices.contains(entry), popup.entries[entry].isEnabled { return [.chose(entry)] }
            // About a photo has no entries: a touch anywhere on it closes it.
            if case .about = kind { return [.close] }
            return []
        case .cancelled:
            touches[event.id] = nil
            popup.pressed = nil
            return []
        }
    }
}
