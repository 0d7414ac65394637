internal import CX11
import SystemPackage
import XBoard

/// Renders a display list into a PNG file with cairo's image backend: no X display needed.
public enum PNGExport {
    /// Writes `list` as a PNG at `path`, with pictures from decoded images.
    public static func write(_ list: DisplayList, to path: FilePath, pictures: [PhotoID: DecodedImage]) throws {
        try write(list, to: path) { id in pictures[id].map { ($0.surface, $0.pixelSize) } }
    }

    static func write(_ list: DisplayList, to path: String, picture: CairoDrawing.PictureSource) throws {
        try write(list, to: FilePath(path), picture: picture)
    }

    static func write(_ list: DisplayList, to path: FilePath, picture: CairoDrawing.PictureSource) throws {
        let width = Int32(max(1, list.size.width.rounded())), height = Int32(max(1, list.size.height.rounded()))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height) else {
            throw PlatformError.cairo("no image surface")
        }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        for item in list.items where !Self.isTransient(item) {
            CairoDrawing.draw(item, in: context, size: list.size, scale: list.uiScale, picture: picture)
        }
        cairo_destroy(context)
        let status = path.withPlatformString { cairo_surface_write_to_png(surface, $0) }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PlatformError.image(path: path, reason: "could not be written: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Indicators, hints, notices and help are for the screen, not the picture.
    static func isTransient(_ item: DisplayItem) -> Bool { item.isOverlay }
}
