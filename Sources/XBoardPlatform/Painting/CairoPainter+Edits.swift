internal import CX11
import XBoard

/// The pictures of prints shown in black and white (issue 40): made once from the server's copy
/// when a print is first drawn so, kept beside it, let go with it — never made per frame.
extension CairoPainter {
    /// The picture `print` shows: its copy, or that copy in black and white.
    func picture(for print: PrintItem) -> (surface: OpaquePointer, size: Size)? {
        guard let colour = pictures[print.photo] else { return nil }
        guard print.edits.isBlackAndWhite else {
            // In colour again: its black-and-white copy goes (undo makes it again, once).
            if !blackAndWhitePictures.isEmpty { dropBlackAndWhite(of: print.photo) }
            return colour
        }
        return blackAndWhitePicture(of: print.photo) ?? colour
    }

    /// `id`'s picture in black and white, made once (the removed photos list's thumbnail of a
    /// print shown so).
    func blackAndWhitePicture(of id: PhotoID) -> (surface: OpaquePointer, size: Size)? {
        guard let colour = pictures[id] else { return nil }
        return blackAndWhite(of: colour, as: id, in: \.blackAndWhitePictures)
    }

    /// The tile `key` as `print` shows it: in black and white when the print is.
    func tile(_ key: TileKey, for print: PrintItem) -> (surface: OpaquePointer, size: Size)? {
        guard let colour = tiles[key] else { return nil }
        guard print.edits.isBlackAndWhite else { return colour }
        return blackAndWhite(of: colour, as: key, in: \.blackAndWhiteTiles) ?? colour
    }

    /// The black-and-white copy of `colour` kept in `copies` under `key`: made once, and again
    /// when the picture it was made of changed size (a sharper copy came).
    private func blackAndWhite<Key: Hashable>(
        of colour: (surface: OpaquePointer, size: Size), as key: Key,
        in copies: ReferenceWritableKeyPath<CairoPainter, [Key: (surface: OpaquePointer, size: Size)]>
    ) -> (surface: OpaquePointer, size: Size)? {
        if let made = self[keyPath: copies][key], made.size == colour.size { return made }
        guard let made = blackAndWhiteCopy(of: colour.surface, size: colour.size) else { return nil }
        if let old = self[keyPath: copies].updateValue(made, forKey: key) { cairo_surface_destroy(old.surface) }
        return made
    }

    /// Lets go of the black-and-white copy of `id`'s picture (its picture changed or went).
    func dropBlackAndWhite(of id: PhotoID) {
        if let old = blackAndWhitePictures.removeValue(forKey: id) { cairo_surface_destroy(old.surface) }
    }

    /// Lets go of the black-and-white copy of a tile.
    func dropBlackAndWhite(of key: TileKey) {
        if let old = blackAndWhiteTiles.removeValue(forKey: key) { cairo_surface_destroy(old.surface) }
    }

    /// A server-side black-and-white copy of the server surface `source`: read back once,
    /// turned to its luminance here, sent again.
    private func blackAndWhiteCopy(of source: OpaquePointer, size: Size) -> (surface: OpaquePointer, size: Size)? {
        guard let image = CairoDrawing.blackAndWhiteImage(of: source, size: size, hasAlpha: CairoDrawing.hasAlpha(source)) else {
            return nil
        }
        defer { cairo_surface_destroy(image) }
        guard let copy = try? serverCopy(of: image, size: size, hasAlpha: CairoDrawing.hasAlpha(source)) else { return nil }
        return (copy, size)
    }
}
