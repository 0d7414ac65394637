/// Tunables for how photos move on their own and how far they may be scaled.
public struct MotionSettings: Hashable, Sendable {
    /// Total glide distance per unit of release speed: distance = `glideTime` × speed.
    ///
    /// Friction decays velocity as `exp(−t / glideTime)`, the design's 0.35 s.
    public var glideTime: Duration = .milliseconds(350)
    /// The same for the spin and zoom a twist or pinch keeps after release; shorter, so they
    /// damp faster than the slide.
    public var spinTime: Duration = .milliseconds(120)
    /// A glide ends once what remains of it moves the print less than this, in board points.
    public var restDistance: Double = 0.25
    /// The smallest scale a photo can be pinched to, relative to its first layout (the design's 0.5×).
    public var minimumScale: Double = 0.5
    /// The largest scale, relative to its first layout; photos whose native resolution needs
    /// more may go further (see `Photo.maximumScale`).
    public var maximumScale: Double = 4
    /// How long a photo takes to settle back (triple tap, close-up, returning into the window).
    public var settleDuration: Duration = .milliseconds(350)
    /// Frame interval while something moves on its own (the display rate).
    public var frameInterval: Duration = .microseconds(16_667)
    /// Release speeds are capped here, in board points per second, so one noisy sample cannot
    /// throw a photo through the wall.
    public var maximumReleaseSpeed: Double = 12_000
    /// Release spin is capped here, in radians per second (about six turns a second).
    public var maximumReleaseSpin: Double = 40
    /// Release zoom is capped here, in natural-log scale units per second.
    public var maximumReleaseZoom: Double = 20
    /// How much of the window a close-up (double tap) fills, per axis, as a fraction.
    public var closeUpFraction: Double = 0.9

    public init() {}
}
