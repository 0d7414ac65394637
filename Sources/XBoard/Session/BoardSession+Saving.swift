/// Keeping the arrangement: a save a second after the board rests, handed to the platform as an
/// immutable request (the merge and the writing run off the loop), one at a time; the last save
/// when the board ends; board documents.
extension BoardSession {
    /// What a save of the board now would hand over; `nil` while nothing is open yet.
    public func saveRequest() -> SaveRequest? {
        guard let catalogue else { return nil }
        return SaveRequest(
            snapshot: catalogue.snapshot(of: controller), baseline: catalogue.baseline, changedAt: lastChange.at,
            boardSize: controller.board.size)
    }

    func finishSave(_ outcome: SaveOutcome, effects: inout [BoardEffect]) {
        isSaving = false
        switch outcome {
        case .saved(let saved):
            lastSaveProblem = nil
            catalogue?.didSave(saved)
        case .unchanged:
            break
        case .failed(let reason):
            // Said once, and again only when the reason changes.
            let line = "could not save the arrangement: \(reason)"
            guard line != lastSaveProblem else { return }
            lastSaveProblem = line
            effects.append(.report(line))
        }
    }

    func finishDocument(_ outcome: DocumentOutcome, at now: Instant, effects: inout [BoardEffect]) {
        switch outcome {
        case .saved(let path, let saved):
            catalogue?.didSave(saved)
            effects.append(.printPath(path))
            effects.append(.report("saved the board as \(path.escaped)"))
            notices.post(BoardNotices.saved(path: path.escaped, home: settings.home), topic: BoardNotices.savedTopic, at: now)
        case .failed(let line):
            effects.append(.report(line))
            // The line, as a sentence.
            let text = line.first.map { $0.uppercased() + line.dropFirst() } ?? line
            notices.post(text, topic: BoardNotices.savedTopic, tone: .problem, at: now)
        }
    }
}
