/// Every command a person can give the board without a gesture, in one table: each command's
/// key chords, the help row that explains it and the section it is listed in. The key map, the
/// help panel, `--help`, the man page and the README's key table are all made from it, so they
/// cannot disagree (swift-argument-parser makes help, man page and completions from one
/// declaration the same way).
public struct CommandCatalogue: Sendable {
    /// One command and the chords bound to it.
    public struct Binding: Sendable {
        public var command: BoardCommand
        /// Every chord that gives the command; the first `shownCount` are the ones the help shows.
        public var chords: [KeyChord]
        public var shownCount: Int

        public init(_ command: BoardCommand, _ chords: [KeyChord], shown shownCount: Int? = nil) {
            self.command = command
            self.chords = chords
            self.shownCount = min(shownCount ?? chords.count, chords.count)
        }

        /// The chords the help shows, as text: `F11 or f`.
        public var shownText: String { chords.prefix(shownCount).map(\.description).joined(separator: " or ") }
    }

    /// One line of the help: the bindings it explains and what they do.
    public struct Row: Sendable {
        public var bindings: [Binding]
        /// What the keys do, as one short phrase (`undo · redo`).
        public var effect: String
        /// The keys, when a row says them better in words than in chords (`Tab · arrows · + − · [ ]`).
        public var keysText: String?

        public init(_ bindings: [Binding], _ effect: String, keys keysText: String? = nil) {
            self.bindings = bindings
            self.effect = effect
            self.keysText = keysText
        }

        /// The keys as the help shows them: each binding's chords, ` · ` between bindings.
        public var keys: String { keysText ?? bindings.map(\.shownText).joined(separator: " · ") }
    }

    /// A control on the board: an icon with its word, for people with only a touchscreen.
    public struct Control: Sendable {
        public enum Action: Hashable, Sendable {
            case command(BoardCommand)
            /// Asks how to tidy: by name or by date.
            case tidyMenu
        }

        public var word: String
        public var icon: ControlIcon
        public var action: Action

        public init(_ word: String, _ icon: ControlIcon, _ action: Action) {
            self.word = word
            self.icon = icon
            self.action = action
        }
    }

    /// An entry of one of the board's menus: its words and the command it gives.
    public struct MenuEntry: Sendable {
        public var title: String
        /// The words while what the command toggles is on ("Back from close-up").
        public var titleWhenOn: String?
        public var command: BoardCommand
        /// Shown only when the menu was opened with the pointer (pinning a finger needs one).
        public var isPointerOnly: Bool

        public init(_ title: String, _ command: BoardCommand, whenOn titleWhenOn: String? = nil, isPointerOnly: Bool = false) {
            self.title = title
            self.titleWhenOn = titleWhenOn
            self.command = command
            self.isPointerOnly = isPointerOnly
        }
    }

    /// A print's menu (press and hold, right-click): each entry's command acts on that print.
    public var printMenu: [MenuEntry] = []
    /// Tidy's menu (the Tidy control).
    public var tidyMenu: [MenuEntry] = []

    /// The controls along the board's edge, in the order they show (those that do not fit a
    /// narrow window go, from the end, into a "More" menu).
    public var controls: [Control]
    /// The gestures, which are not commands but are explained beside them: (what to do, what it does).
    public var gestures: [(input: String, effect: String)]
    /// The mouse and touchpad's ways of doing the gestures, for `--help`.
    public var mouse: [(input: String, effect: String)]
    public var rows: [Row]

    /// The command a chord gives, if any.
    public func command(for chord: KeyChord) -> BoardCommand? {
        for row in rows {
            for binding in row.bindings where binding.chords.contains(chord) { return binding.command }
        }
        return nil
    }

    /// Every binding, in the order listed.
    public var bindings: [Binding] { rows.flatMap(\.bindings) }
}

