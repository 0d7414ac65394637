internal import CX11
import XBoard

/// Tiles over prints (issue 39): a picture shown finer than its copy gets the pixels of the part
/// in view, decoded at the resolution shown (`TileBook`), drawn over the print's copy. Uploaded
/// once to the X server; dropped when the session's budget lets them go.
extension CairoPainter {
    /// Keeps the part `from` of `image` (a band of tiles decoded in one pass; all of it by
    /// default) as tile `tile` of `photo`'s picture, on the server; the print is repainted by the
    /// display list that shows it.
    public func setTile(
        _ image: DecodedImage, for photo: PhotoID, tile: TilePlan.Tile, from part: (x: Int, y: Int, width: Int, height: Int)? = nil
    ) throws {
        let part = part ?? (0, 0, Int(image.pixelSize.width), Int(image.pixelSize.height))
        guard part.width > 0, part.height > 0, part.x >= 0, part.y >= 0, Double(part.x + part.width) <= image.pixelSize.width,
            Double(part.y + part.height) <= image.pixelSize.height
        else { throw PlatformError.cairo("a tile outside its band") }
        guard let serverSurface = try serverCopy(of: image, part: part) else { return }
        let key = TileKey(photo: photo, tile: tile)
        if let old = tiles.removeValue(forKey: key) { cairo_surface_destroy(old.surface) }
        dropBlackAndWhite(of: key)
        tiles[key] = (serverSurface, Size(width: Double(part.width), height: Double(part.height)))
        picturesChanged.insert(photo)  // its print repainted by the next frame, whatever else changed
    }

    /// Lets the tiles go (their server memory with them).
    public func dropTiles(_ keys: [TileKey]) {
        for key in keys {
            guard let old = tiles.removeValue(forKey: key) else { continue }
            cairo_surface_destroy(old.surface)
            dropBlackAndWhite(of: key)
            picturesChanged.insert(key.photo)
        }
    }

    /// Draws the tiles the print shows over it, within `clip`: each through the print's
    /// placement into its part of the picture — with crisp pixel edges where a picture pixel is
    /// shown larger than a window pixel (past 1:1 each pixel shows as a square, as in Loupe and
    /// GIMP: a blur would hide what the tile is for), smoothly below.
    func drawTiles(of print: PrintItem, clippedTo clip: [Rect], in context: OpaquePointer?) {
        guard !print.tiles.isEmpty else { return }
        let transform = print.photoToBoard
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_save(context)
        self.clip(context, to: clip)
        cairo_transform(context, &matrix)
        // Within the picture the print shows; a cropped, flipped print's tiles are moved and
        // mirrored with its picture (`PrintTile.rect` is in the whole picture's own space).
        let picture = Rect(centeredSize: print.pictureSize)
        cairo_rectangle(context, picture.minX, picture.minY, picture.size.width, picture.size.height)
        cairo_clip(context)
        if print.edits.flips || print.edits.isCropped {
            let toPrint = print.edits.pictureToPrint(pictureSize: print.wholePictureSize)
            var pictureMatrix = cairo_matrix_t(xx: toPrint.a, yx: toPrint.b, xy: toPrint.c, yy: toPrint.d, x0: toPrint.tx, y0: toPrint.ty)
            cairo_transform(context, &pictureMatrix)
        }
        // Neighbouring tiles meet without a seam: their edges are not antialiased (on a turned
        // print, two antialiased edges each half-covering a pixel let the copy show through).
        cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
        // Each tile is filled only where the crop keeps it, in the picture's own space, where the
        // crop is a plain rectangle: the clip of a turned print's outline alone let the pixels cut
        // off show past its edges (the outside review), the X server honouring it only in part.
        let whole = print.wholePictureSize, crop = print.edits.crop
        let kept = Rect(
            x: (crop.minX - 0.5) * whole.width, y: (crop.minY - 0.5) * whole.height, width: crop.size.width * whole.width,
            height: crop.size.height * whole.height)
        for shown in print.tiles {
            guard let tile = tile(TileKey(photo: print.photo, tile: shown.tile), for: print), tile.size.width > 0, tile.size.height > 0,
                let part = shown.rect.intersection(kept), part.size.width > 0, part.size.height > 0
            else {
                continue
            }
            let sx = shown.rect.size.width / tile.size.width, sy = shown.rect.size.height / tile.size.height
            cairo_save(context)
            cairo_translate(context, shown.rect.minX, shown.rect.minY)
            cairo_scale(context, sx, sy)
            cairo_set_source_surface(context, tile.surface, 0, 0)
            let pixelsPerTilePixel = transform.scale * sx
            let pattern = cairo_get_source(context)
            cairo_pattern_set_filter(pattern, pixelsPerTilePixel >= 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_rectangle(
                context, (part.minX - shown.rect.minX) / sx, (part.minY - shown.rect.minY) / sy, part.size.width / sx,
                part.size.height / sy)
            cairo_fill(context)
            cairo_restore(context)
        }
        cairo_restore(context)
    }
}
