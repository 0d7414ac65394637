/// How often the display shows a new picture: what glides and settles are paced at.
///
/// Read from the monitor's video mode (RandR): pixel clock / (horizontal total × vertical
/// total), doubled for an interlaced mode and halved for a double-scanned one — as `xrandr`
/// computes the rate it prints.
public struct RefreshRate: Hashable, Sendable, CustomStringConvertible {
    /// Frames per second.
    public let hertz: Double

    /// The rates believed; a mode outside them (a dummy or broken mode) is not a display rate.
    public static let plausible: ClosedRange<Double> = 20...500
    /// What the board paces at when the display does not say: 60 Hz.
    public static let standard = RefreshRate(uncheckedHertz: 60)

    /// `nil` unless `hertz` is a plausible display rate.
    public init?(hertz: Double) {
        guard hertz.isFinite, Self.plausible.contains(hertz) else { return nil }
        self.hertz = hertz
    }

    private init(uncheckedHertz: Double) { hertz = uncheckedHertz }

    /// The rate of a video mode: `dotClock` in hertz, its total width and height in pixels.
    public init?(dotClock: Double, horizontalTotal: Double, verticalTotal: Double, isInterlaced: Bool = false, isDoubleScan: Bool = false) {
        guard horizontalTotal > 0, verticalTotal > 0 else { return nil }
        var rate = dotClock / (horizontalTotal * verticalTotal)
        if isInterlaced { rate *= 2 }
        if isDoubleScan { rate /= 2 }
        self.init(hertz: rate)
    }

    /// The time between two pictures.
    public var interval: Duration { .seconds(1 / hertz) }

    public var description: String { "\((hertz * 100).rounded() / 100) Hz" }
}
