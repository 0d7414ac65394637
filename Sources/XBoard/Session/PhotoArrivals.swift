/// The board's photos as they arrive, between the catalogue and the controller: the board's own
/// once listed (a turn's worth of cards at a time), each as its decode is reported, those
/// dropped, picked or pasted; sharper or smaller copies once the board rests; and what the board
/// says about those that cannot be opened. The catalogue never changes the board: its
/// placements are applied here, ordered by its stacking keys (`PhotoArrivalsTests`).
struct PhotoArrivals: Sendable {
    /// The photos; `nil` while the command line's folders are still being listed. Mutated where
    /// it is stored: a copy taken out would share the entries, and the first change would copy
    /// all ten thousand of them.
    private(set) var catalogue: PhotoCatalogue?
    /// Counts arrivals of sharper or smaller copies, which change pixels but not the board.
    private(set) var picturesRevision: UInt64 = 0
    /// The revision whose picture sizes were last checked (`refineResolution`), and when.
    private var refinedRevision: UInt64?
    private var refinedAt: Instant?
    /// While photos still arrive, their sizes are checked at most this often: every arrival
    /// changes the board, and a check looks at every print (a fifth of the board's work, once a
    /// turn, while ten thousand reopened from the thumbnail cache). Copies arrive at the size
    /// they are shown at, so only prints zoomed meanwhile wait, at most this long.
    static let refineWhileLoadingInterval = Duration.milliseconds(250)
    /// The photos opened in this turn (their first cards are placed): the next cards wait for the next.
    private var openedThisTurn = false
    private var unopened = UnopenedPaths()

    /// Opens the board's photos, listed, at `now`: the decodes to ask for come back.
    mutating func open(
        _ opening: BoardOpening, settings: SessionSettings, controller: BoardController, notices: inout NoticeQueue, at now: Instant
    ) -> [BoardEffect] {
        guard catalogue == nil else { return [] }
        var catalogue = PhotoCatalogue(
            files: opening.files, named: opening.named, added: opening.added, boardSize: controller.board.size, seed: settings.seed,
            memory: opening.memory, workerCount: settings.decodeWorkers, usesThumbnails: settings.usesThumbnails, startTime: now)
        // The window shows the part of the board it showed when the board was saved, before any
        // print lands (fresh ones are tossed in it).
        controller.show(catalogue.initialView)
        // Photos whose headers were read lie as cards at once, where they will be; pictures follow.
        // A few hundred now, the rest turn by turn from the next (a turn that makes the catalogue
        // of ten thousand has done enough).
        let decodes = catalogue.start(layingCards: true)
        self.catalogue = catalogue
        placeNextCards(limit: PhotoCatalogue.cardsPerTurn / 4, controller: controller)
        openedThisTurn = true
        unopened.add(opening.problemPaths.map(\.escaped), to: &notices, at: now)
        if let problem = opening.keepingProblem {
            // Nothing done on this board will be kept: said where a person sees it, until dismissed.
            notices.post(
                BoardNotices.notKept(problem, home: settings.home), topic: BoardNotices.notSavedTopic, tone: .problem, isSticky: true,
                at: now)
        }
        return [.decode(decodes)]
    }

    /// Decodes reported at `now`: photos placed as their pictures come, failures counted.
    mutating func receive(
        _ reports: [DecodeReport], controller: BoardController, notices: inout NoticeQueue, at now: Instant
    ) -> [BoardEffect] {
        guard let received = catalogue?.receive(reports) else { return [] }
        place(received.placements, on: controller)
        if received.changed {
            // A new photo or a new copy of one: repaint, and see whether it suits its size now.
            picturesRevision &+= 1
            refinedRevision = nil
        }
        var effects: [BoardEffect] = received.problems.map { .report($0.description) }
        let reasons = Dictionary(received.failed.map { ($0.path.escaped, $0.reason) }) { _, last in last }
        unopened.add(received.failed.map(\.path.escaped), reasons: reasons, to: &notices, at: now)
        if catalogue?.allFailed == true {
            effects.append(.report("none of the given paths could be opened"))
            effects.append(.quit(status: 1))
        }
        return effects
    }

