/// Says how wide a line of text is when set in a style, in board points: the one thing text
/// layout needs from fonts.
///
/// The platform supplies Pango's measurement (`PangoText.measure`); the core never sees a font.
/// `estimated` stands in where no fonts exist (tests, headless export).
public struct TextMeasure: Sendable {
    public var width: @Sendable (String, TextStyle) -> Double

    public init(width: @escaping @Sendable (String, TextStyle) -> Double) {
        self.width = width
    }

    /// A font-free estimate: 0.55 em a character (0.6 em in monospace, 0.6 em bold), so that
    /// layouts can be computed and tested without a font.
    public static let estimated = TextMeasure { text, style in
        let perCharacter = style.family == .monospace || style.isBold ? 0.6 : 0.55
        return Double(text.count) * perCharacter * style.size
    }
}
