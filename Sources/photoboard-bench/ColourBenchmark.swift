import Foundation
@preconcurrency import Glibc
import SystemPackage
import XBoard
import XBoardPlatform
import XorgHarness

/// What colour management costs a decode, in one run: 12 MP JPEGs stating no profile and the
/// same stating Display P3, with colour management off (what the board did before: nothing read,
/// nothing converted), on with the display stating no profile (sRGB: an untagged photo is only
/// looked at, a tagged one converted), and on with the display stating Adobe RGB (every photo
/// converted) — through the confined helpers, as the board decodes, and on one thread in this
/// process, without the helpers' hand-offs. Rounds alternate between the ways, in a rotating
/// order, so load on the machine falls on all alike; each figure is the median. CPU time (the
/// helpers' from /proc, this process's from getrusage) is given beside wall time: on a shared
/// machine it is what shows a few per cent.
enum ColourBenchmark {
    static func rows(photos count: Int, rounds: Int, pictures: BenchPhotos) throws -> [String] {
        let untagged = try pictures.paths(count)
        let tagged = try pictures.taggedPaths(count, profile: try ColourFixtures.Profile.displayP3.bytes())
        let adobe = DisplayProfile(bytes: try ColourFixtures.Profile.adobeRGB.bytes(), origin: "the benchmark's display")
        return try throughHelpers(untagged: untagged, tagged: tagged, display: adobe, rounds: rounds)
            + inProcess(untagged: untagged, tagged: tagged, display: adobe, rounds: rounds)
            + [try statementReading(untagged[0])]
    }

    /// Median seconds of each way for both sets of photos, rounds alternating in rotating order.
    static func measure(ways: Int, rounds: Int, _ decode: (_ way: Int, _ tagged: Bool) throws -> Double) throws -> [(
        untagged: Double, tagged: Double
    )] {
        var seconds = Array(repeating: (untagged: [Double](), tagged: [Double]()), count: ways)
        for round in 0..<rounds {
            for step in 0..<ways {
                let way = (round + step) % ways
                seconds[way].untagged.append(try decode(way, false))
                seconds[way].tagged.append(try decode(way, true))
            }
        }
        return seconds.map { (Measure.median($0.untagged), Measure.median($0.tagged)) }
    }

    static func table(_ figures: [(untagged: Double, tagged: Double)], names: [String], setup: String, unit: String) -> [String] {
        figures.indices.flatMap { index in
            func cell(_ value: Double, _ before: Double) -> String {
                "\(Measure.format(value, 3)) s \(unit)" + (index == 0 ? "" : " (**\(Measure.format(value / before, 3))×**)")
            }
            return [
                "| decode 12 MP JPEGs to \(DecodeBenchmark.longEdge) px, untagged, colour management \(names[index]) | \(setup) | "
                    + cell(figures[index].untagged, figures[0].untagged) + " |",
                "| decode 12 MP JPEGs to \(DecodeBenchmark.longEdge) px, Display P3, colour management \(names[index]) | \(setup) | "
                    + cell(figures[index].tagged, figures[0].tagged) + " |",
            ]
        }
    }

    static let names = ["off (as before)", "on, sRGB display", "on, Adobe RGB display"]

    /// Through three decoders' helpers: off, on, on with the display profile.
    static func throughHelpers(untagged: [String], tagged: [String], display: DisplayProfile, rounds: Int) throws -> [String] {
        var off = DecodeSettings()
        off.managesColour = false
        let decoders = [try PhotoDecoder(settings: off), try PhotoDecoder(), try PhotoDecoder()]
        defer { decoders.forEach { $0.stop() } }
        decoders[2].setDisplayProfile(display)
        for decoder in decoders {
            try DecodeBenchmark.waitForHelpers(of: decoder)
            _ = try DecodeBenchmark.throughHelpers(untagged + tagged, decoder: decoder)  // warm: page cache, conversions
        }
        var cpu = Array(repeating: (untagged: [Double](), tagged: [Double]()), count: decoders.count)
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        let wall = try measure(ways: decoders.count, rounds: rounds) { way, isTagged in
            let pids = decoders[way].helperProcessIDs
            let before = pids.map { Measure.ticks(of: $0) }.reduce(0, +)
            let seconds = try DecodeBenchmark.throughHelpers(isTagged ? tagged : untagged, decoder: decoders[way])
            let used = Double(pids.map { Measure.ticks(of: $0) }.reduce(0, +) - before) / ticksPerSecond
            if isTagged { cpu[way].tagged.append(used) } else { cpu[way].untagged.append(used) }
            return seconds
        }
        let setup = "\(untagged.count) photos, \(decoders[0].workerCount) helpers, median of \(rounds) rounds"
        return table(wall, names: names, setup: setup, unit: "wall")
            + table(cpu.map { (Measure.median($0.untagged), Measure.median($0.tagged)) }, names: names, setup: setup, unit: "helpers' CPU")
    }

    /// On one thread in this process (the same decode and conversion, no hand-offs).
    static func inProcess(untagged: [String], tagged: [String], display: DisplayProfile, rounds: Int) throws -> [String] {
        let conversions: [ColourConversion?] = [nil, .toSRGB, ColourConversion(target: .display(display))]
        let figures = try measure(ways: conversions.count, rounds: rounds) { way, isTagged in
            let before = Measure.processCPUSeconds()
            for path in isTagged ? tagged : untagged {
                _ = try ImageLoader.load(path: path, maximumLongEdge: DecodeBenchmark.longEdge, colour: conversions[way])
            }
            return Measure.processCPUSeconds() - before
        }
        return table(
            figures, names: names, setup: "\(untagged.count) photos, one thread in process, median of \(rounds) rounds", unit: "CPU")
    }

    /// What an untagged photo costs colour management on an sRGB display: reading what it states.
    static func statementReading(_ path: String) throws -> String {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let reader = EmbeddedOrientation.reader(over: Array(data.prefix(1 << 20)))
        let count = 2000
        var stated: StatedColour = .sRGB
        let seconds = Measure.seconds {
            for _ in 0..<count { stated = (try? EmbeddedColour.read(.jpeg, from: reader).get()) ?? .sRGB }
        }
        precondition(stated == .sRGB, "the untagged photo states something")
        return "| read what an untagged 12 MP JPEG states about its colours (its markers, from memory) | \(count) times | "
            + "\(Measure.format(seconds / Double(count) * 1_000_000, 1)) µs a photo |"
    }
}
