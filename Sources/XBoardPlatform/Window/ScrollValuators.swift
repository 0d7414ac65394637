import XBoard

/// Smooth scrolling as XInput 2.1 reports it: absolute scroll valuators on motion events, turned
/// into notches (one wheel click is 1) per device and axis.
///
/// A valuator's first value after learning only sets the baseline; later values count by their
/// difference divided by the valuator's increment (negative increments scroll the other way).
struct ScrollValuators {
    /// One scroll valuator of a device: XInput's `XIScrollClassInfo`.
    struct Axis: Hashable {
        var source: Int32
        var number: Int32
        var isVertical: Bool
        /// How far the valuator moves for one notch.
        var increment: Double
    }

    private struct Key: Hashable {
        var source: Int32
        var number: Int32
    }

    private var axes: [Key: Axis] = [:]
    private var lastValues: [Key: Double] = [:]

    /// Replaces what is known about the devices' scroll valuators (at start and whenever the
    /// device hierarchy changes); axes with a zero increment are ignored.
    mutating func learn(_ found: [Axis]) {
        axes = [:]
        for axis in found where axis.increment != 0 && axis.increment.isFinite {
            axes[Key(source: axis.source, number: axis.number)] = axis
        }
        lastValues = lastValues.filter { axes[$0.key] != nil }
    }

    /// The notches scrolled by one motion event of `source` carrying `values` (valuator number
    /// and absolute value), since that device's previous event.
    mutating func notches(source: Int32, values: [(number: Int32, value: Double)]) -> Point {
        var notches = Point.zero
        for (number, value) in values {
            let key = Key(source: source, number: number)
            guard let axis = axes[key], value.isFinite else { continue }
            if let last = lastValues[key] {
                let delta = (value - last) / axis.increment
                if axis.isVertical { notches.y += delta } else { notches.x += delta }
            }
            lastValues[key] = value
        }
        return notches
    }
}
