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

    /// Puts `id` on the clipboard: its file, and its picture.
    func copy(_ id: PhotoID, effects: inout [BoardEffect], at time: Instant) {
        guard let path = catalogue?.path(of: id) else { return }
        effects.append(.copy(path))
        notices.tell(.copied(catalogue?.name(of: id)), at: time)
    }
}
