import XBoard

extension PhotoDecoder {
    /// Converts pictures decoded from now on to `profile`, the display's colour profile (`nil`:
    /// sRGB). Returns whether that changes anything (never while colour management is off).
    ///
    /// Each helper is sent the profile before its next picture; it checks it (a damaged or absurd
    /// one is one line on stderr, and pictures go to sRGB) and converts with it. Decodes that
    /// finished for the old profile and were not taken yet are queued again, and one under way
    /// is done again, so every result taken after this call is for the new profile — what
    /// the caller still holds from before it decodes again itself (`PhotoLibrary.decodeAgain`).
    @discardableResult
    public func setDisplayProfile(_ profile: DisplayProfile?) -> Bool {
        guard settings.managesColour else { return false }
        let requeued = state.withLock { state -> Int? in
            guard state.display?.profile != profile else { return nil }
            state.lastGeneration += 1
            state.display = profile.map { (state.lastGeneration, $0) }
            let wanted = Self.wantedColour(state, managesColour: settings.managesColour)
            let stale = state.results.filter { result in
                if case .success = result.outcome { return result.colour != wanted }
                return false
            }
            state.results.removeAll { result in stale.contains { $0.request == result.request } }
            state.queue.insert(contentsOf: stale.map(\.request), at: 0)
            return stale.count
        }
        guard let requeued else { return false }
        for _ in 0..<requeued { available.signal() }
        return true
    }

    /// Where a decode's colours should go now.
    static func wantedColour(_ state: State, managesColour: Bool) -> DecodeMessage.Request.Colour {
        guard managesColour else { return .unmanaged }
        guard let display = state.display, !state.refusedGenerations.contains(display.generation) else { return .sRGB }
        return .display(generation: display.generation)
    }

    /// Whether a decode's colours went somewhere they should no longer go.
    func isStale(_ outcome: Swift.Result<LoadedPicture, PlatformError>, colour: DecodeMessage.Request.Colour) -> Bool {
        guard case .success = outcome else { return false }
        return state.withLock { Self.wantedColour($0, managesColour: settings.managesColour) } != colour
    }

    /// Where the next request's colours go, after sending the helper the display's profile when
    /// it does not hold it yet. A profile the helper cannot use is said once (one line) and that
    /// generation goes to sRGB; one that stops the helper costs that helper (replaced here).
    func colourRequest(helper: inout HelperProcess?) -> DecodeMessage.Request.Colour {
        let (wanted, profile) = state.withLock { (Self.wantedColour($0, managesColour: settings.managesColour), $0.display?.profile) }
        guard case .display(let generation) = wanted, let profile, let running = helper, running.displayGeneration != generation else {
            return wanted
        }
        let problem: String
        switch running.setDisplayProfile(profile.bytes, generation: generation, deadline: settings.deadline) {
        case .success(nil):
            return wanted
        case .success(let refused?):
            problem = refused
        case .failure(let failure):
            helper = try? HelperProcess(executable: executable, settings: settings, deadline: settings.deadline)
            switch failure.outcome {
            case .died(let how): problem = "its decoder \(how) reading it"
            case .timedOut: problem = "its decoder took longer than \(Int(settings.deadline.components.seconds)) s to read it"
            case .misbehaved(let what): problem = "its decoder \(what)"
            case .replied: problem = "its decoder answered something else"
            }
        }
        let isFirst = state.withLock { $0.refusedGenerations.insert(generation).inserted }
        if isFirst {
            System.printError(
                "photoboard-x11: the display's colour profile (\(profile.origin)): \(problem); pictures are shown as for sRGB")
        }
        return .sRGB
    }
}
