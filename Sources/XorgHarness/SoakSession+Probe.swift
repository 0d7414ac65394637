import Foundation

/// The probe photo: put back in a known place before each latency measurement, then dragged.
extension SoakSession {
    /// Keysyms of the keys the session presses.
    static let shiftKey: UInt = 0xFFE1, tabKey: UInt = 0xFF09, homeKey: UInt = 0xFF50
    /// Pixels of probe colour a touch must have on every side, so it lands on the probe.
    static let minimumClearance = 8

    /// The probe in `shot` if the whole print shows (both halves, nothing over them).
    func probeMeasure(in shot: Screenshot) throws -> PrintMeasure {
        guard let probe = PrintMeasure(shot, left: Self.probeLeft, right: Self.probeRight), isWhole(probe, in: shot) else {
            throw HarnessError("the probe photo is not wholly on screen")
        }
        return probe
    }

    /// Whether both halves of the probe show in full: each half of a 4:3 print whose halves'
    /// centres are `span` apart covers 1.5 × span² pixels (less its anti-aliased edge).
    func isWhole(_ probe: PrintMeasure, in shot: Screenshot) -> Bool {
        let half = 1.5 * probe.span * probe.span
        return [Self.probeLeft, Self.probeRight].allSatisfy { Double(shot.blob(of: $0)?.count ?? 0) >= 0.95 * half }
    }

    /// Brings the probe to the front, as turned as it was first laid out and whole in view —
    /// whatever the random gestures did — and returns it measured there.
    ///
    /// Home first shows the whole board (the gestures pan and zoom the table, too, so the probe
    /// may lie outside the window, and shows as large as first laid out only at the view it was
    /// laid out in). While no part of the probe shows wide enough to touch, Shift+Tab selects and raises
    /// photos: the first press the one above the selected (or the bottom one), every later press
    /// the bottom one, so within one press more than there are photos every photo, the probe
    /// too, has been on top; on top, its middle is inside the window and shows. A triple tap
    /// there then raises it and puts it back as first laid out.
    func resetProbe() throws -> PrintMeasure {
        guard let reference = probeAtStart else { throw HarnessError("the probe was never measured as laid out") }
        let probeColors = [Self.probeLeft, Self.probeRight]
        let shift = reader.keycode(for: Self.shiftKey), tab = reader.keycode(for: Self.tabKey)
        let home = reader.keycode(for: Self.homeKey)
        var tried: [String] = []
        for attempt in 1...4 {
            try server.keyboard.press(home, with: [])
            var shot = try rest()
            var presses = 0
            var spot = shot.interiorPoint(of: probeColors)
            while (spot?.clearance ?? 0) < Self.minimumClearance {
                guard presses <= photoCountBound else {
                    throw HarnessError("no part of the probe showed after \(presses) presses of Shift+Tab")
                }
                try server.keyboard.press(tab, with: [shift])
                presses += 1
                shiftTabPresses += 1
                shot = try rest()
                spot = shot.interiorPoint(of: probeColors)
            }
            guard let spot else { continue }
            tripleTaps += 1
            for _ in 0..<3 {
                try touch(.begin, 9, spot.x, spot.y)
                pause(.milliseconds(40))
                try touch(.end, 9, spot.x, spot.y)
                pause(.milliseconds(80))
            }
            let after = try rest()
            let probe = PrintMeasure(after, left: Self.probeLeft, right: Self.probeRight)
            // Where and how large depends on the view Home chose: the turn does not.
            if let probe, isWhole(probe, in: after), probe.span >= 2 * Double(Self.minimumClearance),
                abs(probe.angle - reference.angle) <= 0.5
            {
                return probe
            }
            tried.append(
                "attempt \(attempt): \(presses) × Shift+Tab, triple tap at (\(Int(spot.x)), \(Int(spot.y))) → "
                    + (probe.map { "\($0)\(isWhole($0, in: after) ? "" : ", partly covered")" } ?? "probe not found"))
        }
        throw HarnessError("the probe could not be put back as first laid out (\(reference)): \(tried.joined(separator: "; "))")
    }

    /// Drag latency: the probe is put back as first laid out, a finger takes it, and each of
    /// `Soak.latencySamples` touch updates moves it 3 px; the time from sending one to seeing the
    /// probe moved in the row and column through the finger. Returns the lower quartile, in ms.
    func latency() throws -> Double {
        let probe = try resetProbe()
        let (x, y) = probe.center
        // Toward the middle of the window, so the probe never meets an edge.
        let dx = x < Self.width / 2 ? 1.0 : -1.0, dy = y < Self.height / 2 ? 1.0 : -1.0
        try touch(.begin, 3, x, y)
        for step in 1...4 {  // past the slop, so the pan owns the finger
            pause(.milliseconds(8))
            try touch(.update, 3, x + dx * Double(step) * 5, y + dy * Double(step) * 5)
        }
        pause(.milliseconds(150))
        func view() throws -> [UInt32] {
            try reader.pixels(x: 0, y: Int(y), width: Int(Self.width), height: 1)
                + reader.pixels(x: Int(x), y: 0, width: 1, height: Int(Self.height))
        }
        var samples: [Double] = []
        for sample in 0..<Soak.latencySamples {
            // The last move is on screen before the next starts.
            _ = try waitFor("the board to draw sample \(sample - 1)", stall: .seconds(10), interval: .milliseconds(1)) {
                app.isAsleep(with: server) ? true : nil
            }
            let before = try view()
            let reach = 20 + (sample % 2 == 0 ? 3.0 : 0)
            let start = ContinuousClock.now
            try touch(.update, 3, x + dx * reach, y + dy * reach)
            _ = try waitFor(
                "the probe to follow the finger (sample \(sample) of \(Soak.latencySamples))", stall: .seconds(5),
                interval: .microseconds(200)
            ) {
                try view() != before ? true : nil
            }
            let elapsed = (ContinuousClock.now - start).components
            samples.append(Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15)
            pause(.milliseconds(15))
        }
        pause(.milliseconds(80))
        try touch(.end, 3, x + dx * 20, y + dy * 20)
        return samples.sorted()[samples.count / 4]
    }
}
