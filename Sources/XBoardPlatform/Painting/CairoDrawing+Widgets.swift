internal import CX11
import Foundation
import XBoard

/// The on-board widgets (`WidgetItem`): boxes, icons, text, thumbnails and rings, as the core
/// laid them out, at the widget's opacity.
extension CairoDrawing {
    static func draw(_ widget: WidgetItem, in context: OpaquePointer?, picture: PictureSource) {
        let opacity = min(max(widget.opacity, 0), 1)
        guard opacity > 0 else { return }
        cairo_save(context)
        if opacity < 1 { cairo_push_group(context) }
        for step in widget.steps { draw(step, in: context, picture: picture) }
        if opacity < 1 {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
        }
        cairo_restore(context)
    }

    private static func draw(_ step: WidgetStep, in context: OpaquePointer?, picture: PictureSource) {
        switch step {
        case .box(let frame, let radius, let color):
            roundedRectangle(frame, radius: radius, in: context)
            setColor(color, in: context)
            cairo_fill(context)
        case .outline(let frame, let radius, let lineWidth, let color):
            roundedRectangle(frame.insetBy(lineWidth / 2), radius: radius, in: context)
            setColor(color, in: context)
            cairo_set_line_width(context, lineWidth)
            cairo_stroke(context)
        case .icon(let icon, let frame, let color):
            cairo_save(context)
            setColor(color, in: context)
            draw(icon, in: frame, context: context)
            cairo_restore(context)
        case .text(let line, let color):
            setColor(color, in: context)
            PangoText.shared.show(line, in: context)
        case .thumbnail(let id, let frame):
            fillTile(frame, with: picture(id.pictureKey), in: context)
        case .picture(let id, let frame):
            fill(frame, with: picture(id), in: context)
        case .ring(let center, let radius, let lineWidth, let fraction, let color):
            cairo_new_path(context)
            cairo_set_line_width(context, lineWidth)
            cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
            cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
            cairo_set_source_rgba(context, 0, 0, 0, 0.35)
            cairo_stroke(context)
            let start = -Double.pi / 2
            cairo_arc(context, center.x, center.y, radius, start, start + 2 * .pi * min(max(fraction, 0), 1))
            setColor(color, in: context)
            cairo_stroke(context)
        case .polygons(let rings, let color):
            cairo_new_path(context)
            for ring in rings {
                guard let first = ring.first else { continue }
                cairo_move_to(context, first.x, first.y)
                for point in ring.dropFirst() { cairo_line_to(context, point.x, point.y) }
                cairo_close_path(context)
            }
            cairo_save(context)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
            setColor(color, in: context)
            cairo_fill(context)
            cairo_restore(context)
        case .polyline(let points, let lineWidth, let color):
            guard let first = points.first else { return }
            cairo_new_path(context)
            cairo_move_to(context, first.x, first.y)
            for point in points.dropFirst() { cairo_line_to(context, point.x, point.y) }
            if points.count > 2 { cairo_close_path(context) }
            cairo_set_line_width(context, lineWidth)
            setColor(color, in: context)
            cairo_stroke(context)
        case .clip(let frame):
            cairo_save(context)
            cairo_rectangle(context, frame.minX, frame.minY, frame.size.width, frame.size.height)
            cairo_clip(context)
        case .endClip:
            cairo_restore(context)
        }
    }

