/// Turns the board into a display list: the table, then every print bottom to top, then the
/// loading panel and the pinned finger, laid out to fit the window (`OverlayLayout`). The layers
/// above (`ScreenLayers.stack`) lay their overlays out with the same layout.
public struct SceneBuilder: Sendable {
    public var style: BoardStyle
    /// Measures overlay text: Pango's on screen, `TextMeasure.estimated` where there are no fonts.
    public var measure: TextMeasure
    /// What the help panel (? or F1) says.
    public var help = HelpSheet.board

    public init(style: BoardStyle = BoardStyle(), measure: TextMeasure = .estimated) {
        self.style = style
        self.measure = measure
    }

    /// The table and its prints for `board`, seen through `view`: with the loading indicator
    /// while `status` is given, and mouse emulation's pinned finger and hint while `overlay` is.
    /// Prints of `moving` photos, and every print while `isViewMoving`, are marked as moving
    /// (drawn as drafts from the sprites they have until they rest, so a zooming table does not
    /// render every print sharp each frame); prints with a text in `captions` show it on their
    /// lower edge. While `isViewMoving` on a board of more than `snapshotMinimum` prints with
    /// `viewMoveStart` given (the view of the frame shown when the view started moving; the
    /// session gives none while a print is held or moves), one `DisplayItem.tableSnapshot`
    /// stands in for every print, the overlays after it. The layers above them (notices, the
    /// removed photos list, the help sheet, the widgets) are `ScreenLayers.stack`'s.
    ///
    /// Each print's `photoToBoard` is drawn into the frame: the photo's placement followed by the
    /// view's `boardToWindow`. Prints wholly outside the window (shadow included) are left out,
    /// so a board zoomed in on a corner draws tens of prints, not all of them.
    public func build(
        _ board: Board, view: BoardView = .identity, status: LoadingStatus? = nil, overlay: EmulationOverlay? = nil,
        selection: PhotoID? = nil, selected: Set<PhotoID> = [], moving: Set<PhotoID> = [], isViewMoving: Bool = false,
        captions: [PhotoID: String] = [:], viewMoveStart: BoardView? = nil, snapshotMinimum: Int = .max,
        tiles: [PhotoID: [PrintTile]] = [:]
    ) -> DisplayList {
        var items: [DisplayItem] = [.fill(style.background)]
        let layout = overlayLayout(for: board.size)
        if isViewMoving, let viewMoveStart, board.photos.count > snapshotMinimum {
            items.append(.tableSnapshot(TableSnapshot(startView: viewMoveStart, view: view)))
        } else {
            items.reserveCapacity(board.photos.count + 8)
            // A few photos move at a time: looked for in a short array, not hashed for each of thousands.
            let movingPhotos = Array(moving)
            let boardToWindow = view.boardToWindow, isIdentity = view == .identity
            let shadowReach = abs(style.shadowOffset.x) + abs(style.shadowOffset.y) + 2 * style.shadowSoftness
            let frame = Rect(origin: .zero, size: board.size).insetBy(-shadowReach)
            for photo in board.photos {
                let photoToFrame = isIdentity ? photo.photoToBoard : photo.photoToBoard.concatenating(boardToWindow)
                if !isIdentity, !frame.intersects(Rect.bounding(photo.printBounds.corners.map(photoToFrame.apply(to:)))) { continue }
                items.append(
                    .print(
                        PrintItem(
                            photo: photo.id, photoToBoard: photoToFrame, pictureSize: photo.size, borderWidth: photo.borderWidth,
                            borderColor: style.printBorder, shadowOffset: style.shadowOffset, shadowSoftness: style.shadowSoftness,
                            shadowOpacity: style.shadowOpacity,
                            isSelected: photo.id == selection || (!selected.isEmpty && selected.contains(photo.id)),
                            isMoving: isViewMoving
                                || (movingPhotos.count <= 16 ? movingPhotos.contains(photo.id) : moving.contains(photo.id)),
                            caption: captions.isEmpty ? nil : captions[photo.id], tiles: tiles.isEmpty ? [] : tiles[photo.id] ?? [],
                            edits: photo.edits)))
            }
        }
        if let overlay { items += [.fingerMarker(overlay.marker), .panel(layout.hint(overlay.hint))] }
        if let status { items.append(.progress(status, label: layout.progressLabel(status))) }
        return DisplayList(size: board.size, items: items, uiScale: style.uiScale)
    }

    /// The overlays' layout on a window of `size` (the session's layers use it too).
    public func overlayLayout(for size: Size) -> OverlayLayout {
        OverlayLayout(size: size, scale: style.uiScale, measure: measure, style: style.overlays)
    }
}
