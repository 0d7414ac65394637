internal import CX11
import XBoard

/// Drawing one print into a frame: from its sprite at whole pixels when it only moved, through
/// a transform while it turns or scales (a draft), or from a sprite rendered anew — sharp at
/// rest, quick while it moves.
extension CairoPainter {
    /// Sprites are rendered for what lies within this share of the window's size beyond its
    /// edges (a print zoomed far past the window keeps a sprite of its visible part).
    static let spriteMargin = 0.5

    /// How a print is drawn in a frame.
    enum PrintDrawing {
        /// Its sprite copied at whole pixels with the print's centre at `center`.
        case blit(PrintSprite, center: Point)
        /// Its sprite drawn through `boardToSprite` with the print's centre at `center` (whole
        /// pixels): a bilinear draft of a print that turns or scales.
        case stretch(PrintSprite, boardToSprite: AffineTransform, center: Point)
        /// No sprite could be made (too large, or out of server memory): the print drawn outright.
        case outright

        /// The print as placed by this drawing: its centre at whole pixels.
        func placed(_ print: PrintItem) -> PrintItem {
            switch self {
            case .blit(_, let center), .stretch(_, _, let center):
                var placed = print
                placed.photoToBoard = print.photoToBoard.withCenter(center)
                return placed
            case .outright:
                return print
            }
        }
    }

    /// How `print` is drawn this frame (`visible` is the window): from its sprite when the sprite
    /// still fits it, else from a sprite rendered anew (kept for the next frames).
    ///
    /// A print at rest whose sprite is a draft, or whose sprite can be stretched to it, is drawn
    /// from that draft while its sharp sprite is rendered a band at a time between frames
    /// (`refineDeferredSprites`) — when that sprite would take more than one such band — so a
    /// print let go is never held up by its own sharp render, nor is the next touch.
    func drawing(for print: PrintItem, visible: Rect) -> PrintDrawing {
        let key = PrintSprite.Key(print)
        let center = Point(x: print.photoToBoard.center.x.rounded(), y: print.photoToBoard.center.y.rounded())
        let defers = !print.isMoving && sharpSpriteArea(of: print, visible: visible) > refinementSettings.bandArea
        if let sprite = sprites[print.photo], sprite.key == key, sprite.holds(print, centeredAt: center, visible: visible) {
            if print.isMoving || !sprite.isDraft { return .blit(sprite, center: center) }
            if defers {
                deferSharpSprite(of: print.photo)
                return .blit(sprite, center: center)
            }
        }
        if print.isMoving || defers, let sprite = sprites[print.photo],
            let boardToSprite = sprite.draftTransform(for: print, centeredAt: center)
        {
            if !print.isMoving { deferSharpSprite(of: print.photo) }
            return .stretch(sprite, boardToSprite: boardToSprite, center: center)
        }
        dropSprite(of: print.photo)
        guard let sprite = renderSprite(print, visible: visible, isDraft: print.isMoving) else { return .outright }
        sprites[print.photo] = sprite
        return .blit(sprite, center: center)
    }

    /// Draws `print` into `context`, only within `clip` (whole pixels); `visible` is the window.
    func draw(_ print: PrintItem, clippedTo clip: [Rect], visible: Rect, in context: OpaquePointer?) {
        draw(print, as: drawing(for: print, visible: visible), clippedTo: clip, in: context)
    }

    /// Draws `print` the way `drawing` says, only within `clip`; `clip` lies within the print's
    /// `directRegion` when `isInsideDirectRegion` (all of it is copied, nothing blended).
    ///
    /// A see-through print (issue 40) is laid down at its opacity straight from its sprite; with
    /// tiles over it, the print and its tiles are drawn whole into a group first and the group
    /// laid down, so the copy under a tile does not show through it.
    func draw(
        _ print: PrintItem, as drawing: PrintDrawing, clippedTo clip: [Rect], isInsideDirectRegion: Bool = false, in context: OpaquePointer?
    ) {
        let grouped = !print.edits.isOpaque && !print.tiles.isEmpty
        var print = print
        let opacity = print.edits.opacity
        if grouped {
            cairo_save(context)
            self.clip(context, to: clip)
            cairo_push_group(context)
            print.edits.opacity = 1
        }
        switch drawing {
        case .blit(let sprite, let center):
            blit(sprite, as: print, centeredAt: center, clippedTo: clip, isOpaque: isInsideDirectRegion, in: context)
        case .stretch(let sprite, let boardToSprite, _):
            statistics.draftsStretched += 1
            let placed = drawing.placed(print)
            composite(
                sprite.surface, boardToSprite: boardToSprite,
                opaque: isInsideDirectRegion ? nil : placed.opaqueRegion(sampledBy: .bilinear),
                coverage: placed.coverage(), clip: clip, filter: CAIRO_FILTER_BILINEAR, alpha: print.edits.opacity, in: context)
        case .outright:
            cairo_save(context)
            self.clip(context, to: clip)
            CairoDrawing.draw(print, in: context, picture: picture(for: print))
            cairo_restore(context)
        }
        if !print.tiles.isEmpty { drawTiles(of: drawing.placed(print), clippedTo: clip, in: context) }
        if grouped {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
            cairo_restore(context)
        }
    }