    /// A picture scaled to cover `frame` (cropped, centred), or a grey card while there is none.
    private static func fill(_ frame: Rect, with source: (surface: OpaquePointer, size: Size)?, in context: OpaquePointer?) {
        cairo_save(context)
        cairo_rectangle(context, frame.minX, frame.minY, frame.size.width, frame.size.height)
        cairo_clip(context)
        if let source, source.size.width > 0, source.size.height > 0 {
            let scale = max(frame.size.width / source.size.width, frame.size.height / source.size.height)
            cairo_translate(
                context, frame.center.x - source.size.width * scale / 2, frame.center.y - source.size.height * scale / 2)
            cairo_scale(context, scale, scale)
            cairo_set_source_surface(context, source.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_paint(context)
        } else {
            cairo_set_source_rgba(context, 1, 1, 1, 0.12)
            cairo_paint(context)
        }
        cairo_restore(context)
    }

    /// A thumbnail scaled to cover a picker tile: scaled once into a copy of the tile's size, kept
    /// with the thumbnail's own surface (its user data, let go with it), and then copied at whole
    /// pixels every frame — a fling redraws a hundred tiles a frame, and scaling each anew in
    /// software held the grid under the display's rate.
    private static func fillTile(_ frame: Rect, with source: (surface: OpaquePointer, size: Size)?, in context: OpaquePointer?) {
        let width = Int32(frame.size.width.rounded()), height = Int32(frame.size.height.rounded())
        guard let source, width > 0, height > 0, let tile = scaledTile(of: source, width: width, height: height) else {
            fill(frame, with: source, in: context)
            return
        }
        let x = frame.minX.rounded(), y = frame.minY.rounded()
        cairo_save(context)
        cairo_set_source_surface(context, tile, x, y)
        cairo_rectangle(context, x, y, Double(width), Double(height))
        cairo_fill(context)
        cairo_restore(context)
    }

    /// The key under which a thumbnail's surface keeps its copy scaled to a tile.
    nonisolated(unsafe) private static let scaledTileKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// A tile-sized copy of a thumbnail, cropped and scaled to cover it.
    private final class ScaledTile {
        let surface: OpaquePointer
        let width: Int32, height: Int32
        init(surface: OpaquePointer, width: Int32, height: Int32) { (self.surface, self.width, self.height) = (surface, width, height) }
        deinit { cairo_surface_destroy(surface) }
    }

    private static func scaledTile(of source: (surface: OpaquePointer, size: Size), width: Int32, height: Int32) -> OpaquePointer? {
        if let data = cairo_surface_get_user_data(source.surface, scaledTileKey) {
            let kept = Unmanaged<ScaledTile>.fromOpaque(data).takeUnretainedValue()
            if kept.width == width && kept.height == height { return kept.surface }
        }
        guard let surface = cairo_surface_create_similar(source.surface, cairo_surface_get_content(source.surface), width, height),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        let context = cairo_create(surface)
        fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), with: source, in: context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let tile = Unmanaged.passRetained(ScaledTile(surface: surface, width: width, height: height))
        let status = cairo_surface_set_user_data(source.surface, scaledTileKey, tile.toOpaque()) { data in
            guard let data else { return }
            Unmanaged<ScaledTile>.fromOpaque(data).release()
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            tile.release()
            return nil
        }
        return surface
    }

    static func roundedRectangle(_ frame: Rect, radius: Double, in context: OpaquePointer?) {
        let r = min(radius, frame.size.width / 2, frame.size.height / 2)
        cairo_new_path(context)
        cairo_arc(context, frame.maxX - r, frame.minY + r, r, -.pi / 2, 0)
        cairo_arc(context, frame.maxX - r, frame.maxY - r, r, 0, .pi / 2)
        cairo_arc(context, frame.minX + r, frame.maxY - r, r, .pi / 2, .pi)
        cairo_arc(context, frame.minX + r, frame.minY + r, r, .pi, 1.5 * .pi)
        cairo_close_path(context)
    }

