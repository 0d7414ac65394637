import Foundation
import XBoard
import XorgHarness

/// A close-up moved by a hesitating finger, measured from outside as a person sees it (issue 22):
/// each touch update comes after a pause of 60–120 ms (seeded), and its latency is the time
/// until both of the print's edges show on screen where the move puts them.
///
/// The edges are found in one row of the screen through the print: from a point inside its
/// picture (a flat two-colour probe) outwards, to the far end of the first run of the border's
/// colour on each side (other prints' borders further out are not the close-up's). While it
/// runs, a `FrameCounter` counts what the board draws during the pauses, when nothing moves.
struct HesitatingDrag {
    let fingers: Fingers
    let reader: ScreenReader
    let counter: FrameCounter
    let screenWidth: Int
    var seed: UInt64 = 22
    /// The pauses before each update, in milliseconds.
    var pauses: ClosedRange<Double> = 60...120
    /// The length of one update, in screen pixels (its direction turns every `leg` updates).
    var steps: ClosedRange<Double> = 4...12
    var leg = 10
    /// Print every latency of a drag as it ends (`--latencies`).
    var printsLatencies = false
    /// An update not seen within this long counts as not seen.
    var timeout: Duration = .seconds(2)
    static let border: UInt32 = 0xFA_F9F5

    struct Result {
        var latencies: [Double] = []
        var misses = 0
        /// Drawing operations on the board's window during the pauses (nothing moved then).
        var operationsInPauses = 0
        /// Where the finger lifted (it began on the print's centre, which followed it).
        var end: (x: Double, y: Double) = (0, 0)
    }

    /// One finger down on the print at `start`, dragged past the slop, then `samples` single
    /// updates after pauses, the finger on the glass throughout.
    func drag(from start: (x: Double, y: Double), samples: Int) throws -> Result {
        var (x, y) = start
        let row = Int(y.rounded())
        try fingers.touch(.begin, 1, x, y)
        for _ in 0..<5 {
            x += 6
            try fingers.touch(.update, 1, x, y)
            pause(.milliseconds(8))
        }
        pause(.milliseconds(300))
        guard var edges = try edges(in: row, around: Int(x)) else { throw HarnessError("the close-up's border is not in row \(row)") }
        var random = SeededRandom(seed: seed)
        var result = Result()
        for sample in 0..<samples {
            counter.reset()
            pause(.microseconds(Int64(random.next(in: pauses) * 1000)))
            counter.poll()
            result.operationsInPauses += counter.operations
            let direction = (sample / leg) % 2 == 0 ? 1.0 : -1.0
            let step = random.next(in: steps).rounded() * direction
            x += step
            let sent = ContinuousClock.now
            try fingers.touch(.update, 1, x, y)
            if let seen = try waitForEdges(in: row, movedFrom: edges, by: Int(step)) {
                result.latencies.append((ContinuousClock.now - sent).seconds * 1000)
                edges = seen
            } else {
                result.misses += 1
                edges = try settledEdges(in: row, around: (edges.left + edges.right) / 2 + Int(step))
            }
        }
        try fingers.touch(.end, 1, x, y)
        result.end = (x, y)
        if printsLatencies { print("hesitating drag, ms: " + result.latencies.map { String(format: "%.1f", $0) }.joined(separator: " ")) }
        return result
    }

