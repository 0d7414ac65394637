/// What a person changed about how a print shows its picture, never written to the picture's
/// file (issue 40): mirrored left–right or top–bottom, in black and white, see-through.
///
/// The flips mirror the picture within the print, about its centre and in its own axes: a print
/// turned 30° stays turned 30°, its picture mirrored as it lies. The border, the shadow and the
/// caption are the print's and do not mirror.
public struct PrintEdits: Hashable, Sendable {
    /// Mirrored left to right.
    public var flipsHorizontally = false
    /// Mirrored top to bottom.
    public var flipsVertically = false
    /// Its pixels shown as their luminance (Rec. 709 weights on the display's values).
    public var isBlackAndWhite = false
    /// How much of the print covers what lies under it: one of `opacitySteps`.
    public var opacity = 1.0

    public init(flipsHorizontally: Bool = false, flipsVertically: Bool = false, isBlackAndWhite: Bool = false, opacity: Double = 1) {
        self.flipsHorizontally = flipsHorizontally
        self.flipsVertically = flipsVertically
        self.isBlackAndWhite = isBlackAndWhite
        self.opacity = opacity
    }

    /// No edit: the picture as its file holds it.
    public static let none = PrintEdits()

    /// The see-through steps, as the menu and the key go through them: opaque, then three quarters,
    /// half and a quarter, then opaque again.
    public static let opacitySteps = [1.0, 0.75, 0.5, 0.25]

    /// Whether the print hides what lies under it.
    public var isOpaque: Bool { opacity >= 1 }

    /// The next see-through step after this one.
    public var nextOpacity: Double {
        let index = Self.opacitySteps.firstIndex { abs($0 - opacity) < 0.01 } ?? 0
        return Self.opacitySteps[(index + 1) % Self.opacitySteps.count]
    }

    /// The step nearest to `value` (a remembered opacity read back), or `nil` for a value that is
    /// no opacity (outside 0–1, not a number).
    public static func opacityStep(nearest value: Double) -> Double? {
        guard value.isFinite, value >= 0, value <= 1 else { return nil }
        return opacitySteps.min { abs($0 - value) < abs($1 - value) }
    }

    /// The picture's own space (centred) → the print's: the flips, each its own inverse.
    public var pictureToPrint: AffineTransform {
        AffineTransform(a: flipsHorizontally ? -1 : 1, b: 0, c: 0, d: flipsVertically ? -1 : 1, tx: 0, ty: 0)
    }

    /// Whether the picture is mirrored at all.
    public var flips: Bool { flipsHorizontally || flipsVertically }
}

extension Photo {
    /// The picture's own space (centred, as its pixels lie) → the board: its flips, then the
    /// print's placement. What finds the part of the picture a window shows (tiles).
    public var pictureToBoard: AffineTransform { edits.flips ? edits.pictureToPrint.concatenating(photoToBoard) : photoToBoard }
}
