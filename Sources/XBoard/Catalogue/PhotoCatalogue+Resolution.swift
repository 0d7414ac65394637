/// Each picture kept decoded at about the size it is shown: copies asked for again when the
/// display's profile changes, or when a print rests larger or smaller than its copy suits.
extension PhotoCatalogue {
    /// Every photo held, decoded again at the size of its copy: the display's colour profile
    /// changed. Each copy stays shown until its new one arrives; one already on its way is
    /// superseded (its result is dropped as stale).
    public mutating func decodeAgain() -> [DecodeRequest] {
        var requests: [DecodeRequest] = []
        for index in entries.indices {
            guard var copy = entries[index].copy else { continue }
            copy.generation += 1
            copy.isPending = true
            entries[index].copy = copy
            requests.append(request(PhotoID(index), wanted: copy.longEdge, shown: Double(copy.longEdge) / 2, generation: copy.generation))
        }
        return requests
    }

    /// Asks for sharper or smaller copies of photos that are at rest and shown at a size their
    /// copy does not suit: the print's size on the board times the view's zoom. Prints out of
    /// view are made smaller when they are too large, never sharper.
    public mutating func refineResolution(for controller: BoardController) -> [DecodeRequest] {
        var requests: [DecodeRequest] = []
        // Asked every turn the board changes while it rests — each turn of an opening of ten
        // thousand: the size checks first, and whether the photo is busy only for the few that
        // want another copy (asked of every photo, it was most of a turn's work while opening).
        let zoom = controller.view.zoom, visible = controller.visibleBounds, isIdentity = controller.view == .identity
        for photo in controller.board.photos {
            let index = photo.id.rawValue
            guard entries.indices.contains(index), var copy = entries[index].copy, !copy.isPending else { continue }
            let shown = photo.pictureSize.longEdge * photo.scale * zoom  // the whole picture, however cropped
            guard
                let wanted = resolution.wantedLongEdge(
                    shownLongEdge: shown, decodedLongEdge: copy.longEdge, nativeLongEdge: copy.nativeLongEdge),
                !controller.isBusy(photo.id)
            else { continue }
            // Prints out of view are never sharpened (they may still be made smaller).
            if !isIdentity, wanted > copy.longEdge, !visible.intersects(photo.boardBounds) { continue }
            copy.generation += 1
            copy.isPending = true
            entries[index].copy = copy
            requests.append(request(photo.id, wanted: wanted, shown: shown, generation: copy.generation))
        }
        return requests
    }
}
