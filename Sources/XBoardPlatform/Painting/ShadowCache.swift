internal import CX11
import Foundation
import XBoard

/// Prints' soft shadows, each rendered once per size as an upright server-side surface and
/// drawn turned and placed from there: prints of one size (a tossed layout makes most of them
/// alike) share one, and a turned print's shadow costs one transformed copy rather than six
/// translucent layers.
final class ShadowCache {
    private struct Key: Hashable {
        /// The print's outline in whole device pixels.
        var width: Int, height: Int
        var softness: Double
        var opacity: Double
    }

    private struct Entry {
        var surface: OpaquePointer
        /// Room around the outline for the soft edge, in pixels.
        var margin: Double
    }

    private var entries: [Key: Entry] = [:]
    /// Keys from the least to the most recently used.
    private var recent: [Key] = []
    /// Shadows kept at most; the least recently used goes first.
    static let capacity = 24

    deinit { removeAll() }

    func removeAll() {
        for entry in entries.values { cairo_surface_destroy(entry.surface) }
        entries.removeAll()
        recent.removeAll()
    }

    /// Draws the shadow of `print` into `context` (board coordinates), making its surface
    /// beside `similar` first if this size has none yet. Returns `false` when no surface could be
    /// made (the caller then draws the layers itself).
    func draw(_ print: PrintItem, in context: OpaquePointer?, similarTo similar: OpaquePointer) -> Bool {
        let scale = print.photoToBoard.scale
        let outline = Size(width: print.outline.size.width * scale, height: print.outline.size.height * scale)
        let key = Key(
            width: max(1, Int(outline.width.rounded())), height: max(1, Int(outline.height.rounded())), softness: print.shadowSoftness,
            opacity: print.shadowOpacity)
        guard let entry = entry(for: key, similarTo: similar) else { return false }
        // Board → shadow surface: undo the placement and the turn, then stretch the whole-pixel
        // shadow to the exact outline.
        let center = print.photoToBoard.center + print.shadowOffset
        let rotation = print.photoToBoard.rotation
        let stretch = (x: Double(key.width) / max(outline.width, 1e-9), y: Double(key.height) / max(outline.height, 1e-9))
        let boardToShadow = AffineTransform(translation: -center)
            .concatenating(AffineTransform(rotation: -rotation))
            .concatenating(AffineTransform(a: stretch.x, b: 0, c: 0, d: stretch.y, tx: 0, ty: 0))
            .concatenating(
                AffineTransform(translation: Point(x: Double(key.width) / 2 + entry.margin, y: Double(key.height) / 2 + entry.margin)))
        var matrix = cairo_matrix_t(
            xx: boardToShadow.a, yx: boardToShadow.b, xy: boardToShadow.c, yy: boardToShadow.d, x0: boardToShadow.tx, y0: boardToShadow.ty)
        cairo_save(context)
        cairo_set_source_surface(context, entry.surface, 0, 0)
        let pattern = cairo_get_source(context)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_paint(context)
        cairo_restore(context)
        return true
    }

    private func entry(for key: Key, similarTo similar: OpaquePointer) -> Entry? {
        if let entry = entries[key] {
            if let index = recent.firstIndex(of: key) { recent.remove(at: index) }
            recent.append(key)
            return entry
        }
        let margin = (key.softness * 0.7 + 2).rounded(.up)
        let width = Int32(Double(key.width) + 2 * margin), height = Int32(Double(key.height) + 2 * margin)
        guard width > 0, height > 0, Double(width) * Double(height) < 64_000_000,
            let surface = cairo_surface_create_similar(similar, CAIRO_CONTENT_ALPHA, width, height)
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        let context = cairo_create(surface)
        let outline = Rect(x: margin, y: margin, width: Double(key.width), height: Double(key.height))
        CairoDrawing.fillShadowLayers(outline, growth: { $0 }, softness: key.softness, opacity: key.opacity, in: context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let entry = Entry(surface: surface, margin: margin)
        entries[key] = entry
        recent.append(key)
        while recent.count > Self.capacity {
            let oldest = recent.removeFirst()
            if let old = entries.removeValue(forKey: oldest) { cairo_surface_destroy(old.surface) }
        }
        return entry
    }
}
