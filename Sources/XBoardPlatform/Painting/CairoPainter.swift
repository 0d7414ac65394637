internal import CX11
import Foundation
import XBoard

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
            case .progress, .fingerMarker, .panel:
                CairoDrawing.draw(item, in: context, size: list.size, scale: list.uiScale, picture: { _ in nil })
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
            CairoDrawing.draw(print, in: context, picture: pictures[print.photo])  // could not make a sprite: draw directly
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
        CairoDrawing.draw(atOrigin, in: context, picture: pictures[print.photo])
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

    /// Renders the list into a PNG file, reading the pictures back from the server.
    public func exportPNG(_ list: DisplayList, to path: String) throws {
        try PNGExport.write(list, to: path) { pictures[$0] }
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

}
