/// What the catalogue asks of the board as photos open, fail and are dropped, as a value: the
/// catalogue decides, and whoever owns the controller applies it (`BoardController.place`), in
/// order — as recognizers report values and the controller applies them.
public enum Placement: Hashable, Sendable {
    /// Onto the board at its stacking key (a restored board stacks photos as they were saved).
    case onBoard(Photo, stack: Double)
    /// Off the board from the start, waiting with the removed photos (the memory says it was
    /// taken off).
    case aside(Photo)
    /// A card laid out from its header takes the true size of its picture (upright pixels).
    case pictureSize(Size, of: PhotoID)
    /// A card whose file could not be opened after all comes off, as if never laid out.
    case withdrawn(PhotoID)
    /// A photo taken off comes back on top, centred where a drop lays it.
    case returned(PhotoID, at: Point)
}
