/// Turns the board into a display list: the table, then every print bottom to top, then the
/// overlays laid out to fit the window (`OverlayLayout`).
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

    /// The frame for `board`: with the loading indicator while `status` is given, mouse
    /// emulation's pinned finger and hint while `overlay` is, the notices shown, the removed
    /// photos list while `removedPhotos` is, and the help panel on top of everything. Prints of
    /// `moving` photos are marked as moving (drawn as drafts until they rest); prints with a text
    /// in `captions` show it on their lower edge.
    public func build(
        _ board: Board, status: LoadingStatus? = nil, overlay: EmulationOverlay? = nil, selection: PhotoID? = nil, showsHelp: Bool = false,
        notices: [ShownNotice] = [], removedPhotos: RemovedShelf? = nil, moving: Set<PhotoID> = [], captions: [PhotoID: String] = [:]
    ) -> DisplayList {
        var items: [DisplayItem] = [.fill(style.background)]
        items.reserveCapacity(board.photos.count + 8)
        // A few photos move at a time: looked for in a short array, not hashed for each of thousands.
        let movingPhotos = Array(moving)
        for photo in board.photos {
            items.append(
                .print(
                    PrintItem(
                        photo: photo.id, photoToBoard: photo.photoToBoard, pictureSize: photo.size, borderWidth: photo.borderWidth,
                        borderColor: style.printBorder, shadowOffset: style.shadowOffset, shadowSoftness: style.shadowSoftness,
                        shadowOpacity: style.shadowOpacity, isSelected: photo.id == selection,
                        isMoving: movingPhotos.count <= 16 ? movingPhotos.contains(photo.id) : moving.contains(photo.id),
                        caption: captions.isEmpty ? nil : captions[photo.id])))
        }
        let layout = overlayLayout(for: board.size)
        if let overlay { items += [.fingerMarker(overlay.marker), .panel(layout.hint(overlay.hint))] }
        if let status { items.append(.progress(status, label: layout.progressLabel(status))) }
        items += layout.notices(notices, aboveLoadingPanel: status != nil).map(DisplayItem.panel)
        if let removedPhotos { items.append(.removedPhotos(removedPhotos)) }
        if showsHelp { items.append(.panel(layout.help(help))) }
        return DisplayList(size: board.size, items: items, uiScale: style.uiScale)
    }

    /// The overlays' layout on a window of `size` (the session's layers use it too).
    public func overlayLayout(for size: Size) -> OverlayLayout {
        OverlayLayout(size: size, scale: style.uiScale, measure: measure, style: style.overlays)
    }
}
