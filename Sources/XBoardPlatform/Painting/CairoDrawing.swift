internal import CX11
import Foundation
import XBoard

/// Draws display items onto any cairo context: the window's back buffer, a sprite, or an
/// image for export. Pictures come from `picture`, as a surface and its pixel size.
enum CairoDrawing {
    typealias PictureSource = (PhotoID) -> (surface: OpaquePointer, size: Size)?
    /// A photo's picture in black and white (issue 40), for what draws a print's picture outside
    /// its print (the removed photos list).
    typealias BlackAndWhiteSource = (PhotoID) -> (surface: OpaquePointer, size: Size)?

    /// Draws one item in board coordinates.
    static func draw(
        _ item: DisplayItem, in context: OpaquePointer?, size: Size, scale: Double = 1, picture: PictureSource,
        blackAndWhite: BlackAndWhiteSource? = nil
    ) {
        switch item {
        case .fill(let color):
            cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
            cairo_paint(context)
        case .print(let print):
            draw(print, in: context, picture: picture(print.photo))
        case .progress(let status, let label):
            drawProgress(status, label: label, in: context, size: size, scale: scale)
        case .fingerMarker(let location):
            cairo_save(context)
            cairo_translate(context, location.x, location.y)
            cairo_scale(context, scale, scale)
            drawMarker(at: .zero, in: context)
            cairo_restore(context)
        case .panel(let panel):
            draw(panel, in: context)
        case .removedPhotos(let shelf):
            draw(shelf, in: context, scale: scale, picture: picture, blackAndWhite: blackAndWhite)
        case .widget(let widget):
            draw(widget, in: context, picture: picture)
        case .tableSnapshot:
            break  // the painter's own (`CairoPainter+Table`): a picture of what the window showed
        }
    }

