/// Turns the board into a display list: the table, then every print bottom to top.
public struct SceneBuilder: Sendable {
    public var style: BoardStyle

    public init(style: BoardStyle = BoardStyle()) {
        self.style = style
    }

    public func build(_ board: Board) -> DisplayList {
        var items: [DisplayItem] = [.fill(style.background)]
        for photo in board.photos {
            items.append(
                .print(
                    PrintItem(
                        photo: photo.id, photoToBoard: photo.photoToBoard, pictureSize: photo.size, borderWidth: photo.borderWidth,
                        borderColor: style.printBorder, shadowOffset: style.shadowOffset, shadowSoftness: style.shadowSoftness,
                        shadowOpacity: style.shadowOpacity)))
        }
        return DisplayList(size: board.size, items: items)
    }
}