    /// `samples` times: the print, held by two fingers around `center`, is turned by `turn`
    /// radians (alternately either way), held still and let go — it comes to rest, to be drawn
    /// sharp — and after a pause of 60–120 ms one finger lands on it again and moves `reach`
    /// pixels along the row in one update. The latency is that move's.
    func regrab(around center: (x: Double, y: Double), arm: Double, samples: Int, turn: Double = 0.17, reach: Double = 16) throws
        -> Result
    {
        var (x, y) = center
        let row = Int(y.rounded())
        var random = SeededRandom(seed: seed)
        var result = Result()
        for sample in 0..<samples {
            let sign = sample % 2 == 0 ? 1.0 : -1.0
            try fingers.touch(.begin, 2, x - arm, y)
            try fingers.touch(.begin, 3, x + arm, y)
            var angle = 0.0
            for step in 1...10 {
                angle = sign * turn * Double(step) / 10
                try fingers.touch(.update, 2, x - arm * cos(angle), y - arm * sin(angle), sync: false)
                try fingers.touch(.update, 3, x + arm * cos(angle), y + arm * sin(angle))
                pause(.milliseconds(16))
            }
            pause(.milliseconds(60))  // held still before letting go: no spin after it
            try fingers.touch(.end, 2, x - arm * cos(angle), y - arm * sin(angle), sync: false)
            try fingers.touch(.end, 3, x + arm * cos(angle), y + arm * sin(angle))
            counter.reset()
            pause(.microseconds(Int64(random.next(in: pauses) * 1000)))
            counter.poll()
            result.operationsInPauses += counter.operations
            guard let edges = try edges(in: row, around: Int(x)) else { throw HarnessError("the close-up's border is not in row \(row)") }
            let move = sign * reach
            try fingers.touch(.begin, 1, x, y)
            let sent = ContinuousClock.now
            try fingers.touch(.update, 1, x + move, y)
            if let seen = try waitForEdges(in: row, movedFrom: edges, by: nil) {
                result.latencies.append((ContinuousClock.now - sent).seconds * 1000)
                x += Double(seen.left - edges.left)
            } else {
                result.misses += 1
            }
            pause(.milliseconds(60))  // held still: no throw
            try fingers.touch(.end, 1, x + move, y)
            pause(.milliseconds(400))
            let settled = try settledEdges(in: row, around: Int(x))
            x = Double(settled.left + settled.right) / 2
        }
        result.end = (x, y)
        return result
    }

    /// Waits until both edges in `row` have moved from `old` by `step` (±1 pixel), or each by at
    /// least 2 pixels the same way when `step` is `nil`; `nil` after `timeout`.
    private func waitForEdges(in row: Int, movedFrom old: (left: Int, right: Int), by step: Int?) throws -> (left: Int, right: Int)? {
        let clock = ContinuousClock()
        let start = clock.now
        let middle = (old.left + old.right) / 2 + (step ?? 0)
        while clock.now - start < timeout {
            if let now = try edges(in: row, around: middle) {
                let left = now.left - old.left, right = now.right - old.right
                if let step, abs(left - step) <= 1, abs(right - step) <= 1 { return now }
                if step == nil, abs(left) >= 2, abs(right) >= 2, (left > 0) == (right > 0) { return now }
            }
            pause(.microseconds(100))
        }
        return nil
    }

    /// The edges once the board has drawn what it owes (after a miss, or a let-go).
    private func settledEdges(in row: Int, around center: Int) throws -> (left: Int, right: Int) {
        pause(.milliseconds(200))
        guard let now = try edges(in: row, around: center) else { throw HarnessError("the close-up's border left row \(row)") }
        return now
    }

    /// The print's outermost border pixels in `row`, either side of `center` (inside its picture).
    func edges(in row: Int, around center: Int) throws -> (left: Int, right: Int)? {
        let pixels = try reader.pixels(x: 0, y: row, width: screenWidth, height: 1)
        guard pixels.indices.contains(center) else { return nil }
        func edge(by step: Int) -> Int? {
            var index = center
            while pixels.indices.contains(index), !Self.isBorder(pixels[index]) { index += step }
            guard pixels.indices.contains(index) else { return nil }
            while pixels.indices.contains(index + step), Self.isBorder(pixels[index + step]) { index += step }
            return index
        }
        guard let left = edge(by: -1), let right = edge(by: 1) else { return nil }
        return (left, right)
    }

    static func isBorder(_ pixel: UInt32) -> Bool {
        func near(_ shift: UInt32) -> Bool { abs(Int((pixel >> shift) & 0xFF) - Int((border >> shift) & 0xFF)) <= 3 }
        return near(16) && near(8) && near(0)
    }
}
