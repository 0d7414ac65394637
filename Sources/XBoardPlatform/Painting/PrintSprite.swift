internal import CX11
import XBoard

/// A print rendered once — shadow, border and picture at one turn and scale — into a
/// server-side surface that frames then copy: at whole pixels while the print only moves, or
/// through a transform (a draft) while it turns or scales.
struct PrintSprite {
    var surface: OpaquePointer
    var key: Key
    /// The part of the print's extent held, relative to its centre, in whole pixels: its pixel
    /// (0, 0) is at `covered.origin`. All of the extent unless the print reaches far outside
    /// the window.
    var covered: Rect
    /// Whether the extent was cut to the window (drafts are made only from whole sprites).
    var isCut: Bool
    /// Rendered quickly (bilinear picture) for a print on the move; redone sharp at rest.
    var isDraft: Bool
    /// At most 256×256 pixels: blended whole in one request, and sharp from a bilinear picture
    /// where that is as sharp (`CairoPainter.blit`, `CairoPainter.drawSprite`).
    var isSmall: Bool { covered.size.area <= 256 * 256 }
    /// Tells sprites apart: two sprites with the same serial have the same pixels (a frame that
    /// draws a print from the same sprite as the last one, only moved, may move its pixels).
    var serial: UInt64

    /// Everything a sprite's pixels depend on, but the print's position.
    struct Key: Hashable {
        var a: Double, b: Double, c: Double, d: Double
        var look: Look

        init(_ print: PrintItem) {
            let t = print.photoToBoard
            (a, b, c, d) = (t.a, t.b, t.c, t.d)
            look = Look(print)
        }

        /// The turn and scale rendered, about the origin.
        var linear: AffineTransform { AffineTransform(a: a, b: b, c: c, d: d, tx: 0, ty: 0) }
    }

    /// What a print looks like apart from its turn, scale and position.
    struct Look: Hashable {
        var pictureSize: Size
        var borderWidth: Double
        var shadowOffset: Point
        var shadowSoftness: Double
        var shadowOpacity: Double
        var borderColor: Color
        var isSelected: Bool
        var caption: String?
        /// The flips and black and white (issue 40); see-through is laid on as the sprite is
        /// drawn, not rendered into it.
        var edits: PrintEdits

        init(_ print: PrintItem) {
            pictureSize = print.pictureSize
            borderWidth = print.borderWidth
            shadowOffset = print.shadowOffset
            shadowSoftness = print.shadowSoftness
            shadowOpacity = print.shadowOpacity
            borderColor = print.borderColor
            isSelected = print.isSelected
            caption = print.caption
            edits = print.edits
            edits.opacity = 1
        }
    }

    /// A print's scale may drift this far from its sprite's (either way) before a draft is
    /// rendered anew rather than stretched.
    static let draftStretch = 1.5

    /// Whether the sprite holds the part of the print (centred at `center`, whole pixels) that
    /// `visible` shows.
    func holds(_ print: PrintItem, centeredAt center: Point, visible: Rect) -> Bool {
        guard isCut else { return true }
        guard let needed = print.boardExtent.integral.intersection(visible) else { return true }
        let relative = Rect(origin: needed.origin - center, size: needed.size)
        return relative.minX >= covered.minX && relative.minY >= covered.minY && relative.maxX <= covered.maxX
            && relative.maxY <= covered.maxY
    }

    /// Board → sprite pixels for drawing this sprite as `print` (turned and scaled as it is now)
    /// with its centre at `center` (whole pixels, as a blit places it, so that a draft that only
    /// moves moves by whole pixels), or `nil` when the sprite cannot stand in for it (another
    /// look, cut, or stretched too far).
    func draftTransform(for print: PrintItem, centeredAt center: Point) -> AffineTransform? {
        let now = print.photoToBoard
        guard !isCut, key.look == PrintSprite.Look(print),
            let inverse = AffineTransform(a: now.a, b: now.b, c: now.c, d: now.d, tx: 0, ty: 0).inverted()
        else { return nil }
        let stretch = now.scale / max(key.linear.scale, 1e-9)
        guard stretch <= Self.draftStretch, stretch >= 1 / Self.draftStretch else { return nil }
        return AffineTransform(translation: -center).concatenating(inverse).concatenating(key.linear)
            .concatenating(AffineTransform(translation: -covered.origin))
    }
}