    /// Takes a listed drop: board documents open in windows of their own, files and folders join
    /// the board. One line names every item not taken — the list's refused entries, paths that
    /// cannot be opened — with why, and says whether the rest were taken (`DropReport`); a
    /// problem inside a dropped folder gets its own line, as at start.
    mutating func take(_ drop: DropListing, controller: BoardController, notices: inout NoticeQueue, at now: Instant) -> [BoardEffect] {
        guard catalogue != nil else { return [] }
        var effects: [BoardEffect] = drop.documents.isEmpty ? [] : [.openInNewWindows(drop.documents)]
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
        guard let added = add(drop.listing.files, at: drop.location, controller: controller) else { return effects }
        if !added.decodes.isEmpty { effects.append(.decode(added.decodes)) }
        let problems = report.leftOut.map(\.item) + insideFolders
        unopened.noteDrop(files: drop.listing.files.count, added: added.count, problems: problems, to: &notices, at: now)
        return effects
    }

    /// Lays `files` (picked, pasted) on the board around `location`, on top, as a drop does.
    mutating func takeIntoBoard(
        _ files: [ListedFile], at location: Point, controller: BoardController, notices: inout NoticeQueue
    ) -> [BoardEffect] {
        guard catalogue != nil, !files.isEmpty else { return [] }
        controller.recordUndoPoint()  // undo takes an addition back off the board, as any change
        guard let added = add(files, at: location, controller: controller) else { return [] }
        if added.count == 0 { notices.tell(.alreadyOnBoard, at: controller.now) }
        return added.decodes.isEmpty ? [] : [.decode(added.decodes)]
    }

    /// A save of the board finished: what it wrote is what the catalogue keeps from now on.
    mutating func didSave(_ saved: SavedBoard) {
        catalogue?.didSave(saved)
    }

    /// The display's colour profile changed: the pictures shown are decoded again.
    mutating func decodeAgain() -> [BoardEffect] {
        guard let requests = catalogue?.decodeAgain(), !requests.isEmpty else { return [] }
        return [.decode(requests)]
    }

    /// A turn's start: the next cards laid out at the start go onto the board, unless the photos
    /// opened this turn (their first cards are placed).
    mutating func placeCardsOfTurn(controller: BoardController) {
        if openedThisTurn {
            openedThisTurn = false
        } else if catalogue?.hasPendingCards == true {
            placeNextCards(controller: controller)
        }
    }

    /// Once the board rests (`isResting`), sharper or smaller copies of the pictures, for the
    /// sizes shown — asked once for each revision of the board, and while photos still arrive at
    /// most every `refineWhileLoadingInterval`.
    mutating func refine(for controller: BoardController, isResting: Bool, at now: Instant) -> [BoardEffect] {
        guard isResting, refinedRevision != controller.revision, let catalogue else { return [] }
        if catalogue.isLoading, let refinedAt, now - refinedAt < Self.refineWhileLoadingInterval { return [] }
        let requests = self.catalogue?.refineResolution(for: controller) ?? []
        refinedRevision = controller.revision
        refinedAt = now
        return requests.isEmpty ? [] : [.decode(requests)]
    }

    /// The next cards laid out at the start, onto the board (a turn's worth: `limit`).
    private mutating func placeNextCards(limit: Int = PhotoCatalogue.cardsPerTurn, controller: BoardController) {
        guard let placements = catalogue?.nextCards(limit: limit) else { return }
        place(placements, on: controller)
    }

    /// Files dropped or picked, added around `location` (`PhotoCatalogue.add`); photos taken off
    /// before come back there.
    private mutating func add(_ files: [ListedFile], at location: Point, controller: BoardController) -> PhotoCatalogue.Dropped? {
        guard let added = catalogue?.add(files, at: location, controller: controller) else { return nil }
        place(added.placements, on: controller)
        return added
    }

    /// Applies the catalogue's placements to the controller, ordered by the catalogue's stacking
    /// keys.
    private func place(_ placements: [Placement], on controller: BoardController) {
        // The copy shares the catalogue's entries only while they are placed: the catalogue is
        // not changed meanwhile, so nothing is copied.
        guard !placements.isEmpty, let catalogue else { return }
        controller.place(placements) { catalogue.stackKey(of: $0) }
    }
}
