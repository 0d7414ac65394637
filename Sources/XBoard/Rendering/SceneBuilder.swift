/// Turns the board into a display list: the table, then every print bottom to top.
public struct SceneBuilder: Sendable {
    public var style: BoardStyle

    public init(style: BoardStyle = BoardStyle()) {
        self.style = style
    }

    /// The frame for `board`, with the loading indicator on top while `status` is given and mouse
    /// emulation's pinned finger and hint while `overlay` is.
    public func build(_ board: Board, status: LoadingStatus? = nil, overlay: EmulationOverlay? = nil) -> DisplayList {
        var items: [DisplayItem] = [.fill(style.background)]
        for photo in board.photos {
            items.append(
                .print(
                    PrintItem(
                        photo: photo.id, photoToBoard: photo.photoToBoard, pictureSize: photo.size, borderWidth: photo.borderWidth,
                        borderColor: style.printBorder, shadowOffset: style.shadowOffset, shadowSoftness: style.shadowSoftness,
                        shadowOpacity: style.shadowOpacity)))
        }
        if let overlay { items += [.fingerMarker(overlay.marker), .hint(overlay.hint)] }
        if let status { items.append(.progress(status)) }
        return DisplayList(size: board.size, items: items)
    }
}
