/// Keeping the arrangement: a save a second after the board rests, handed to the platform as an
/// immutable request (the merge and the writing run off the loop), one at a time, tried again by
/// itself while saves fail; the last save when the board ends; board documents.
extension BoardSession {
    /// What a save of the board now would hand over; `nil` while nothing is open yet.
    public func saveRequest() -> SaveRequest? {
        guard let catalogue else { return nil }
        return SaveRequest(
            snapshot: catalogue.snapshot(of: controller), baseline: catalogue.baseline, changedAt: lastChange.at,
            boardSize: controller.board.size)
    }

    /// Starts a save when one is due (`SaveStatus`): a second after the board came to rest, or
    /// the retry of a save that failed; one at a time, and only while the board is `isReady`
    /// (at rest and loaded).
    func startSaveIfDue(isReady: Bool, at now: Instant, effects: inout [BoardEffect]) {
        guard catalogue != nil, saving.startsSave(revision: controller.revision, isReady: isReady, at: now),
            let request = saveRequest()
        else { return }
        effects.append(.save(request))
    }

    /// A save finished. A failure is said once on standard error (again when its reason
    /// changes) and shown in a notice that stays while saves fail — a person who opened the
    /// board from a file manager never sees standard error — and goes once a save succeeds.
    func finishSave(_ outcome: SaveOutcome, at now: Instant, effects: inout [BoardEffect]) {
        var failure: WriteFailure?
        switch outcome {
        case .saved(let saved): arrivals.didSave(saved)
        case .unchanged: break
        case .failed(let failed): failure = failed
        }
        switch saving.saveFinished(failure: failure, at: now) {
        case .quiet:
            break
        case .failing(let failure):
            let news = BoardNews.notSaved(
                folder: failure.folder?.escaped, why: failure.reason.words, detail: failure.detail, home: settings.home)
            tell(news, at: now, effects: &effects)
        case .recovered:
            effects.append(.report("the arrangement is saved again"))
            notices.withdraw(topic: BoardNotices.notSavedTopic, at: now)
        }
    }

    func finishDocument(_ outcome: DocumentOutcome, at now: Instant, effects: inout [BoardEffect]) {
        switch outcome {
        case .saved(let path, let saved):
            arrivals.didSave(saved)
            effects.append(.printPath(path))
            tell(.documentSaved(path: path.escaped, home: settings.home), at: now, effects: &effects)
        case .failed(let line):
            tell(.documentFailed(line), at: now, effects: &effects)
        }
    }
}
