internal import CX11
import XBoard

/// Moving what the window already shows: when the print on top is drawn as in the last frame
/// but only moved (a drag, upright or turned, a sprite copy or a draft), the pixels of its opaque
/// inside are copied within the window (`FramePresenter.move`) and only the rest of the damage
/// is drawn — the strip it uncovered, its blended edge and its shadow — as scrolling views do.
extension CairoPainter {
    /// The print on top as the window shows it: what it was drawn from (a sprite, and through
    /// which turn and scale and filter) and where (its centre, whole pixels), and where its pixels
    /// are its own whatever lies under it (`opaque`, window pixels).
    struct ShownPrint {
        var photo: PhotoID
        var spriteSerial: UInt64
        /// Board → sprite without its translation: the identity for a blit.
        var linear: AffineTransform
        var isStretched: Bool
        var isQuick: Bool
        var center: Point
        var opaque: [Rect]

        /// Whether a print drawn as `other` looks the same as this one, but for where it is.
        func hasSameLook(as other: ShownPrint) -> Bool {
            func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
            return photo == other.photo && spriteSerial == other.spriteSerial && isStretched == other.isStretched
                && isQuick == other.isQuick && near(linear.a, other.linear.a) && near(linear.b, other.linear.b)
                && near(linear.c, other.linear.c) && near(linear.d, other.linear.d)
        }
    }

    /// A region moved in one frame has at most this many rectangles (else the frame draws it).
    static let maximumMovedRectangles = 256

    /// The print on top of `list` (the last print), with its index.
    static func topPrint(of list: DisplayList) -> (index: Int, print: PrintItem)? {
        for index in list.items.indices.reversed() {
            if case .print(let print) = list.items[index] { return (index, print) }
        }
        return nil
    }

    /// How `print` shows when drawn as `drawing`; `nil` when it is drawn outright (no sprite),
    /// or with tiles over it (issue 39): those come and go under an unchanged sprite, so its
    /// pixels are never taken as drawn before (a tile arriving while nothing moved stayed unseen);
    /// nor when it is see-through (issue 40): its pixels are those under it too.
    func shownPrint(_ print: PrintItem, as drawing: PrintDrawing) -> ShownPrint? {
        guard print.tiles.isEmpty, print.edits.isOpaque else { return nil }
        let placed = drawing.placed(print)
        switch drawing {
        case .blit(let sprite, let center):
            let held = Rect(origin: center + sprite.covered.origin, size: sprite.covered.size)
            return ShownPrint(
                photo: print.photo, spriteSerial: sprite.serial, linear: .identity, isStretched: false,
                isQuick: false, center: center,
                opaque: RectRegion.intersecting(placed.opaqueRegion(sampledBy: .wholePixels), with: [held]))
        case .stretch(let sprite, let boardToSprite, let center):
            var linear = boardToSprite
            (linear.tx, linear.ty) = (0, 0)
            return ShownPrint(
                photo: print.photo, spriteSerial: sprite.serial, linear: linear, isStretched: true, isQuick: quickDrafts, center: center,
                opaque: placed.opaqueRegion(sampledBy: .bilinear))
        case .outright:
            return nil
        }
    }

    /// Where the window's pixels of `old` land as `new` (window pixels): its opaque inside, where
    /// the window held it (on screen, under no overlay of `previous`), moved by the difference of
    /// their centres, less what lies off screen or under an overlay of `list`. Empty when there
    /// are too many pieces to be worth it.
    static func movedRegion(from old: ShownPrint, to new: ShownPrint, previous: DisplayList, list: DisplayList) -> [Rect] {
        let frame = Rect(origin: .zero, size: list.size)
        var source = RectRegion.intersecting(old.opaque, with: [Rect(origin: .zero, size: previous.size)])
        for item in previous.overlays {
            source = RectRegion.subtracting(
                OverlayGeometry.extent(of: item, in: previous.size, scale: previous.uiScale).integral, from: source)
        }
        let delta = new.center - old.center
        var moved = source.compactMap { Rect(origin: $0.origin + delta, size: $0.size).intersection(frame) }
        for item in list.overlays {
            moved = RectRegion.subtracting(OverlayGeometry.extent(of: item, in: list.size, scale: list.uiScale).integral, from: moved)
        }
        return moved.count <= maximumMovedRectangles ? moved : []
    }
}
