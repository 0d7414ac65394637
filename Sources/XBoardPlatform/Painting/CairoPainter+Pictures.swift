internal import CX11
import XBoard

/// The pictures the prints are drawn from, held by the server: uploaded once each (a photo's
/// or a picker thumbnail's), replaced by a sharper or smaller copy, let go; and the sprites of
/// photos no longer on the board dropped.
extension CairoPainter {
    /// A copy of `image` (or of its part `part`) on the X server, uploaded once; `nil` before the
    /// window has a back buffer.
    func serverCopy(of image: DecodedImage, part: (x: Int, y: Int, width: Int, height: Int)? = nil) throws -> OpaquePointer? {
        try serverCopy(of: image.surface, size: image.pixelSize, hasAlpha: image.hasAlpha, part: part)
    }

    /// A copy of the surface `source` of `size` pixels (or of its part `part`) on the X server.
    func serverCopy(
        of source: OpaquePointer, size: Size, hasAlpha: Bool, part: (x: Int, y: Int, width: Int, height: Int)? = nil
    ) throws -> OpaquePointer? {
        guard let backSurface else { return nil }
        let part = part ?? (0, 0, Int(size.width), Int(size.height))
        let content = hasAlpha ? CAIRO_CONTENT_COLOR_ALPHA : CAIRO_CONTENT_COLOR
        guard let serverSurface = cairo_surface_create_similar(backSurface, content, Int32(part.width), Int32(part.height)) else {
            throw PlatformError.cairo("cannot create a server-side surface")
        }
        let status = cairo_surface_status(serverSurface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(serverSurface)
            throw PlatformError.cairo(String(cString: cairo_status_to_string(status)))
        }
        let context = cairo_create(serverSurface)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context, source, -Double(part.x), -Double(part.y))
        cairo_paint(context)
        cairo_destroy(context)
        cairo_surface_flush(serverSurface)
        return serverSurface
    }

    /// Uploads a decoded picture for a photo, replacing any earlier one. The decoded copy can be
    /// let go afterwards: the server's copy is the one drawn.
    public func setPicture(_ image: DecodedImage, for id: PhotoID) throws {
        guard let serverSurface = try serverCopy(of: image) else { return }
        let old = pictures.removeValue(forKey: id)
        if let old { cairo_surface_destroy(old.surface) }
        dropBlackAndWhite(of: id)
        cancelRefinement { $0 == id }  // bands drawn from the old copy
        pictures[id] = (serverSurface, image.pixelSize)
        // A sharper or smaller copy of a picture already shown: its sprite, made from the old
        // copy, stands in as a draft until the new one is drawn sharp (a band at a time, as for
        // a print let go), and only the print is repainted. A first picture repaints the frame.
        if old != nil, var sprite = sprites[id], let print = lastList.flatMap({ Self.print(of: id, in: $0) }) {
            sprite.isDraft = true
            sprites[id] = sprite
            pendingDamage += print.damageRegion
        } else {
            dropSprite(of: id)
            picturesChanged.insert(id)  // the picture changed under an unchanged display list
        }
    }

    /// The print of `id` in `list`, if it shows.
    static func print(of id: PhotoID, in list: DisplayList) -> PrintItem? {
        for case .print(let print) in list.items where print.photo == id { return print }
        return nil
    }

    public func removePicture(for id: PhotoID) {
        if let old = pictures.removeValue(forKey: id) { cairo_surface_destroy(old.surface) }
        dropBlackAndWhite(of: id)
        dropSprite(of: id)
        cancelRefinement { $0 == id }
        picturesChanged.insert(id)
    }

    /// Drops the half-made sharp sprite and what is owed, for the photos `matching`.
    func cancelRefinement(_ matching: (PhotoID) -> Bool) {
        deferredSharpSprites = deferredSharpSprites.filter { !matching($0) }
        if let job = refinement, matching(job.photo) {
            cairo_surface_destroy(job.sprite.surface)
            refinement = nil
        }
    }

    func dropSprite(of id: PhotoID) {
        if let sprite = sprites.removeValue(forKey: id) { cairo_surface_destroy(sprite.surface) }
    }

    /// Lets go of the sprites of photos no longer on the board — looked for only when the
    /// photos on it changed, not on every frame of a drag over a thousand.
    func dropSpritesOfPhotosGone(from list: DisplayList) {
        // The same photos in the same order, and maybe more on top (photos arriving, a drop):
        // none gone, so no set of ten thousand is made for a frame of an opening.
        let known = photosOnBoard.count
        var index = 0, same = true
        for case .print(let print) in list.items {
            if index < known {
                guard photosOnBoard[index] == print.photo else {
                    same = false
                    break
                }
            } else {
                photosOnBoard.append(print.photo)
            }
            index += 1
        }
        guard !same || index < known else { return }
        var photos: [PhotoID] = []
        photos.reserveCapacity(photosOnBoard.count)
        for case .print(let print) in list.items { photos.append(print.photo) }
        // Every sprite is of a photo of a list painted before (its photos noted here then).
        for id in Self.photos(photosOnBoard, missingFrom: photos) where sprites[id] != nil { dropSprite(of: id) }
        photosOnBoard = photos
    }

    /// The photos of `old` that `new` does not hold: marked by number in a flat array where the
    /// numbers are dense (they are handed out one by one), in a set otherwise — a drop restacking
    /// thousands hashed thirteen thousand photos a frame.
    static func photos(_ old: [PhotoID], missingFrom new: [PhotoID]) -> [PhotoID] {
        let kept = PhotoMarks(new)
        return old.filter { !kept.contains($0) }
    }

    /// Uploads a thumbnail of the photo picker (held among the pictures, `ThumbnailID.pictureKey`).
    public func setThumbnail(_ image: DecodedImage, for id: ThumbnailID) throws { try setPicture(image, for: id.pictureKey) }

    public func removeThumbnail(_ id: ThumbnailID) { removePicture(for: id.pictureKey) }
}