    /// Copies a sprite at whole pixels with the print's centre at `center`.
    private func blit(
        _ sprite: PrintSprite, as print: PrintItem, centeredAt center: Point, clippedTo clip: [Rect], isOpaque: Bool,
        in context: OpaquePointer?
    ) {
        statistics.blits += 1
        var placed = print
        placed.photoToBoard = print.photoToBoard.withCenter(center)
        let origin = center + sprite.covered.origin
        let held = Rect(origin: origin, size: sprite.covered.size)
        // A small print is blended whole in one request: splitting off its opaque inside (copied,
        // not blended) saves the server little and costs the loop a second request — hundreds of
        // small prints a frame while ten thousand open. Blending an opaque pixel copies it.
        composite(
            sprite.surface, boardToSprite: AffineTransform(translation: -origin),
            opaque: isOpaque ? nil : sprite.isSmall ? [] : placed.opaqueRegion(sampledBy: .wholePixels),
            coverage: RectRegion.intersecting(placed.coverage(), with: [held]), clip: clip, filter: CAIRO_FILTER_NEAREST,
            alpha: print.edits.opacity, in: context)
    }

    /// Whether sampling the picture bilinearly draws the print as sharp as GOOD's box filter:
    /// when the copy has at most two of its pixels to each pixel shown, each way (the usual copy of
    /// a small print: twice its size), every pixel of the copy counts in some sample — at exactly
    /// two, a bilinear sample is the 2×2 box. The X server draws a bilinear sprite itself; GOOD
    /// it cannot, so cairo reads the copy back, filters it here and sends the sprite over — a
    /// round trip behind whatever the server is drawing, for each picture arriving on a board of
    /// ten thousand. Only small sprites are drawn so (`drawSprite`): a close-up's sharp sprite
    /// stays the loop's, a band at a time, not a long request the server would draw in one go.
    static func bilinearIsSharp(_ print: PrintItem, pictureSize: Size?) -> Bool {
        let scale = print.photoToBoard.scale
        guard let pictureSize, print.pictureSize.width > 0, print.pictureSize.height > 0, scale > 0 else { return true }
        let whole = print.wholePictureSize
        let ratio = max(pictureSize.width / (whole.width * scale), pictureSize.height / (whole.height * scale))
        return ratio <= 2.0001
    }

    /// Draws `surface` through `boardToSprite` within `clip`: copied outright where the print is
    /// opaque (`opaque`; `nil`: all of `clip` is), blended elsewhere but only where it has
    /// pixels (`coverage`), at `alpha` (a see-through print's opacity; it is opaque nowhere).
    private func composite(
        _ surface: OpaquePointer, boardToSprite: AffineTransform, opaque: [Rect]?, coverage: [Rect], clip: [Rect],
        filter: cairo_filter_t, alpha: Double = 1, in context: OpaquePointer?
    ) {
        var matrix = cairo_matrix_t(
            xx: boardToSprite.a, yx: boardToSprite.b, xy: boardToSprite.c, yy: boardToSprite.d, x0: boardToSprite.tx, y0: boardToSprite.ty)
        let inside = opaque.map { RectRegion.intersecting(clip, with: $0) } ?? clip
        let outside = opaque.map { RectRegion.intersecting($0.reduce(clip) { RectRegion.subtracting($1, from: $0) }, with: coverage) } ?? []
        // A quick draft samples the inside nearest-neighbour; the blended edge stays smooth.
        let insideFilter = drawsQuickDrafts && filter == CAIRO_FILTER_BILINEAR ? CAIRO_FILTER_NEAREST : filter
        for (part, op, partFilter) in [(inside, CAIRO_OPERATOR_SOURCE, insideFilter), (outside, CAIRO_OPERATOR_OVER, filter)]
        where !part.isEmpty {
            cairo_save(context)
            self.clip(context, to: part)
            cairo_set_operator(context, op)
            cairo_set_source_surface(context, surface, 0, 0)
            let pattern = cairo_get_source(context)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_pattern_set_filter(pattern, partFilter)
            if alpha < 1 { cairo_paint_with_alpha(context, alpha) } else { cairo_paint(context) }
            cairo_restore(context)
        }
    }

