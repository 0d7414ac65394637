internal import CX11
import SystemPackage
import XBoard

/// Renders a display list into a PNG file with cairo's image backend: no X display needed.
public enum PNGExport {
    /// Writes `list` as a PNG at `path`, with pictures from decoded images.
    public static func write(_ list: DisplayList, to path: FilePath, pictures: [PhotoID: DecodedImage]) throws {
        try write(list, to: path) { id in pictures[id].map { ($0.surface, $0.pixelSize) } }
    }

    static func write(_ list: DisplayList, to path: FilePath, picture: CairoDrawing.PictureSource) throws {
        let width = Int32(max(1, list.size.width.rounded())), height = Int32(max(1, list.size.height.rounded()))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height) else {
            throw PlatformError.cairo("no image surface")
        }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        for item in list.items where !Self.isTransient(item) {
            // A print in black and white (issue 40) is drawn from its picture so, made here.
            if case .print(let print) = item, print.edits.isBlackAndWhite, let source = picture(print.photo),
                let image = CairoDrawing.blackAndWhiteImage(
                    of: source.surface, size: source.size, hasAlpha: CairoDrawing.hasAlpha(source.surface))
            {
                CairoDrawing.draw(print, in: context, picture: (image, source.size))
                cairo_surface_destroy(image)
                continue
            }
            CairoDrawing.draw(item, in: context, size: list.size, scale: list.uiScale, picture: picture)
        }
        cairo_destroy(context)
        try checkWritable(path)
        let status = path.withPlatformString { cairo_surface_write_to_png(surface, $0) }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PlatformError.image(path: path, reason: "could not be written: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Opens `path` for writing (creating it) and closes it again, so a path that cannot be
    /// written says why (cairo only says "error while writing to output stream").
    static func checkWritable(_ path: FilePath) throws {
        do {
            let descriptor = try FileDescriptor.open(
                path, .writeOnly, options: [.create, .truncate, .closeOnExec, .noControllingTerminal, .nonBlocking],
                permissions: [.ownerReadWrite, .groupRead, .otherRead], retryOnInterrupt: true)
            try? descriptor.close()
        } catch let failure as Errno {
            let reason: String
            switch failure {
            case .noSuchFileOrDirectory: reason = "no such folder (\(path.removingLastComponent().escaped))"
            case .notDirectory: reason = "part of the path is not a folder"
            case .permissionDenied, .notPermitted: reason = "permission denied"
            case .isDirectory: reason = "it is a folder"
            default: reason = StoreError.words(for: failure.rawValue)
            }
            throw PlatformError.image(path: path, reason: "could not be written: \(reason)")
        }
    }

    /// Indicators, hints, notices and help are for the screen, not the picture.
    static func isTransient(_ item: DisplayItem) -> Bool { item.isOverlay }
}
