/// What the help panel (? or F1) says: a title and rows of what to do and what it does, in
/// sections. `OverlayLayout` sets it in two columns where the window is wide enough, and stacks
/// each row's two parts where it is not.
public struct HelpSheet: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        /// The gesture or keys.
        public var input: String
        /// What it does.
        public var effect: String

        public init(_ input: String, _ effect: String) {
            self.input = input
            self.effect = effect
        }
    }

    public var title: String
    public var sections: [[Row]]

    public init(title: String, sections: [[Row]]) {
        self.title = title
        self.sections = sections
    }

    /// The board's gestures and keys.
    public static let board = HelpSheet(
        title: "Photoboard — gestures and keys",
        sections: [
            [
                Row("one finger · left drag", "move; let go while moving to throw"),
                Row("two fingers", "zoom and turn about the fingers"),
                Row("wheel · Shift+wheel", "zoom · turn about the pointer"),
                Row("Ctrl+drag · right-click, drag", "zoom and turn with a second finger"),
                Row("tap a gliding photo", "catch it"),
                Row("tap a notice", "dismiss it"),
                Row("double tap", "close-up; again to put it back"),
                Row("triple tap", "back as first laid out"),
            ],
            [
                Row("F11 or f", "fullscreen"),
                Row("Esc", "close this, lift a pinned finger, leave fullscreen"),
                Row("Ctrl+Z · Ctrl+Shift+Z", "undo · redo"),
                Row("Space or g", "gather every photo into view"),
                Row("t · Shift+T", "tidy by name · by date"),
                Row("c", "captions: name and date"),
                Row("Delete", "take a photo off the board (never off the disk)"),
                Row("Tab · arrows · + − · [ ]", "select a photo · move · zoom · turn it"),
                Row("Ctrl+S", "save the board as a picture"),
                Row("Ctrl+Shift+S", "save the board as a board file"),
                Row("r", "photos taken off; tap one to put it back"),
                Row("? or F1", "show or hide this"),
                Row("q", "quit"),
            ],
        ])
}
