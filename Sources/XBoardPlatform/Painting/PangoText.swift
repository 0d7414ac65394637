internal import CX11
import Foundation
import Synchronization
import XBoard

/// All on-board text — captions, panels, notices, the loading label, the removed photos list —
/// set with Pango, as GTK sets its text: each character in a font that has it (fontconfig's
/// fallback, so a Japanese name shows in a Japanese font, never as boxes), shaped by HarfBuzz,
/// and right-to-left runs in their order (bidi).
///
/// Measuring and showing go through the same shaped layouts, so the core's `TextLayout` and
/// `CaptionLayout` fit text to the pixel it is drawn at. Shaping is the cost: widths and layouts
/// are cached (`PangoTextCache`); one lock guards Pango, which is not thread-safe.
public final class PangoText: Sendable {
    /// The one text setter of the process: Pango's font map, its fonts and caches are shared by
    /// every window and export.
    public static let shared = PangoText()

    /// Measures with Pango, as drawing sets the text: the measure the board's `SceneBuilder` is
    /// given on screen.
    public static let measure = TextMeasure { text, style in shared.width(of: text, in: style) }

    private let cache: Mutex<PangoTextCache>

    init() {
        cache = Mutex(PangoTextCache())
    }

    /// How wide `text` is set in `style`: its advance, in the style's units (board points).
    public func width(of text: String, in style: TextStyle) -> Double {
        cache.withLock { $0.width(of: text, in: style) }
    }

    /// Loads the fonts on a thread of its own while the board starts: the first text measured
    /// waits for fontconfig to read the fonts, which held up the first turn of the loop by
    /// tens of milliseconds.
    public func warmUpInBackground() {
        Thread.detachNewThread {
            _ = self.width(of: "Photoboard", in: TextStyle(size: 14))
            _ = self.width(of: "Photoboard", in: TextStyle(size: 14, isBold: true))
        }
    }

    /// Shows one placed line in `context`'s current source colour, its baseline starting at
    /// the line's origin in the context's current user space.
    func show(_ line: TextLine, in context: OpaquePointer?) {
        // The caller's context is only drawn on, inside this call and on the caller's thread;
        // nothing of it is kept in the cache. Passed in as an address, so the region checker
        // does not take the cache to belong to the caller's context.
        let address = Int(bitPattern: context)
        cache.withLock { cache in
            let context = OpaquePointer(bitPattern: address)
            guard let layoutLine = pango_layout_get_line_readonly(cache.layout(for: line.text, in: line.style), 0) else { return }
            cairo_move_to(context, line.origin.x, line.origin.y)
            pango_cairo_show_layout_line(context, layoutLine)
        }
    }
}
