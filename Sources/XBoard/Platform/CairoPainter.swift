internal import CX11
import Foundation

/// Executes display lists with cairo on the X server: draws each frame into a back-buffer
/// pixmap and copies it to the window in one request, so nothing flickers.
///
/// Pictures are uploaded once as server-side surfaces. Each print (shadow, border, picture) is
/// rendered into a server-side sprite at its exact turn and scale, and a frame just blits the
/// sprites at whole-pixel positions, the X server's fastest path; a sprite is rendered again
/// only when its print turns, scales or gets a new picture. Only damaged rectangles are redrawn.
public final class CairoPainter {
    private let window: X11Window
    private var size: Size
    private var backPixmap: Pixmap = 0
    private var backSurface: OpaquePointer?
    private let copyContext: GC
    private var pictures: [PhotoID: (surface: OpaquePointer, size: Size)] = [:]
    private var sprites: [PhotoID: Sprite] = [:]

    /// A print rendered at one turn and scale; `offset` places its pixel (0, 0) relative to the
    /// print's centre.
    private struct Sprite {
        var surface: OpaquePointer
        var key: SpriteKey
        var offset: Point
    }

    private struct SpriteKey: Hashable {
        var a: Double, b: Double, c: Double, d: Double
        var pictureSize: Size
        var borderWidth: Double
        var shadowOffset: Point
        var shadowSoftness: Double
        var shadowOpacity: Double
        var borderColor: Color
        var isSelected: Bool

        init(_ print: PrintItem) {
            let t = print.photoToBoard
            (a, b, c, d) = (t.a, t.b, t.c, t.d)
            pictureSize = print.pictureSize
            borderWidth = print.borderWidth
            shadowOffset = print.shadowOffset
            shadowSoftness = print.shadowSoftness
            shadowOpacity = print.shadowOpacity
            borderColor = print.borderColor
            isSelected = print.isSelected
        }
    }
    private var lastList: DisplayList?
    /// Pixels repainted by the last `paint`, for benchmarks and tests.
    public private(set) var lastPaintedArea: Double = 0

    public init(window: X11Window) throws {
        self.window = window
        size = window.size
        copyContext = XCreateGC(window.display, window.window, 0, nil)
        try makeBackBuffer()
    }

    deinit {
        for picture in pictures.values { cairo_surface_destroy(picture.surface) }
        for sprite in sprites.values { cairo_surface_destroy(sprite.surface) }
        if let backSurface { cairo_surface_destroy(backSurface) }
        if backPixmap != 0 { XFreePixmap(window.display, backPixmap) }
        XFreeGC(window.display, copyContext)
    }

    /// Uploads a decoded picture for a photo, replacing any earlier one.
    public func setPicture(_ image: DecodedImage, for id: PhotoID) throws {
        guard let backSurface else { return }
        let content = image.hasAlpha ? CAIRO_CONTENT_COLOR_ALPHA : CAIRO_CONTENT_COLOR
        guard let serverSurface = cairo_surface_create_similar(backSurface, content, Int32(image.pixelSize.width), Int32(image.pixelSize.height))
        else { throw PlatformError.cairo("cannot create a server-side surface") }
        let status = cairo_surface_status(serverSurface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(serverSurface)
            throw PlatformError.cairo(String(cString: cairo_status_to_string(status)))
        }
        let context = cairo_create(serverSurface)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context, image.surface, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_surface_flush(serverSurface)
        removePicture(for: id)
        pictures[id] = (serverSurface, image.pixelSize)
        lastList = nil  // the picture changed under an unchanged display list
    }

    public func removePicture(for id: PhotoID) {
        if let old = pictures.removeValue(forKey: id) { cairo_surface_destroy(old.surface) }
        if let sprite = sprites.removeValue(forKey: id) { cairo_surface_destroy(sprite.surface) }
        lastList = nil
    }

    /// The window changed size: a new back buffer of that size.
    public func resize(to newSize: Size) throws {
        guard newSize != size else { return }
        size = newSize
        lastList = nil
        try makeBackBuffer()
    }

