import SystemPackage

/// The clipboard and pictures without a file: a paste lands under the pointer (else in the
/// middle), on top, as a drop does; a picture pasted or dropped from a browser is checked and
/// kept as a file by the platform first, so the board remembers it; a photo copied goes to the
/// clipboard as its picture and its file. Undo takes an addition back.
extension BoardSession {
    func pasted(_ content: PastedContent, effects: inout [BoardEffect]) {
        guard catalogue != nil else { return }
        let landing = pointer.pasteLanding(on: Rect(origin: .zero, size: controller.board.size))
        switch content {
        case .files(let paths, let refused):
            effects.append(.listDrop(paths, at: landing, refused: refused))
        case .picture(let picture):
            effects.append(.keepPicture(picture, at: landing))
        }
    }

    func pictureKept(_ kept: KeptPicture, at location: Point, effects: inout [BoardEffect]) {
        switch kept {
        case .kept(let file):
            effects += arrivals.takeIntoBoard([file], at: location, controller: controller, notices: &notices)
        case .refused(let line):
            tell(.pictureRefused(line), at: controller.now, effects: &effects)
        }
    }

    /// Puts `ids` on the clipboard: their files, and for one photo its picture too.
    func copy(_ ids: [PhotoID], effects: inout [BoardEffect], at time: Instant) {
        guard let catalogue else { return }
        let copied = ids.compactMap { id in catalogue.path(of: id).map { (id, $0) } }
        guard let first = copied.first else { return }
        let edits = copied.count == 1 ? controller.board.photo(first.0)?.edits ?? .none : .none
        effects.append(.copy(copied.map(\.1), edits: edits))
        notices.tell(.copied(copied.count == 1 ? catalogue.name(of: first.0) : "\(copied.count) photos"), at: time)
    }
}
