import SystemPackage

/// The photo picker (Add, Ctrl+O) in the session: opened and closed here, its touches and state
/// its own (`PickerLayer`); what it asks for — folders listed and thumbnails decoded by the
/// platform, off the loop; pictures laid on the board as a drop lays them — carried out here.
extension BoardSession {
    /// Opens the picker where it was last, or in the Pictures folder.
    func openPicker(effects: inout [BoardEffect]) {
        guard pickerLayer == nil else { return }
        let folder = lastPickerFolder ?? settings.picturesFolder ?? settings.homeFolder ?? FilePath("/")
        pickerLayer = PickerLayer(folder: folder, home: settings.homeFolder, metrics: metrics)
        effects.append(.listFolder(folder))
    }

    func closePicker(effects: inout [BoardEffect]) {
        guard let pickerLayer else { return }
        apply(pickerLayer.closing, effects: &effects)
        self.pickerLayer = nil
    }

    func folderListed(_ listing: FolderListing, effects: inout [BoardEffect]) {
        guard pickerLayer != nil else { return }
        let outcomes = pickerLayer?.listed(listing, in: controller.board.size) ?? []
        if listing.folder == pickerLayer?.picker.folder, listing.problem == nil { lastPickerFolder = listing.folder }
        apply(outcomes, effects: &effects)
    }

    func thumbnailsDecoded(_ results: [ThumbnailID: Bool]) {
        pickerLayer?.thumbnailsDecoded(results)
        picturesRevision &+= 1
    }

    public var pickerGeometry: PickerGeometry? {
        picker?.geometry(in: controller.board.size, metrics: metrics)
    }

    /// Carries out what the picker asked for.
    func apply(_ outcomes: [PickerLayer.Outcome], effects: inout [BoardEffect]) {
        for outcome in outcomes {
            switch outcome {
            case .list(let folder):
                lastPickerFolder = folder
                effects.append(.listFolder(folder))
            case .decode(let requests): effects.append(.decodeThumbnails(requests))
            case .forget(let ids): effects.append(.forgetThumbnails(ids))
            case .add(let files, let location): takeIntoBoard(files, at: location ?? controller.board.bounds.center, effects: &effects)
            case .cannotOpen(let name): notices.tell(.cannotOpen(name), at: controller.now)
            case .close: closePicker(effects: &effects)
            }
        }
    }

    /// Lays `files` on the board around `location`, on top, as a drop does.
    func takeIntoBoard(_ files: [ListedFile], at location: Point, effects: inout [BoardEffect]) {
        guard catalogue != nil, !files.isEmpty else { return }
        controller.recordUndoPoint()  // undo takes an addition back off the board, as any change
        guard let added = addToBoard(files, at: location) else { return }
        if !added.decodes.isEmpty { effects.append(.decode(added.decodes)) }
        if added.count == 0 { notices.tell(.alreadyOnBoard, at: controller.now) }
    }
}