    /// Draws what changed since the last list into the back buffer and shows it: only the
    /// damaged rectangles are redrawn (clipped, skipping prints that do not touch them) and copied.
    public func paint(_ list: DisplayList) {
        guard let backSurface else { return }
        let frame = Rect(origin: .zero, size: list.size)
        let damage = (list.damage(since: lastList) ?? [frame]).map(\.integral)
        lastList = list
        lastPaintedArea = damage.reduce(0) { $0 + $1.size.area }
        guard !damage.isEmpty else { return }
        let context = cairo_create(backSurface)
        defer { cairo_destroy(context) }
        for rect in damage { cairo_rectangle(context, rect.minX, rect.minY, rect.size.width, rect.size.height) }
        cairo_clip(context)
        for item in list.items {
            switch item {
            case .fill(let color):
                setColor(context, color)
                cairo_paint(context)
            case .print(let print):
                let extent = print.boardExtent
                if damage.contains(where: { $0.intersects(extent) }) { blit(print, in: context) }
            case .progress(let status):
                draw(status, in: context, size: list.size)
            case .fingerMarker(let location):
                drawMarker(at: location, in: context)
            case .hint(let text):
                drawHint(text, in: context, size: list.size)
            case .help(let lines):
                drawHelp(lines, in: context, size: list.size)
            }
        }
        cairo_surface_flush(backSurface)
        for rect in damage { present(rect) }
        let shown = Set(list.items.compactMap { item -> PhotoID? in
            if case .print(let print) = item { return print.photo }
            return nil
        })
        for (id, sprite) in sprites where !shown.contains(id) {
            cairo_surface_destroy(sprite.surface)
            sprites[id] = nil
        }
    }

    /// Draws a print from its sprite, rendering the sprite first if the print turned, scaled or
    /// changed picture since.
    private func blit(_ print: PrintItem, in context: OpaquePointer?) {
        let key = SpriteKey(print)
        if sprites[print.photo]?.key != key {
            if let old = sprites.removeValue(forKey: print.photo) { cairo_surface_destroy(old.surface) }
            if let sprite = renderSprite(print, key: key) { sprites[print.photo] = sprite }
        }
        guard let sprite = sprites[print.photo] else {
            draw(print, in: context)  // could not make a sprite: draw directly
            return
        }
        let origin = print.photoToBoard.center + sprite.offset
        cairo_set_source_surface(context, sprite.surface, origin.x.rounded(), origin.y.rounded())
        cairo_paint(context)
    }

