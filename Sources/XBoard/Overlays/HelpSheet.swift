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

    /// The board's gestures and keys, from the command catalogue.
    public static let board = HelpSheet(catalogue: .board)

    /// The gestures, then the keys, of `catalogue`.
    public init(catalogue: CommandCatalogue) {
        self.init(
            title: "Photoboard — gestures and keys",
            sections: [
                catalogue.gestures.map { Row($0.input, $0.effect) },
                catalogue.rows.map { Row($0.keys, $0.effect) },
            ])
    }
}
