import SystemPackage

/// The photo picker (Add, Ctrl+O): its folder listed and its thumbnails decoded by the
/// platform, off the loop; drags scroll it with kinetic scrolling; taps go into folders and
/// choose photos; Add lays the chosen ones on the board as a drop does; a picture dragged
/// sideways out of it lands where it is let go.
extension BoardSession {
    /// Opens the picker where it was last, or in the Pictures folder.
    func openPicker(effects: inout [BoardEffect]) {
        guard picker == nil else { return }
        let folder = lastPickerFolder ?? settings.picturesFolder ?? settings.homeFolder ?? FilePath("/")
        picker = PhotoPicker(folder: folder, home: settings.homeFolder)
        effects.append(.listFolder(folder))
    }

    func closePicker(effects: inout [BoardEffect]) {
        guard let picker else { return }
        if !picker.requested.isEmpty { effects.append(.forgetThumbnails(Array(picker.requested))) }
        self.picker = nil
    }

    /// Shows `folder` in the picker.
    func openPickerFolder(_ folder: FilePath, effects: inout [BoardEffect]) {
        guard var picker else { return }
        if !picker.requested.isEmpty { effects.append(.forgetThumbnails(Array(picker.requested))) }
        picker.open(folder)
        self.picker = picker
        lastPickerFolder = folder
        effects.append(.listFolder(folder))
    }

    func folderListed(_ listing: FolderListing, effects: inout [BoardEffect]) {
        guard var picker else { return }
        picker.listed(listing)
        self.picker = picker
        if listing.folder == picker.folder, listing.problem == nil { lastPickerFolder = listing.folder }
        requestThumbnails(effects: &effects)
    }

    func thumbnailsDecoded(_ results: [ThumbnailID: Bool]) {
        for (id, isDecoded) in results { picker?.thumbnailArrived(id, isDecoded: isDecoded) }
        picturesRevision &+= 1
    }

    /// Asks for the thumbnails in view (and a few rows around) not asked for yet, and lets go
    /// of those far out of view, so a folder of thousands keeps a few hundred.
    func requestThumbnails(effects: inout [BoardEffect]) {
        guard var picker else { return }
        let metrics = WidgetMetrics(scale: scene.style.uiScale)
        let wanted = picker.wantedThumbnails(in: controller.board.size, metrics: metrics)
        let missing = wanted.filter { !picker.requested.contains($0) }
        let far = picker.requested.subtracting(wanted)
        if far.count > Self.thumbnailsKept {
            picker.forget(far)
            effects.append(.forgetThumbnails(Array(far)))
        }
        guard !missing.isEmpty else {
            self.picker = picker
            return
        }
        picker.requested(missing)
        self.picker = picker
        let longEdge = Int((metrics.tile).rounded(.up))
        effects.append(
            .decodeThumbnails(
                missing.compactMap { id in
                    picker.picture(of: id).map {
                        ThumbnailRequest(id: id, path: $0.path, maximumLongEdge: longEdge, canonical: $0.canonical.path)
                    }
                }))
    }

    /// Thumbnails out of view kept before they are let go.
    static let thumbnailsKept = 240

    public var pickerGeometry: PickerGeometry? {
        picker?.geometry(in: controller.board.size, metrics: WidgetMetrics(scale: scene.style.uiScale))
    }

    /// A finger moving on the picker: past the slop, sideways from a picture it takes the
    /// picture out; any other way it scrolls.
    func movePicker(_ state: inout WidgetTouch, at time: Instant, effects: inout [BoardEffect]) {
        guard var picker, let geometry = pickerGeometry else { return }
        let metrics = WidgetMetrics(scale: scene.style.uiScale)
        let delta = state.location - state.start
        if case .press = state.mode, delta.length > metrics.slop {
            switch state.target {
            case .picker(.tile(let index)):
                if case .picture(let file, let id) = picker.tile(index), abs(delta.x) > abs(delta.y) {
                    state.mode = .drag(file, id)
                } else {
                    state.mode = .scroll(from: picker.scrollOffset)
                }
            case .picker(.grid):
                state.mode = .scroll(from: picker.scrollOffset)
            default:
                break
            }
        }
        switch state.mode {
        case .scroll(let from):
            picker.scroll(by: from - picker.scrollOffset - delta.y, maximum: geometry.maximumScroll)
            self.picker = picker
            requestThumbnails(effects: &effects)
        case .drag(_, let id):
            dragged = (id, state.location)
        case .press:
            break
        }
    }

    func releasePicker(_ state: WidgetTouch, at time: Instant, effects: inout [BoardEffect]) {
        guard var picker, let geometry = pickerGeometry else { return }
        switch state.mode {
        case .scroll:
            // Let go moving: the grid glides on (the speed over the last few samples).
            let samples = state.samples
            if let first = samples.first, let last = samples.last, last.time > first.time, time - last.time < .milliseconds(60) {
                picker.fling(speed: -(last.y - first.y) / (last.time - first.time).seconds, at: time)
            }
            self.picker = picker
        case .drag(let file, _):
            dragged = nil
            if !geometry.sheet.contains(state.location) {
                takeIntoBoard([file], at: state.location, effects: &effects)
            }
        case .press:
            guard let target = shown.picker?.target(at: state.location), target == state.target else { return }
            switch target {
            case .picker(.close):
                closePicker(effects: &effects)
            case .picker(.add):
                let files = picker.selectedFiles()
                picker.clearSelection()
                self.picker = picker
                closePicker(effects: &effects)
                takeIntoBoard(files, at: controller.board.bounds.center, effects: &effects)
            case .picker(.all):
                picker.toggleAll()
                self.picker = picker
            case .picker(.crumb(let index)):
                let crumbs = picker.crumbs
                if crumbs.indices.contains(index) { openPickerFolder(crumbs[index].folder, effects: &effects) }
            case .picker(.tile(let index)):
                switch picker.tile(index) {
                case .folder(let folder): openPickerFolder(folder, effects: &effects)
                case .picture(let file, let thumbnail):
                    // A file whose thumbnail could not be made is no picture the board can open.
                    guard !picker.failed.contains(thumbnail) else {
                        let name = file.path.lastComponent.map { String(decoding: $0.bytes, as: UTF8.self) } ?? file.path.escaped
                        notices.post("\(name) cannot be opened", topic: BoardNotices.dropTopic, at: controller.now)
                        break
                    }
                    picker.toggle(file)
                    self.picker = picker
                case nil: break
                }
            default:
                break
            }
        }
    }

    /// Lays `files` on the board around `location`, on top, as a drop does.
    func takeIntoBoard(_ files: [ListedFile], at location: Point, effects: inout [BoardEffect]) {
        guard catalogue != nil, !files.isEmpty else { return }
        controller.recordUndoPoint()  // undo takes an addition back off the board, as any change
        guard let added = catalogue?.add(files, at: location, controller: controller) else { return }
        if !added.decodes.isEmpty { effects.append(.decode(added.decodes)) }
        if added.count == 0 {
            notices.post("Those photos are on the board already", topic: BoardNotices.dropTopic, at: controller.now)
        }
    }
}