    /// Renders the print upright in board space but at the origin, into a server-side surface
    /// just large enough for it and its shadow.
    private func renderSprite(_ print: PrintItem, key: SpriteKey) -> Sprite? {
        guard let backSurface else { return nil }
        var atOrigin = print
        atOrigin.photoToBoard = print.photoToBoard.withCenter(.zero)
        let extent = atOrigin.boardExtent.integral
        guard extent.size.width >= 1, extent.size.height >= 1, extent.size.area < 64_000_000,
            let surface = cairo_surface_create_similar(backSurface, CAIRO_CONTENT_COLOR_ALPHA, Int32(extent.size.width), Int32(extent.size.height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        let context = cairo_create(surface)
        cairo_translate(context, -extent.minX, -extent.minY)
        draw(atOrigin, in: context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        return Sprite(surface: surface, key: key, offset: extent.origin)
    }

    /// Copies the back buffer to the window (after an Expose, or a paint).
    public func present(_ rect: Rect? = nil) {
        let area = (rect ?? Rect(origin: .zero, size: size)).intersection(Rect(origin: .zero, size: size)) ?? Rect(origin: .zero, size: .zero)
        guard !area.isEmpty else { return }
        XCopyArea(
            window.display, backPixmap, window.window, copyContext, Int32(area.minX), Int32(area.minY), UInt32(area.size.width),
            UInt32(area.size.height), Int32(area.minX), Int32(area.minY))
    }

    /// Forgets what was painted, so the next `paint` redraws the whole frame; with
    /// `sprites`, every print's sprite is rendered again too.
    public func invalidate(sprites dropSprites: Bool = false) {
        lastList = nil
        if dropSprites {
            for sprite in sprites.values { cairo_surface_destroy(sprite.surface) }
            sprites.removeAll()
        }
    }

    /// Waits until the X server has finished every drawing request (for benchmarks).
    public func finish() {
        XSync(window.display, 0)
    }

    private func makeBackBuffer() throws {
        if let backSurface { cairo_surface_destroy(backSurface) }
        if backPixmap != 0 { XFreePixmap(window.display, backPixmap) }
        let width = UInt32(max(1, size.width)), height = UInt32(max(1, size.height))
        backPixmap = XCreatePixmap(window.display, window.window, width, height, UInt32(window.depth))
        let surface = cairo_xlib_surface_create(window.display, backPixmap, window.visual, Int32(width), Int32(height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            backSurface = nil
            throw PlatformError.cairo(String(cString: cairo_status_to_string(status)))
        }
        backSurface = surface
    }

    private func setColor(_ context: OpaquePointer?, _ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    /// A fingertip-sized ring with a dot, in the same blue as the progress bar.
    private func drawMarker(at location: Point, in context: OpaquePointer?) {
        cairo_new_path(context)
        cairo_arc(context, location.x, location.y, 22, 0, 2 * .pi)
        cairo_set_source_rgba(context, 0.55, 0.75, 1, 0.35)
        cairo_fill_preserve(context)
        cairo_set_line_width(context, 3)
        cairo_set_source_rgba(context, 0.2, 0.45, 0.95, 0.95)
        cairo_stroke(context)
        cairo_arc(context, location.x, location.y, 4, 0, 2 * .pi)
        cairo_fill(context)
    }

    private func drawHelp(_ lines: [String], in context: OpaquePointer?, size: Size) {
        cairo_select_font_face(context, "monospace", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, 15)
        var widest = 0.0
        for line in lines {
            var extents = cairo_text_extents_t()
            cairo_text_extents(context, line, &extents)
            widest = max(widest, extents.x_advance)
        }
        let lineHeight = 22.0, width = widest + 48, height = Double(lines.count) * lineHeight + 36
        let x = max(0, (size.width - width) / 2), y = max(0, (size.height - height) / 2)
        cairo_set_source_rgba(context, 0.08, 0.1, 0.13, 0.88)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
        cairo_set_source_rgba(context, 1, 1, 1, 0.95)
        for (index, line) in lines.enumerated() {
            cairo_move_to(context, x + 24, y + 32 + Double(index) * lineHeight)
            cairo_show_text(context, line)
        }
    }

    private func drawHint(_ text: String, in context: OpaquePointer?, size: Size) {
        cairo_select_font_face(context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, 14)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        let width = extents.x_advance + 28, x = max(4, (size.width - width) / 2)
        cairo_set_source_rgba(context, 0, 0, 0, 0.6)
        cairo_rectangle(context, x, 10, width, 30)
        cairo_fill(context)
        cairo_set_source_rgba(context, 1, 1, 1, 0.95)
        cairo_move_to(context, x + 14, 30)
        cairo_show_text(context, text)
    }

    private func draw(_ status: LoadingStatus, in context: OpaquePointer?, size: Size) {
        let barHeight = 4.0, panel = Rect(x: 0, y: size.height - 34, width: size.width, height: 34)
        cairo_set_source_rgba(context, 0, 0, 0, 0.45)
        cairo_rectangle(context, panel.minX, panel.minY, panel.size.width, panel.size.height)
        cairo_fill(context)
        cairo_set_source_rgba(context, 0.55, 0.75, 1, 0.9)
        cairo_rectangle(context, 0, size.height - barHeight, size.width * status.fraction, barHeight)
        cairo_fill(context)
        cairo_select_font_face(context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, 14)
        cairo_set_source_rgba(context, 1, 1, 1, 0.92)
        cairo_move_to(context, 14, size.height - 13)
        cairo_show_text(context, status.text)
    }

    private func draw(_ print: PrintItem, in context: OpaquePointer?) {
        let transform = print.photoToBoard
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        let scale = max(transform.scale, 1e-6)
        let outline = Rect(
            centeredSize: Size(width: print.pictureSize.width + 2 * print.borderWidth, height: print.pictureSize.height + 2 * print.borderWidth))

        // Soft shadow: stacked translucent layers, each a little larger, so the edge fades out.
        let layers = 6
        let layerAlpha = 1 - pow(1 - print.shadowOpacity, 1 / Double(layers))
        cairo_save(context)
        cairo_translate(context, print.shadowOffset.x, print.shadowOffset.y)
        cairo_transform(context, &matrix)
        cairo_set_source_rgba(context, 0, 0, 0, layerAlpha)
        for layer in 0..<layers {
            let grow = (print.shadowSoftness * (Double(layer) / Double(layers - 1)) - print.shadowSoftness * 0.3) / scale
            let rect = outline.insetBy(-grow)
            cairo_rectangle(context, rect.minX, rect.minY, rect.size.width, rect.size.height)
            cairo_fill(context)
        }
        cairo_restore(context)

        cairo_save(context)
        cairo_transform(context, &matrix)
        setColor(context, print.borderColor)
        cairo_rectangle(context, outline.minX, outline.minY, outline.size.width, outline.size.height)
        cairo_fill(context)
        let picture = Rect(centeredSize: print.pictureSize)
        if let source = pictures[print.photo], picture.size.width > 0, picture.size.height > 0 {
            cairo_set_source_surface(context, source.surface, 0, 0)
            let pattern = cairo_get_source(context)
            var patternMatrix = cairo_matrix_t()
            cairo_matrix_init_scale(&patternMatrix, source.size.width / picture.size.width, source.size.height / picture.size.height)
            cairo_matrix_translate(&patternMatrix, picture.size.width / 2, picture.size.height / 2)
            cairo_pattern_set_matrix(pattern, &patternMatrix)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        } else {
            cairo_set_source_rgb(context, 0.82, 0.82, 0.8)  // still loading
        }
        cairo_rectangle(context, picture.minX, picture.minY, picture.size.width, picture.size.height)
        cairo_fill(context)
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