extension CommandCatalogue {
    /// The board's commands.
    public static let board: CommandCatalogue = {
        typealias K = KeyChord
        let control: KeyChord.Modifiers = .control, shift: KeyChord.Modifiers = .shift
        let nudges: [CommandCatalogue.Binding] = KeyChord.NamedKey.arrows.flatMap { key -> [CommandCatalogue.Binding] in
            let direction = BoardCommand.Direction(key)
            return [
                Binding(.nudge(direction, isLarge: false), [K.named(key)]),
                Binding(.nudge(direction, isLarge: true), [K.named(key, shift)]),
            ]
        }
        let printMenu = [
            MenuEntry("Close up", .closeUp, whenOn: "Back from close-up"),
            MenuEntry("Put back as first laid out", .putBack),
            MenuEntry("Turn upright", .turnUpright),
            MenuEntry("Remove from the board", .removeTarget),
            MenuEntry("About this photo", .about),
            MenuEntry("Copy", .copy),
            MenuEntry("Actual pixels", .actualPixels),
            MenuEntry("Crop", .crop),
            MenuEntry("Reset crop", .resetCrop),
            MenuEntry("Flip left to right", .flip(vertically: false)),
            MenuEntry("Flip top to bottom", .flip(vertically: true)),
            MenuEntry("Black and white", .toggleBlackAndWhite, whenOn: "Back to colour"),
            MenuEntry("See-through", .stepSeeThrough),
            MenuEntry("Pin a finger here", .pinFinger, isPointerOnly: true),
        ]
        let tidyMenu = [
            MenuEntry("By name", .tidy(byDate: false)), MenuEntry("By date taken", .tidy(byDate: true)),
            MenuEntry("Gather into view", .gather),
        ]
        return CommandCatalogue(
            printMenu: printMenu, tidyMenu: tidyMenu,
            controls: [
                Control("Add", .add, .command(.addPhotos)),
                Control("Paste", .paste, .command(.paste)),
                Control("Tidy", .tidy, .tidyMenu),
                Control("Fit", .fit, .command(.showWholeBoard)),
                Control("Undo", .undo, .command(.undo)),
                Control("Redo", .redo, .command(.redo)),
                Control("Removed", .removed, .command(.toggleRemovedPhotos)),
                Control("Captions", .captions, .command(.toggleCaptions)),
                Control("Save", .save, .command(.saveDocument)),
                Control("Export", .export, .command(.exportPicture)),
                Control("Fullscreen", .fullscreen, .command(.toggleFullscreen)),
                Control("Help", .help, .command(.toggleHelp)),
                Control("Quit", .quit, .command(.quit)),
            ],
            gestures: [
                ("one finger · left drag", "move; let go while moving to throw"),
                ("two fingers", "zoom and turn about the fingers"),
                ("one finger on the bare table or a tiny print", "pan the table; let go while moving to glide"),
                ("two fingers on the bare table or tiny prints", "zoom the table about them and pan it"),
                ("press and hold the bare table, then drag", "a band: select the photos it touches; they move and go together"),
                ("tap a photo · the bare table", "while photos are selected: add or remove it · clear the selection"),
                ("wheel · Shift+wheel", "zoom · turn about the pointer"),
                ("Ctrl+drag · pin a finger", "zoom and turn with a second finger"),
                ("tap a gliding photo", "catch it"),
                ("tap a notice · the help", "dismiss it · close it"),
                ("press and hold · right-click", "the photo's menu"),
                ("double tap", "close-up; again to put it back"),
                ("triple tap", "back as first laid out"),
            ],
            mouse: [
                ("left drag", "one finger: move and throw; clicks are taps"),
                ("wheel", "zoom about the pointer (about 10% a notch)"),
                ("left drag on the bare table", "a band: select the photos it touches (Shift or Ctrl adds); a click there clears"),
                ("Shift+click · Ctrl+click a photo", "add it to the selection or take it out"),
                ("middle drag · Space+left drag", "pan the table, over a photo too"),
                ("wheel on the bare table", "zoom the table about the pointer (over a photo, the photo, unless tiny)"),
                ("Shift+wheel", "turn about the pointer (or the side wheel)"),
                ("Ctrl+left drag", "zoom and turn about the photo's centre"),
                ("right-click a photo", "its menu: " + printMenu.map { $0.title.lowercased() }.joined(separator: ", ")),
                (
                    "Ctrl+right-click a photo",
                    "pin a second finger there, then left drag to pinch and turn about it; right-click or Esc removes it"
                ),
                ("touchpad pinch", "zoom and turn about the pointer; on the bare table or a tiny print, zoom the table"),
            ],
            rows: [
                Row([Binding(.addPhotos, [K.character("o", control)])], "add photos from a folder"),
                Row(
                    [Binding(.paste, [K.character("v", control)]), Binding(.copy, [K.character("c", control)])],
                    "paste a picture or files · copy a photo"),
                Row([Binding(.toggleFullscreen, [K.named(.f11), K.character("f")])], "fullscreen"),
                Row([Binding(.escape, [K.named(.escape)])], "close this, clear the selection, lift a pinned finger, leave fullscreen"),
                Row(
                    [
                        Binding(.undo, [K.character("z", control)]),
                        Binding(.redo, [K.character("z", [.control, .shift]), K.character("y", control)], shown: 1),
                    ], "undo · redo"),
                Row([Binding(.gather, [K.named(.space), K.character("g")])], "gather every photo into view (Space: when let go)"),
                Row(
                    [Binding(.tidy(byDate: false), [K.character("t")]), Binding(.tidy(byDate: true), [K.character("t", shift)])],
                    "tidy by name · by date"),
                Row([Binding(.toggleCaptions, [K.character("c"), K.character("c", shift)], shown: 1)], "captions: name and date"),
                Row([Binding(.selectAll, [K.character("a", control)])], "select every photo (Esc: none)"),
                Row(
                    [Binding(.removeTarget, [K.named(.delete), K.named(.backspace)], shown: 1)],
                    "take a photo off the board (never off the disk)"),
                Row(
                    [
                        Binding(.selectNext(backwards: false), [K.named(.tab)]),
                        Binding(.selectNext(backwards: true), [K.named(.tab, shift)]),
                    ] + nudges + [
                        Binding(.zoom(isIn: true), [K.character("+"), K.character("=")]),
                        Binding(.zoom(isIn: false), [K.character("-")]),
                        Binding(.turn(isClockwise: true), [K.character("]")]),
                        Binding(.turn(isClockwise: false), [K.character("[")]),
                        Binding(.actualPixels, [K.character("1")]),
                    ], "select a photo · move · zoom · turn it · its own pixels", keys: "Tab · arrows · + − · [ ] · 1"),
                Row(
                    [
                        Binding(.flip(vertically: false), [K.character("h")]), Binding(.flip(vertically: true), [K.character("v")]),
                        Binding(.toggleBlackAndWhite, [K.character("b")]), Binding(.stepSeeThrough, [K.character("o")]),
                    ], "flip it left to right · top to bottom · black and white · see-through 75, 50, 25 %, opaque"),
                Row(
                    [
                        Binding(.crop, [K.character("x")]), Binding(.resetCrop, [K.character("x", shift)]),
                        Binding(.confirm, [K.named(.enter)]),
                    ], "crop it (Enter keeps the crop, Esc leaves it) · show it whole again"),
                Row(
                    [
                        Binding(.showWholeBoard, [K.named(.home)]),
                        Binding(.showActualSize, [K.character("0", control)]),
                        Binding(.zoomTable(isIn: true), [K.character("+", control), K.character("=", control)], shown: 1),
                        Binding(.zoomTable(isIn: false), [K.character("-", control)]),
                    ], "the table: every photo in view · actual size · zoom in · out"),
                Row([Binding(.exportPicture, [K.character("s", control)])], "save the board as a picture"),
                Row([Binding(.saveDocument, [K.character("s", [.control, .shift])])], "save the board as a board file"),
                Row(
                    [Binding(.toggleRemovedPhotos, [K.character("r"), K.character("r", shift), K.named(.insert)], shown: 1)],
                    "photos taken off; tap one to put it back"),
                Row([Binding(.toggleHelp, [K.character("?"), K.named(.f1)])], "show or hide this"),
                Row(
                    [
                        Binding(
                            .quit, [K.character("q"), K.character("q", shift), K.character("q", control), K.character("w", control)],
                            shown: 1)
                    ],
                    "quit"),
            ])
    }()
}

extension KeyChord.NamedKey {
    /// The arrow keys, in the order help lists them.
    public static let arrows: [KeyChord.NamedKey] = [.left, .right, .up, .down]
}

extension BoardCommand.Direction {
    /// The direction of an arrow key (`.left` for any other key).
    init(_ arrow: KeyChord.NamedKey) {
        switch arrow {
        case .right: self = .right
        case .up: self = .up
        case .down: self = .down
        default: self = .left
        }
    }
}