    /// Renders the print with its centre at the origin into a new server-side surface just
    /// large enough for it and its shadow (cut to the window and a margin around it).
    private func renderSprite(_ print: PrintItem, visible: Rect, isDraft: Bool) -> PrintSprite? {
        guard let sprite = makeSprite(print, visible: visible, isDraft: isDraft) else { return nil }
        drawSprite(sprite, of: print, rows: nil)
        if isDraft { statistics.draftsRendered += 1 } else { statistics.spritesRendered += 1 }
        return sprite
    }

    /// The part of the print's extent (relative to its centre, whole pixels) a sprite of it
    /// holds: all of it, or what lies within the window and a margin around it.
    func spriteCoverage(of print: PrintItem, visible: Rect) -> (covered: Rect, extent: Rect)? {
        var atOrigin = print
        atOrigin.photoToBoard = print.photoToBoard.withCenter(.zero)
        let extent = atOrigin.boardExtent.integral
        let center = print.photoToBoard.center
        let margin = max(visible.size.width, visible.size.height) * Self.spriteMargin
        let reach = Rect(origin: visible.origin - center, size: visible.size).insetBy(-margin).integral
        guard let covered = extent.intersection(reach) else { return nil }
        return (covered, extent)
    }

    /// How many pixels a sharp sprite of the print would have.
    func sharpSpriteArea(of print: PrintItem, visible: Rect) -> Double {
        spriteCoverage(of: print, visible: visible)?.covered.size.area ?? 0
    }

    /// A new, empty sprite surface for the print (nothing drawn in it yet), or `nil` when it is
    /// too large or the server is out of memory.
    func makeSprite(_ print: PrintItem, visible: Rect, isDraft: Bool) -> PrintSprite? {
        guard let backSurface, let (covered, extent) = spriteCoverage(of: print, visible: visible), covered.size.area < 64_000_000,
            let surface = cairo_surface_create_similar(
                backSurface, CAIRO_CONTENT_COLOR_ALPHA, Int32(covered.size.width), Int32(covered.size.height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        spriteSerial &+= 1
        return PrintSprite(
            surface: surface, key: PrintSprite.Key(print), covered: covered, isCut: covered != extent, isDraft: isDraft,
            serial: spriteSerial)
    }

    /// Draws the print (shadow, border, picture) into its sprite, all of it or only `rows` (in
    /// the sprite's pixels, from its top): sharp (GOOD) unless the sprite is a draft.
    func drawSprite(_ sprite: PrintSprite, of print: PrintItem, rows: Range<Int>?) {
        guard let backSurface else { return }
        var atOrigin = print
        atOrigin.photoToBoard = print.photoToBoard.withCenter(.zero)
        let context = cairo_create(sprite.surface)
        if let rows {
            cairo_rectangle(context, 0, Double(rows.lowerBound), sprite.covered.size.width, Double(rows.count))
            cairo_clip(context)
        }
        cairo_translate(context, -sprite.covered.minX, -sprite.covered.minY)
        if !shadows.draw(atOrigin, in: context, similarTo: backSurface) { CairoDrawing.drawShadowLayers(of: atOrigin, in: context) }
        let picture = picture(for: print)
        let filter =
            sprite.isDraft || (sprite.isSmall && Self.bilinearIsSharp(print, pictureSize: picture?.size))
            ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD
        CairoDrawing.drawBody(of: atOrigin, in: context, picture: picture, filter: filter)
        cairo_destroy(context)
        cairo_surface_flush(sprite.surface)
    }
}
