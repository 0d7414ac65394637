/// Turns the board into a display list: the table, then every print bottom to top.
public struct SceneBuilder: Sendable {
    public var style: BoardStyle

    /// What the help panel (? or F1) lists.
    public static let helpLines = [
        "Photoboard — gestures and keys",
        "",
        "one finger / left drag          move; let go while moving to throw",
        "two fingers                     zoom and turn about the fingers",
        "wheel · Shift+wheel             zoom · turn about the pointer",
        "Ctrl+drag · right-click, drag   zoom and turn with a second finger",
        "tap a gliding photo             catch it",
        "double tap · triple tap         close-up · back as first laid out",
        "",
        "F11 or f  fullscreen      Esc  leave fullscreen, close this",
        "Ctrl+Z  undo      Ctrl+Shift+Z  redo      Space or g  gather all",
        "Delete  remove from the board (not from disk)      q  quit",
        "Tab  select a photo    arrows  move    + −  zoom    [ ]  turn",
        "r  photos taken off (tap one to put it back)    Ctrl+Shift+S  save as a board file",
    ]

    public init(style: BoardStyle = BoardStyle()) {
        self.style = style
    }

    /// The frame for `board`, with the loading indicator on top while `status` is given, mouse
    /// emulation's pinned finger and hint while `overlay` is, and the removed photos list while
    /// `removedPhotos` is.
    public func build(
        _ board: Board, status: LoadingStatus? = nil, overlay: EmulationOverlay? = nil, selection: PhotoID? = nil, showsHelp: Bool = false,
        removedPhotos: RemovedShelf? = nil
    ) -> DisplayList {
        var items: [DisplayItem] = [.fill(style.background)]
        for photo in board.photos {
            items.append(
                .print(
                    PrintItem(
                        photo: photo.id, photoToBoard: photo.photoToBoard, pictureSize: photo.size, borderWidth: photo.borderWidth,
                        borderColor: style.printBorder, shadowOffset: style.shadowOffset, shadowSoftness: style.shadowSoftness,
                        shadowOpacity: style.shadowOpacity, isSelected: photo.id == selection)))
        }
        if let overlay { items += [.fingerMarker(overlay.marker), .hint(overlay.hint)] }
        if let status { items.append(.progress(status)) }
        if let removedPhotos { items.append(.removedPhotos(removedPhotos)) }
        if showsHelp { items.append(.help(Self.helpLines)) }
        return DisplayList(size: board.size, items: items, uiScale: style.uiScale)
    }
}
