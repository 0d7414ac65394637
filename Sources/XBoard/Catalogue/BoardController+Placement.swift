/// The catalogue's placements applied: photos opening, failing and dropped (`Placement`).
extension BoardController {
    /// Applies `placements` in order. `stackOf` gives a photo's stacking key (the catalogue's
    /// `stackKey(of:)`), by which a photo placed `onBoard` goes between the others; it is asked
    /// only of photos on the board.
    public func place(_ placements: [Placement], stackOf: (PhotoID) -> Double) {
        for placement in placements {
            switch placement {
            case .onBoard(let photo, let stack): add(photo, rank: stack, rankOf: stackOf)
            case .aside(let photo): putAside(photo)
            case .pictureSize(let size, let id): setPictureSize(size, of: id)
            case .withdrawn(let id): withdraw(id)
            case .returned(let id, let location): returnToBoard(id, at: location)
            }
        }
    }
}
