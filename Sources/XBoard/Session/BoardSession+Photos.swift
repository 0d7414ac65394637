import SystemPackage

/// Photos arriving: the board's own once listed, each as its decode is reported, and those
/// dropped on it; and what the board says about the ones that cannot be opened.
extension BoardSession {
    func open(_ opening: BoardOpening, at now: Instant, effects: inout [BoardEffect]) {
        guard catalogue == nil else { return }
        var catalogue = PhotoCatalogue(
            files: opening.files, named: opening.named, added: opening.added, boardSize: controller.board.size, seed: settings.seed,
            memory: opening.memory, workerCount: settings.decodeWorkers, usesThumbnails: settings.usesThumbnails, startTime: now)
        // Photos whose headers were read lie as cards at once, where they will be; pictures follow.
        // A few hundred now, the rest turn by turn from the next (a turn that makes the catalogue
        // of ten thousand has done enough).
        effects.append(.decode(catalogue.start(layingCardsOn: controller.board.size)))
        self.catalogue = catalogue
        placeNextCards(limit: PhotoCatalogue.cardsPerTurn / 4)
        openedThisTurn = true
        unopened.add(opening.problemPaths.map(\.escaped), to: &notices, at: now)
        if let problem = opening.keepingProblem {
            // Nothing done on this board will be kept: said where a person sees it, until dismissed.
            notices.post(
                BoardNotices.notKept(problem, home: settings.home), topic: BoardNotices.notSavedTopic, tone: .problem, isSticky: true,
                at: now)
        }
    }

    func receive(_ reports: [DecodeReport], at now: Instant, effects: inout [BoardEffect]) {
        // Mutated where it is stored: a copy taken out would share the entries, and the first
        // change would copy all ten thousand of them on every report.
        guard let received = catalogue?.receive(reports, on: controller.board.size) else { return }
        place(received.placements)
        if received.changed {
            // A new photo or a new copy of one: repaint, and see whether it suits its size now.
            picturesRevision &+= 1
            refinedRevision = nil
        }
        effects += received.problems.map { .report($0.description) }
        let reasons = Dictionary(received.failed.map { ($0.path.escaped, $0.reason) }) { _, last in last }
        unopened.add(received.failed.map(\.path.escaped), reasons: reasons, to: &notices, at: now)
        if catalogue?.allFailed == true {
            effects.append(.report("none of the given paths could be opened"))
            effects.append(.quit(status: 1))
        }
    }

    /// Takes a listed drop: board documents open in windows of their own, files and folders join
    /// the board. One line names every item not taken — the list's refused entries, paths that
    /// cannot be opened — with why, and says whether the rest were taken (`DropReport`); a
    /// problem inside a dropped folder gets its own line, as at start.
    func take(_ drop: DropListing, at now: Instant, effects: inout [BoardEffect]) {
        guard catalogue != nil else { return }
        if !drop.documents.isEmpty { effects.append(.openInNewWindows(drop.documents)) }
        let droppedPaths = Set(drop.dropped.map(PathKey.init))
        var leftOut: [DropReport.LeftOut] = []
        var insideFolders: [String] = []
        for problem in drop.listing.problems {
            if droppedPaths.contains(PathKey(problem.path)) {
                leftOut.append(DropReport.LeftOut(item: problem.path.escaped, reason: problem.reason))
            } else {
                effects.append(.report(problem.description))
                insideFolders.append(problem.path.escaped)
            }
        }
        let report = DropReport(taken: drop.dropped.count - leftOut.count, leftOut: leftOut + drop.refused)
        if let line = report.line { effects.append(.report(line)) }
        if !drop.listing.files.isEmpty { controller.recordUndoPoint() }  // undo takes a drop back off the board
        guard let added = addToBoard(drop.listing.files, at: drop.location) else { return }
        if !added.decodes.isEmpty { effects.append(.decode(added.decodes)) }
        let problems = report.leftOut.map(\.item) + insideFolders
        unopened.noteDrop(files: drop.listing.files.count, added: added.count, problems: problems, to: &notices, at: now)
    }

    /// The next cards laid out at the start, onto the board (a turn's worth: `limit`).
    func placeNextCards(limit: Int = PhotoCatalogue.cardsPerTurn) {
        // Mutated where it is stored (a copy would copy every entry).
        guard let placements = catalogue?.nextCards(limit: limit, on: controller.board.size) else { return }
        place(placements)
    }

    /// Files dropped or picked, added around `location` (`PhotoCatalogue.add`); photos taken off
    /// before come back there.
    func addToBoard(_ files: [ListedFile], at location: Point) -> PhotoCatalogue.Dropped? {
        guard let added = catalogue?.add(files, at: location, controller: controller) else { return nil }
        place(added.placements)
        return added
    }

    /// Applies the catalogue's placements to the controller, ordered by the catalogue's stacking
    /// keys.
    private func place(_ placements: [Placement]) {
        // The copy shares the catalogue's entries only while they are placed: the catalogue is
        // not changed meanwhile, so nothing is copied.
        guard !placements.isEmpty, let catalogue else { return }
        controller.place(placements) { catalogue.stackKey(of: $0) }
    }

    /// Lays `files` on the board around `location`, on top, as a drop does (picked, pasted).
    func takeIntoBoard(_ files: [ListedFile], at location: Point, effects: inout [BoardEffect]) {
        guard catalogue != nil, !files.isEmpty else { return }
        controller.recordUndoPoint()  // undo takes an addition back off the board, as any change
        guard let added = addToBoard(files, at: location) else { return }
        if !added.decodes.isEmpty { effects.append(.decode(added.decodes)) }
        if added.count == 0 { notices.tell(.alreadyOnBoard, at: controller.now) }
    }
}
