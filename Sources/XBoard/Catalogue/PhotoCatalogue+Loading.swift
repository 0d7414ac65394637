import SystemPackage

/// Loading: whether the first decodes are still under way and how far they got, and their
/// reports taken in — where each photo goes as its first decode arrives (where the memory
/// says), a card withdrawn when its file fails: placements, for the session to apply.
extension PhotoCatalogue {
    /// Whether a first decode is still under way.
    public var isLoading: Bool { initialResults < entries.count || hasPendingCards }

    /// Every file has been tried and none could be opened.
    public var allFailed: Bool { !isLoading && !entries.contains { $0.copy != nil } }

    /// The loading indicator, while more than about a second of work remains (or loading has
    /// already taken that long).
    public func status(at now: Instant) -> LoadingStatus? {
        guard isLoading else { return nil }
        let remaining = entries.count - initialResults
        let mean = initialResults > 0 ? decodeTime.seconds / Double(initialResults) : 0.05
        let estimate = mean * Double(remaining) / Double(workerCount)
        guard estimate > 1 || now - startTime > .seconds(1) else { return nil }
        return LoadingStatus(finished: initialResults, total: entries.count)
    }

    /// What taking decode reports changed.
    public struct Received: Sendable {
        /// Whether anything on screen changed (a photo arrived, a sharper copy came).
        public var changed = false
        /// What to place on the board, in order (`BoardController.place`).
        public var placements: [Placement] = []
        /// What to say, one line each (`Problem.description`): files that cannot be opened,
        /// warnings of files that did open, and another copy of a photo shown that could not be
        /// decoded (once per photo: the copy shown stays).
        public var problems: [Problem] = []
        /// Files that could not be opened, newly, and why.
        public var failed: [Problem] = []
    }

    /// Takes finished decodes: says where new photos go, records re-decoded copies.
    public mutating func receive(_ reports: [DecodeReport]) -> Received {
        var received = Received()
        for report in reports {
            let id = report.request.photo
            guard entries.indices.contains(id.rawValue) else { continue }
            let isInitial = entries[id.rawValue].copy == nil && report.request.generation == 0
            if isInitial, !entries[id.rawValue].isFailed {
                initialResults += 1
                decodeTime += report.duration
            }
            switch report.outcome {
            case .failed(let problem):
                if isInitial {
                    if !entries[id.rawValue].isFailed {
                        received.problems.append(problem)
                        received.failed.append(problem)
                        failedPaths.append(report.request.path)
                    }
                    if entries[id.rawValue].stack != nil {
                        received.placements.append(withdrawCard(id))
                        received.changed = true
                    }
                    entries[id.rawValue].isFailed = true
                    entries[id.rawValue].dropSlot = nil
                } else if entries[id.rawValue].copy?.generation == report.request.generation {
                    // Another copy of a photo shown (sharper, smaller, or in a new profile): the
                    // one shown stays, and may be asked for again; said once per photo.
                    entries[id.rawValue].copy?.isPending = false
                    if !entries[id.rawValue].hasFailedAgain {
                        entries[id.rawValue].hasFailedAgain = true
                        received.problems.append(
                            Problem(problem.path, "another copy could not be decoded (\(problem.reason)); the copy shown stays"))
                    }
                }
            case .decoded(let facts):
                if isInitial {
                    entries[id.rawValue].isFailed = false
                    entries[id.rawValue].nameKey = NameOrder.Key(entries[id.rawValue].nameBytes)
                    entries[id.rawValue].dateTaken = .some(facts.dateTaken)
                    if let fingerprint = facts.fingerprint { entries[id.rawValue].fingerprint = fingerprint }
                    entries[id.rawValue].camera = facts.camera
                    entries[id.rawValue].nativeSize = facts.nativeSize
                    if let warning = facts.warning { received.problems.append(Problem(report.request.path, warning)) }
                    if entries[id.rawValue].stack != nil {
                        // Laid out as a card from its header: now it has its picture, and its true shape.
                        received.placements.append(.pictureSize(facts.nativeSize, of: id))
                        let key = entries[id.rawValue].canonical
                        baselineByPath[key]?.fingerprint = entries[id.rawValue].fingerprint
                    } else {
                        received.placements.append(place(id, nativeSize: facts.nativeSize))
                    }
                    entries[id.rawValue].copy = Copy(
                        longEdge: Int(facts.pixelSize.longEdge), nativeLongEdge: Int(facts.nativeSize.longEdge), generation: 0,
                        isPending: false)
                    received.changed = true
                } else if var copy = entries[id.rawValue].copy, copy.generation == report.request.generation {
                    copy.longEdge = Int(facts.pixelSize.longEdge)
                    copy.isPending = false
                    entries[id.rawValue].copy = copy
                    received.changed = true
                }
            }
        }
        return received
    }

    /// Forgets a card whose file could not be opened after all, with what was kept of it for
    /// saving, and says to take it off the board: it is as if it had never been laid out.
    private mutating func withdrawCard(_ id: PhotoID) -> Placement {
        let key = entries[id.rawValue].canonical
        entries[id.rawValue].stack = nil
        baselineByPath[key] = nil
        baselineKeys[key] = nil
        return .withdrawn(id)
    }

    /// Where a photo that just opened goes: where the board remembers it (found by its path, or
    /// by its fingerprint when renamed), or tossed in; or where it was dropped; or aside, when the
    /// memory says it was taken off the board.
    mutating func place(_ id: PhotoID, nativeSize: Size) -> Placement {
        let index = id.rawValue, entry = entries[index], key = entry.canonical
        var remembered = restore.memory[key]
        if remembered == nil, let fingerprint = entry.fingerprint,
            let renamedEntry = restore.memory.renamedEntry(matching: fingerprint, among: unclaimed)
        {
            remembered = renamedEntry
            unclaimed.remove(renamedEntry.key)
            renamed[renamedEntry.key] = key
        }
        if remembered?.isAdded == true { entries[index].isAdded = true }
        var arrival = restore.arrival(index: index, id: id, pixelSize: nativeSize, remembered: remembered)
        let drop = entry.dropSlot
        entries[index].dropSlot = nil
        if let drop {
            arrival = restore.dropped(arrival, into: drop.layout, at: drop.index, above: highestStack)
        }
        entries[index].stack = arrival.stack
        highestStack = max(highestStack ?? arrival.stack, arrival.stack)
        let isAside = drop == nil && (entry.isAside || (remembered?.isRemoved == true && !entry.isNamed))
        if arrival.isRestored, let remembered {
            // As it opened, with what the memory said of it: a photo named again after it was
            // taken off differs from this, so the next save records it back on the board.
            baselineByPath[key] = PhotoMemory(
                arrival.photo, key: key, fingerprint: entry.fingerprint, stack: arrival.stack, isRemoved: remembered.isRemoved,
                isAdded: remembered.isAdded)
            if !isAside { baselineKeys[key] = arrival.stack }
        }
        entries[index].isAside = isAside
        return isAside ? .aside(arrival.photo) : .onBoard(arrival.photo, stack: arrival.stack)
    }

    /// A photo's stacking key once placed; `.infinity` before (what `BoardController.place`
    /// orders by).
    public func stackKey(of id: PhotoID) -> Double {
        entries.indices.contains(id.rawValue) ? entries[id.rawValue].stack ?? .infinity : .infinity
    }
}