    /// An icon drawn in a unit square mapped onto `frame`, with strokes of about a twelfth of
    /// its side; the colour is set.
    private static func draw(_ icon: ControlIcon, in frame: Rect, context: OpaquePointer?) {
        let side = min(frame.size.width, frame.size.height)
        cairo_translate(context, frame.center.x - side / 2, frame.center.y - side / 2)
        cairo_scale(context, side, side)
        cairo_set_line_width(context, 0.09)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        func line(_ points: [(Double, Double)]) {
            guard let first = points.first else { return }
            cairo_move_to(context, first.0, first.1)
            for point in points.dropFirst() { cairo_line_to(context, point.0, point.1) }
        }
        func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) { cairo_rectangle(context, x, y, width, height) }
        cairo_new_path(context)
        switch icon {
        case .add:
            line([(0.5, 0.15), (0.5, 0.85)])
            line([(0.15, 0.5), (0.85, 0.5)])
        case .paste:
            line([(0.3, 0.18), (0.15, 0.18), (0.15, 0.9), (0.85, 0.9), (0.85, 0.18), (0.7, 0.18)])
            box(0.33, 0.1, 0.34, 0.16)
            line([(0.32, 0.48), (0.68, 0.48)])
            line([(0.32, 0.66), (0.58, 0.66)])
        case .copy:
            box(0.14, 0.14, 0.48, 0.56)
            box(0.38, 0.32, 0.48, 0.56)
        case .tidy:
            box(0.15, 0.15, 0.28, 0.28); box(0.57, 0.15, 0.28, 0.28); box(0.15, 0.57, 0.28, 0.28); box(0.57, 0.57, 0.28, 0.28)
        case .captions:
            box(0.1, 0.2, 0.8, 0.6)
            line([(0.25, 0.6), (0.55, 0.6)])
            line([(0.62, 0.6), (0.75, 0.6)])
        case .undo, .redo:
            if icon == .redo {
                cairo_translate(context, 1, 0)
                cairo_scale(context, -1, 1)
            }
            cairo_arc_negative(context, 0.55, 0.58, 0.28, 0, -Double.pi * 0.95)
            cairo_stroke(context)
            line([(0.16, 0.3), (0.27, 0.58), (0.44, 0.42)])
        case .removed:
            line([(0.12, 0.55), (0.12, 0.85), (0.88, 0.85), (0.88, 0.55)])
            line([(0.12, 0.55), (0.35, 0.55), (0.42, 0.66), (0.58, 0.66), (0.65, 0.55), (0.88, 0.55)])
            line([(0.5, 0.12), (0.5, 0.46)])
            line([(0.36, 0.33), (0.5, 0.47), (0.64, 0.33)])
        case .save:
            line([(0.15, 0.15), (0.7, 0.15), (0.85, 0.3), (0.85, 0.85), (0.15, 0.85)])
            cairo_close_path(context)
            box(0.3, 0.55, 0.4, 0.3)
            line([(0.3, 0.15), (0.3, 0.35), (0.62, 0.35), (0.62, 0.15)])
        case .export, .photo:
            box(0.1, 0.18, 0.8, 0.64)
            line([(0.18, 0.74), (0.4, 0.45), (0.58, 0.64), (0.68, 0.54), (0.82, 0.74)])
            cairo_stroke(context)
            cairo_arc(context, 0.66, 0.36, 0.07, 0, 2 * .pi)
            cairo_fill(context)
        case .fullscreen:
            line([(0.12, 0.38), (0.12, 0.12), (0.38, 0.12)])
            line([(0.62, 0.12), (0.88, 0.12), (0.88, 0.38)])
            line([(0.88, 0.62), (0.88, 0.88), (0.62, 0.88)])
            line([(0.38, 0.88), (0.12, 0.88), (0.12, 0.62)])
        case .help:
            cairo_arc(context, 0.5, 0.36, 0.18, Double.pi, 2.2 * Double.pi)
            line([(0.62, 0.5), (0.5, 0.58), (0.5, 0.68)])
            cairo_stroke(context)
            cairo_arc(context, 0.5, 0.84, 0.05, 0, 2 * .pi)
            cairo_fill(context)
        case .quit:
            cairo_arc(context, 0.5, 0.55, 0.32, -Double.pi * 0.3, Double.pi * 1.3)
            cairo_stroke(context)
            line([(0.5, 0.1), (0.5, 0.5)])
        case .close:
            line([(0.2, 0.2), (0.8, 0.8)])
            line([(0.8, 0.2), (0.2, 0.8)])
        case .folder:
            line([(0.1, 0.25), (0.4, 0.25), (0.48, 0.35), (0.9, 0.35), (0.9, 0.8), (0.1, 0.8)])
            cairo_close_path(context)
        case .up:
            line([(0.5, 0.85), (0.5, 0.15)])
            line([(0.22, 0.42), (0.5, 0.15), (0.78, 0.42)])
        case .check:
            line([(0.18, 0.52), (0.42, 0.76), (0.82, 0.26)])
        case .fit:
            // Four corners pointing in, about a print: the whole board brought into the window.
            line([(0.1, 0.3), (0.1, 0.1), (0.3, 0.1)])
            line([(0.7, 0.1), (0.9, 0.1), (0.9, 0.3)])
            line([(0.9, 0.7), (0.9, 0.9), (0.7, 0.9)])
            line([(0.3, 0.9), (0.1, 0.9), (0.1, 0.7)])
            box(0.3, 0.34, 0.4, 0.32)
        case .more:
            for x in [0.2, 0.5, 0.8] {
                cairo_new_sub_path(context)
                cairo_arc(context, x, 0.5, 0.08, 0, 2 * .pi)
            }
            cairo_fill(context)
        }
        cairo_stroke(context)
    }
}
