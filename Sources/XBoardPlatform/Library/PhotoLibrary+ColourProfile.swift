import XBoard

extension PhotoLibrary {
    /// Decodes every photo held again, at the size of the copy held, because the display's colour
    /// profile changed (`WindowEvent.displayProfileChanged`, after
    /// `PhotoDecoder.setDisplayProfile`). Each copy stays shown until its new one arrives; one
    /// already on its way is superseded (its result is dropped as stale).
    public func decodeAgain() {
        for (id, copy) in copies.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            var again = copy
            again.generation += 1
            again.isPending = true
            copies[id] = again
            decoder.submit(
                PhotoDecoder.Request(photo: id, path: files[id.rawValue], maximumLongEdge: copy.longEdge, generation: again.generation))
        }
    }
}
