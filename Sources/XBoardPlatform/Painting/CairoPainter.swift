internal import CX11
import Foundation
import XBoard

/// Executes display lists with cairo on the X server: draws each frame into a back-buffer
/// pixmap and shows the repainted part in one request (`FramePresenter`), so nothing flickers.
///
/// Pictures are uploaded once as server-side surfaces. Each print (shadow, border, picture) is
/// rendered into a server-side sprite at its exact turn and scale (`PrintSprite`), and a frame
/// copies the sprites at whole-pixel positions, the X server's fastest path; a print that turns
/// or scales while it moves is drawn from its sprite through a transform (a bilinear draft) and
/// rendered sharp again once it rests. Only damaged rectangles are redrawn, and only where no
/// large opaque print above hides them (`PaintPlan`).
public final class CairoPainter {
    let window: X11Window
    private var size: Size
    private var backPixmap: Pixmap = 0
    private(set) var backSurface: OpaquePointer?
    var pictures: [PhotoID: (surface: OpaquePointer, size: Size)] = [:]
    var sprites: [PhotoID: PrintSprite] = [:]
    let shadows = ShadowCache()
    private var lastList: DisplayList?
    /// Pixels repainted by the last `paint`, for benchmarks and tests.
    public private(set) var lastPaintedArea: Double = 0
    /// Counts of what the last frames did with prints, for benchmarks and traces.
    public internal(set) var statistics = Statistics()

    /// What painting did with prints since the counts were last reset.
    public struct Statistics: Hashable, Sendable {
        public var spritesRendered = 0
        public var draftsRendered = 0
        public var draftsStretched = 0
        public var blits = 0
    }

    public init(window: X11Window) throws {
        self.window = window
        size = window.size
        try makeBackBuffer()
    }

    deinit {
        for picture in pictures.values { cairo_surface_destroy(picture.surface) }
        for sprite in sprites.values { cairo_surface_destroy(sprite.surface) }
        shadows.removeAll()
        if let backSurface { cairo_surface_destroy(backSurface) }
        if backPixmap != 0 { XFreePixmap(window.display, backPixmap) }
    }

    /// Uploads a decoded picture for a photo, replacing any earlier one. The decoded copy can be
    /// let go afterwards: the server's copy is the one drawn.
    public func setPicture(_ image: DecodedImage, for id: PhotoID) throws {
        guard let backSurface else { return }
        let content = image.hasAlpha ? CAIRO_CONTENT_COLOR_ALPHA : CAIRO_CONTENT_COLOR
        guard
            let serverSurface = cairo_surface_create_similar(
                backSurface, content, Int32(image.pixelSize.width), Int32(image.pixelSize.height))
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
        dropSprite(of: id)
        lastList = nil
    }

    func dropSprite(of id: PhotoID) {
        if let sprite = sprites.removeValue(forKey: id) { cairo_surface_destroy(sprite.surface) }
    }

    /// The window changed size: a new back buffer of that size.
    public func resize(to newSize: Size) throws {
        guard newSize != size else { return }
        size = newSize
        lastList = nil
        try makeBackBuffer()
    }

    /// Draws what changed since the last list into the back buffer and shows it; returns
    /// whether a frame went to the server (its report, `WindowEvent.frameShown`, follows).
    ///
    /// Only the damaged rectangles are redrawn, each layer only where nothing opaque above it
    /// hides it, and shown in one request; with `atVerticalBlank` (a glide), at the display's
    /// next vertical blank where it has a real one.
    @discardableResult
    public func paint(_ list: DisplayList, atVerticalBlank: Bool = false) -> Bool {
        guard let backSurface else { return false }
        let frame = Rect(origin: .zero, size: list.size)
        let damage = (list.damage(since: lastList) ?? [frame]).map(\.integral)
        lastList = list
        lastPaintedArea = damage.reduce(0) { $0 + $1.size.area }
        guard !damage.isEmpty else { return false }
        let plan = list.paintPlan(for: damage)
        let context = cairo_create(backSurface)
        defer { cairo_destroy(context) }
        if case .fill(let color) = list.items.first, !plan.background.isEmpty {
            cairo_save(context)
            clip(context, to: plan.background)
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
            cairo_paint(context)
            cairo_restore(context)
        }
        for layer in plan.prints {
            guard case .print(let print) = list.items[layer.itemIndex] else { continue }
            draw(print, clippedTo: layer.clip, visible: frame, in: context)
        }
        let overlays = list.items.filter(\.isOverlay)
        if !overlays.isEmpty {
            cairo_save(context)
            clip(context, to: damage)
            for item in overlays {
                CairoDrawing.draw(item, in: context, size: list.size, scale: list.uiScale, picture: { self.pictures[$0] })
            }
            cairo_restore(context)
        }
        cairo_surface_flush(backSurface)
        window.presenter.show(damage, from: backPixmap, atVerticalBlank: atVerticalBlank)
        let shown = Set(
            list.items.compactMap { item -> PhotoID? in
                if case .print(let print) = item { return print.photo }
                return nil
            })
        for id in sprites.keys where !shown.contains(id) { dropSprite(of: id) }
        return true
    }

    /// Sets the context's clip to the union of `rects`.
    func clip(_ context: OpaquePointer?, to rects: [Rect]) {
        cairo_new_path(context)
        for rect in rects { cairo_rectangle(context, rect.minX, rect.minY, rect.size.width, rect.size.height) }
        cairo_clip(context)
    }

    /// Shows the whole back buffer in the window again (after an Expose).
    public func present() {
        window.presenter.show([Rect(origin: .zero, size: size)], from: backPixmap, atVerticalBlank: false)
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
            for id in Array(sprites.keys) { dropSprite(of: id) }
            shadows.removeAll()
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
        guard let surface = cairo_xlib_surface_create(window.display, backPixmap, window.visual, Int32(width), Int32(height)) else {
            backSurface = nil
            throw PlatformError.cairo("cannot create the back buffer")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            backSurface = nil
            throw PlatformError.cairo(String(cString: cairo_status_to_string(status)))
        }
        backSurface = surface
    }
}