    /// The removed photos list: a dark band, its title, and each photo as a small print (its
    /// picture when one is held, grey otherwise) over its name, all in the frames the shelf
    /// was laid out with.
    static func draw(
        _ shelf: RemovedShelf, in context: OpaquePointer?, scale: Double, picture: PictureSource, blackAndWhite: BlackAndWhiteSource? = nil
    ) {
        let band = shelf.band
        cairo_save(context)
        cairo_rectangle(context, band.minX, band.minY, band.size.width, band.size.height)
        cairo_clip(context)
        cairo_set_source_rgba(context, 0.08, 0.1, 0.13, 0.9)
        cairo_paint(context)
        let font = TextStyle(size: OverlayGeometry.shelfFontSize * scale)
        cairo_set_source_rgba(context, 1, 1, 1, 0.95)
        let titleOrigin = Point(
            x: band.minX + OverlayGeometry.shelfSpacing * scale, y: band.minY + OverlayGeometry.shelfTitleBaseline * scale)
        PangoText.shared.show(TextLine(shelf.title, at: titleOrigin, style: font), in: context)
        for slot in shelf.slots {
            let frame = slot.pictureFrame, border = 3 * scale
            cairo_set_source_rgb(context, 0.98, 0.976, 0.96)
            let mount = frame.insetBy(-border)
            cairo_rectangle(context, mount.minX, mount.minY, mount.size.width, mount.size.height)
            cairo_fill(context)
            let source = (slot.edits.isBlackAndWhite ? blackAndWhite?(slot.photo) : nil) ?? picture(slot.photo)
            if let source, source.size.width > 0, source.size.height > 0 {
                cairo_save(context)
                cairo_rectangle(context, frame.minX, frame.minY, frame.size.width, frame.size.height)
                cairo_clip(context)
                // The part its crop keeps, mirrored within its box, as its print showed it.
                let crop = slot.edits.crop
                let shown = Size(width: source.size.width * crop.size.width, height: source.size.height * crop.size.height)
                cairo_translate(context, frame.minX, frame.minY)
                cairo_scale(context, frame.size.width / shown.width, frame.size.height / shown.height)
                cairo_translate(context, shown.width / 2, shown.height / 2)
                cairo_scale(context, slot.edits.flipsHorizontally ? -1 : 1, slot.edits.flipsVertically ? -1 : 1)
                cairo_translate(context, -source.size.width * crop.center.x, -source.size.height * crop.center.y)
                cairo_set_source_surface(context, source.surface, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
                cairo_paint(context)
                cairo_restore(context)
            } else {
                cairo_set_source_rgb(context, 0.82, 0.82, 0.8)
                cairo_rectangle(context, frame.minX, frame.minY, frame.size.width, frame.size.height)
                cairo_fill(context)
            }
            let labelX = slot.frame.center.x - PangoText.shared.width(of: slot.label, in: font) / 2
            cairo_save(context)
            let labelArea = Rect(
                x: slot.frame.minX - 4 * scale, y: slot.frame.maxY, width: slot.frame.size.width + 8 * scale,
                height: band.maxY - slot.frame.maxY)
            cairo_rectangle(context, labelArea.minX, labelArea.minY, labelArea.size.width, labelArea.size.height)
            cairo_clip(context)
            cairo_set_source_rgba(context, 1, 1, 1, 0.9)
            let labelOrigin = Point(x: max(slot.frame.minX, labelX), y: slot.frame.maxY + OverlayGeometry.shelfLabelBaseline * scale)
            PangoText.shared.show(TextLine(slot.label, at: labelOrigin, style: font), in: context)
            cairo_restore(context)
        }
        cairo_restore(context)
    }

    /// A fingertip-sized ring with a dot, in the same blue as the progress bar.
    static func drawMarker(at location: Point, in context: OpaquePointer?) {
        cairo_new_path(context)
        cairo_arc(context, location.x, location.y, OverlayGeometry.markerRadius, 0, 2 * .pi)
        cairo_set_source_rgba(context, 0.55, 0.75, 1, 0.35)
        cairo_fill_preserve(context)
        cairo_set_line_width(context, OverlayGeometry.markerLineWidth)
        cairo_set_source_rgba(context, 0.2, 0.45, 0.95, 0.95)
        cairo_stroke(context)
        cairo_arc(context, location.x, location.y, 4, 0, 2 * .pi)
        cairo_fill(context)
    }

    /// A text panel as laid out: its box (with the tone bar), then its lines, all at the
    /// panel's opacity, clipped to its frame.
    static func draw(_ panel: TextPanel, in context: OpaquePointer?) {
        let frame = panel.frame
        cairo_save(context)
        cairo_rectangle(context, frame.minX, frame.minY, frame.size.width, frame.size.height)
        cairo_clip(context)
        let opacity = min(max(panel.opacity, 0), 1)
        setColor(panel.background, opacity: opacity, in: context)
        cairo_paint(context)
        if let accent = panel.accent {
            setColor(accent, opacity: opacity, in: context)
            cairo_rectangle(context, frame.minX, frame.minY, panel.accentWidth, frame.size.height)
            cairo_fill(context)
        }
        setColor(panel.foreground, opacity: opacity, in: context)
        for line in panel.lines { PangoText.shared.show(line, in: context) }
        cairo_restore(context)
    }

    /// The loading panel along the bottom: a dim band, the progress bar, and the label.
    static func drawProgress(_ status: LoadingStatus, label: TextLine, in context: OpaquePointer?, size: Size, scale: Double) {
        let panel = OverlayGeometry.progressPanel(in: size, scale: scale), barHeight = OverlayGeometry.progressBarHeight * scale
        cairo_set_source_rgba(context, 0, 0, 0, 0.45)
        cairo_rectangle(context, panel.minX, panel.minY, panel.size.width, panel.size.height)
        cairo_fill(context)
        cairo_set_source_rgba(context, 0.55, 0.75, 1, 0.9)
        cairo_rectangle(context, 0, size.height - barHeight, size.width * status.fraction, barHeight)
        cairo_fill(context)
        cairo_set_source_rgba(context, 1, 1, 1, 0.92)
        PangoText.shared.show(label, in: context)
    }

    static func setColor(_ color: Color, opacity: Double = 1, in context: OpaquePointer?) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha * opacity)
    }

    /// A print whole: its soft shadow in layers, then its body (`drawBody`), at full quality; a
    /// see-through print drawn whole first and then laid down at its opacity. `source` is the
    /// picture as the print shows it (black and white already when it is).
    static func draw(_ print: PrintItem, in context: OpaquePointer?, picture source: (surface: OpaquePointer, size: Size)?) {
        if !print.edits.isOpaque { cairo_push_group(context) }
        drawShadowLayers(of: print, in: context)
        drawBody(of: print, in: context, picture: source, filter: CAIRO_FILTER_GOOD)
        if !print.edits.isOpaque {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, print.edits.opacity)
        }
    }

    /// The pixels of a picture of `size` that `crop` (in its unit square) keeps, to the nearest
    /// whole pixel, at least one; `nil` when it keeps them all.
    static func croppedPart(of size: Size, _ crop: Rect) -> Rect? {
        guard crop != PrintEdits.wholePicture, size.width >= 1, size.height >= 1 else { return nil }
        let x = min((crop.minX * size.width).rounded(), size.width - 1), y = min((crop.minY * size.height).rounded(), size.height - 1)
        let right = max(x + 1, min((crop.maxX * size.width).rounded(), size.width))
        let bottom = max(y + 1, min((crop.maxY * size.height).rounded(), size.height))
        return Rect(x: x, y: y, width: right - x, height: bottom - y)
    }

    /// The soft shadow: stacked translucent layers, each a little larger, so the edge fades out.
    /// Sizes are in board points (they do not scale with the print).
    static func drawShadowLayers(of print: PrintItem, in context: OpaquePointer?) {
        let transform = print.photoToBoard
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        let scale = max(transform.scale, 1e-6)
        cairo_save(context)
        cairo_translate(context, print.shadowOffset.x, print.shadowOffset.y)
        cairo_transform(context, &matrix)
        fillShadowLayers(print.outline, growth: { $0 / scale }, softness: print.shadowSoftness, opacity: print.shadowOpacity, in: context)
        cairo_restore(context)
    }

    /// Fills `outline` grown from −0.3 to +0.7 × `softness` in six translucent layers; `growth`
    /// turns a board distance into the context's units.
    static func fillShadowLayers(_ outline: Rect, growth: (Double) -> Double, softness: Double, opacity: Double, in context: OpaquePointer?)
    {
        let layers = 6
        let layerAlpha = 1 - pow(1 - opacity, 1 / Double(layers))
        cairo_set_source_rgba(context, 0, 0, 0, layerAlpha)
        for layer in 0..<layers {
            let rect = outline.insetBy(-growth(softness * (Double(layer) / Double(layers - 1)) - softness * 0.3))
            cairo_rectangle(context, rect.minX, rect.minY, rect.size.width, rect.size.height)
            cairo_fill(context)
        }
    }

    /// The print itself: its border, the picture sampled with `filter` (GOOD for a print at
    /// rest, BILINEAR for a quick draft), and the selection ring.
    static func drawBody(
        of print: PrintItem, in context: OpaquePointer?, picture source: (surface: OpaquePointer, size: Size)?, filter: cairo_filter_t
    ) {
        let transform = print.photoToBoard
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        let scale = max(transform.scale, 1e-6)
        let outline = print.outline
        cairo_save(context)
        cairo_transform(context, &matrix)
        cairo_set_source_rgba(context, print.borderColor.red, print.borderColor.green, print.borderColor.blue, print.borderColor.alpha)
        cairo_rectangle(context, outline.minX, outline.minY, outline.size.width, outline.size.height)
        cairo_fill(context)
        let picture = Rect(centeredSize: print.pictureSize)
        // A cropped print samples only the pixels of the part its crop keeps (to the nearest
        // pixel of the copy): its edges pad with their own pixels, never the neighbours cut off.
        var kept: (surface: OpaquePointer, size: Size)? = nil
        defer { if let kept { cairo_surface_destroy(kept.surface) } }
        if let source, print.edits.isCropped, let part = croppedPart(of: source.size, print.edits.crop),
            let surface = cairo_surface_create_for_rectangle(source.surface, part.minX, part.minY, part.size.width, part.size.height)
        {
            kept = (surface, part.size)
        }
        if let source, picture.size.width > 0, picture.size.height > 0 {
            let shown = kept ?? source
            cairo_set_source_surface(context, shown.surface, 0, 0)
            let pattern = cairo_get_source(context)
            var patternMatrix = cairo_matrix_t()
            cairo_matrix_init_scale(&patternMatrix, shown.size.width / picture.size.width, shown.size.height / picture.size.height)
            cairo_matrix_translate(&patternMatrix, picture.size.width / 2, picture.size.height / 2)
            flip(&patternMatrix, for: print.edits)
            cairo_pattern_set_matrix(pattern, &patternMatrix)
            cairo_pattern_set_filter(pattern, filter)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        } else {
            cairo_set_source_rgb(context, 0.82, 0.82, 0.8)  // still loading
        }
        cairo_rectangle(context, picture.minX, picture.minY, picture.size.width, picture.size.height)
        cairo_fill(context)
        if let caption = print.caption,
            let layout = CaptionLayout(caption, pictureSize: print.pictureSize, scale: scale, measure: PangoText.measure)
        {
            cairo_set_source_rgba(context, 0, 0, 0, 0.55)
            cairo_rectangle(context, layout.band.minX, layout.band.minY, layout.band.size.width, layout.band.size.height)
            cairo_fill(context)
            cairo_set_source_rgba(context, 1, 1, 1, 0.95)
            PangoText.shared.show(TextLine(layout.text, at: layout.origin, style: layout.style), in: context)
        }
        if print.isSelected {
            let ring = outline.insetBy(-2 / scale)
            cairo_set_source_rgba(context, 0.2, 0.45, 0.95, 0.95)
            cairo_set_line_width(context, 4 / scale)
            cairo_rectangle(context, ring.minX, ring.minY, ring.size.width, ring.size.height)
            cairo_stroke(context)
        }
        cairo_restore(context)
    }
}
