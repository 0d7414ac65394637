/// What a touch can land on, top first: the layers of the board's screen (`LayerStack`) and
/// the board itself, which takes what no layer does.
public enum BoardLayer: Hashable, Sendable {
    /// An open menu.
    case menu
    /// A print being cropped (`CropLayer`): it takes every touch.
    case crop
    /// Outside an open menu: the touch closes it and does nothing more.
    case dismissMenu
    case controls
    case picker
    case notice(NoticeID)
    /// The help panel: a tap closes it.
    case help
    case removedPhotos
    case board
}
