import Foundation

/// Helpers for angles in radians.
public enum Angle {
    /// The shortest signed arc from `from` to `to`, in radians in [−π, π].
    ///
    /// As Qt's `remainder(Δ, 360)`: the difference is reduced, never the two angles
    /// normalized to [0, 2π) and subtracted (GTK rotate's counter-example).
    public static func shortestArc(from: Double, to: Double) -> Double {
        remainder(to - from, 2 * Double.pi)
    }

    public static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
    public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}
