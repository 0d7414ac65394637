import Foundation
import Synchronization
import SystemPackage
import XBoard
import XBoardPlatform
import XorgHarness

/// Decoding in confined helper processes against decoding in this process, in one run: the
/// time 12 MP JPEGs take each way (the same decoders; the helpers add a process boundary, a
/// descriptor and a sealed memory file per picture), and the memory a 150 MP PNG costs —
/// gdk-pixbuf's own scaled load (a full-size decode, then scaling: what the board did before
/// helpers) against a helper's row-by-row decode, with the one decode budget's peak.
enum DecodeBenchmark {
    /// The long edge decoded to, as the board asks for a print laid out at about 512 px.
    static let longEdge = 1024

    /// Rows comparing `count` 12 MP JPEGs decoded in this process (as many threads as helpers)
    /// and through the helpers, warm and from a cold start.
    static func throughput(photos count: Int, pictures: BenchPhotos) throws -> [String] {
        let files = try pictures.paths(count)
        let threads = DecodeSettings().helperCount
        // One unmeasured pass of each, so both find the files in the page cache.
        _ = try inProcess(files, threads: threads)
        let start = ContinuousClock.now
        let decoder = try PhotoDecoder()
        defer { decoder.stop() }
        try waitForHelpers(of: decoder)
        let startUp = (ContinuousClock.now - start).seconds
        _ = try throughHelpers(files, decoder: decoder)
        var local: [Double] = []
        var helpers: [Double] = []
        for _ in 0..<3 {
            local.append(try inProcess(files, threads: threads))
            helpers.append(try throughHelpers(files, decoder: decoder))
        }
        let (before, after) = (Measure.median(local), Measure.median(helpers))
        let peaks = decoder.helperProcessIDs.map { peakResidentMiB(of: $0) }
        return [
            "| decode 12 MP JPEGs to \(longEdge) px, in this process | \(count) photos, \(threads) threads, median of 3 | "
                + "\(Measure.format(before, 2)) s (\(Measure.format(Double(count) / before, 1)) photos/s) |",
            "| decode 12 MP JPEGs to \(longEdge) px, in confined helpers | \(count) photos, \(decoder.workerCount) helpers, median of 3 | "
                + "\(Measure.format(after, 2)) s (\(Measure.format(Double(count) / after, 1)) photos/s): "
                + "\(Measure.format(after / before, 2))× the in-process time; helpers start and warm up in "
                + "\(Measure.format(startUp * 1000, 0)) ms; decode memory reserved at most "
                + "\(decoder.peakReservedMemory >> 20) MiB of the \(DecodeSettings().memoryBudget >> 20) MiB budget; "
                + "helpers' peak RSS \(peaks.map { Measure.format($0, 0) }.joined(separator: " + ")) MiB |",
        ]
    }

    /// Rows comparing the peak memory of decoding a 150 MP PNG to `longEdge` px: gdk-pixbuf's
    /// scaled load in its own process (gdk-pixbuf-thumbnailer, measured by /usr/bin/time) and one
    /// helper's row-by-row decode (its VmHWM before and after).
    static func largePNG(pictures: BenchPhotos) throws -> [String] {
        let (width, height) = (15000, 10000)
        let path = pictures.folder + "/large-150mp.png"
        try PictureEncoders.writeLargePNG(to: path, width: width, height: height) { y in
            var row = [UInt8](repeating: 0, count: width * 3)
            for x in 0..<width {
                row[3 * x] = UInt8(x * 255 / width)
                row[3 * x + 1] = UInt8(y * 255 / height)
                row[3 * x + 2] = UInt8(truncatingIfNeeded: (x ^ y) & 0x3F)
            }
            return row
        }
        let fileMiB = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_048_576

        // Before: gdk-pixbuf's own load at a size (gdk_pixbuf_new_from_file_at_size).
        let timing = pictures.folder + "/thumbnailer-time.txt"
        let thumbnail = pictures.folder + "/thumbnail.png"
        let thumbnailer = try ChildProcess(
            path: "/usr/bin/time", arguments: ["-f", "%M %e", "-o", timing, "gdk-pixbuf-thumbnailer", "-s", "\(longEdge)", path, thumbnail])
        guard try thumbnailer.waitForExit(stall: .seconds(300)) == 0,
            let figures = try? String(contentsOfFile: timing, encoding: .utf8).split(separator: "\n").last?.split(separator: " "),
            figures.count == 2, let kibibytes = Double(figures[0]), let seconds = Double(figures[1])
        else { throw HarnessError("gdk-pixbuf-thumbnailer could not scale \(path)") }

        // After: one helper, its peak before and after the picture.
        var settings = DecodeSettings()
        settings.maximumHelpers = 1
        let decoder = try PhotoDecoder(settings: settings)
        defer { decoder.stop() }
        try waitForHelpers(of: decoder)
        guard let helper = decoder.helperProcessIDs.first else { throw HarnessError("no helper started") }
        let idle = peakResidentMiB(of: helper)
        let start = ContinuousClock.now
        let results = try decodeAll([FilePath(path)], decoder: decoder)
        let wall = (ContinuousClock.now - start).seconds
        let peak = peakResidentMiB(of: helper)
        if case .failure(let error) = results[0].outcome { throw HarnessError("the helper did not decode the PNG: \(error)") }
        let setup = "\(width)×\(height) RGB PNG (\(Measure.format(fileMiB, 0)) MiB file) to \(longEdge) px"
        return [
            "| decode a 150 MP PNG, gdk-pixbuf's scaled load (as before helpers) | \(setup) | "
                + "peak RSS \(Measure.format(kibibytes / 1024, 0)) MiB, \(Measure.format(seconds, 2)) s |",
            "| decode a 150 MP PNG, a helper's row-by-row decode | \(setup) | "
                + "helper peak RSS \(Measure.format(idle, 0)) MiB idle → \(Measure.format(peak, 0)) MiB, "
                + "\(Measure.format(wall, 2)) s; reserved from the budget \(decoder.peakReservedMemory >> 20) MiB; "
                + "\(Measure.format(kibibytes / 1024 / max(peak, 1), 1))× less memory than before |",
        ]
    }

    /// A row showing the one budget holding across helpers: `count` copies of the 150 MP PNG
    /// (written by `largePNG`) and as many 12 MP JPEGs through every helper, with a budget that fits
    /// one PNG decode at a time; the helpers' resident memory above idle is sampled every 10 ms.
    static func budget(photos count: Int, pictures: BenchPhotos) throws -> String {
        let large = pictures.folder + "/large-150mp.png"
        var files: [FilePath] = []
        for (index, photo) in try pictures.paths(count).enumerated() {
            let copy = pictures.folder + "/large-\(index).png"
            if !FileManager.default.fileExists(atPath: copy) { try FileManager.default.linkItem(atPath: large, toPath: copy) }
            files += [FilePath(copy), FilePath(photo)]
        }
        var settings = DecodeSettings()
        settings.memoryBudget = 40 << 20
        let decoder = try PhotoDecoder(settings: settings)
        defer { decoder.stop() }
        try waitForHelpers(of: decoder)
        let helpers = decoder.helperProcessIDs
        let idle = helpers.map { residentMiB(of: $0) }
        for (index, file) in files.enumerated() {
            decoder.submit(PhotoDecoder.Request(photo: PhotoID(index), path: file, maximumLongEdge: longEdge))
        }
        var results: [PhotoDecoder.Result] = []
        var highest = 0.0
        let start = ContinuousClock.now
        while results.count < files.count {
            guard ContinuousClock.now - start < .seconds(300) else { throw HarnessError("decodes did not finish within 300 s") }
            if try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .milliseconds(10)) { results += decoder.takeResults() }
            highest = max(highest, zip(helpers, idle).map { max(0, residentMiB(of: $0) - $1) }.reduce(0, +))
        }
        let wall = (ContinuousClock.now - start).seconds
        let failed = results.filter { if case .failure = $0.outcome { true } else { false } }.count
        return "| decode memory, one budget across helpers | \(count) × 150 MP PNG and \(count) × 12 MP JPEG to \(longEdge) px, "
            + "\(decoder.workerCount) helpers, budget \(settings.memoryBudget >> 20) MiB | reserved at most "
            + "\(decoder.peakReservedMemory >> 20) MiB; helpers' resident memory above idle at most \(Measure.format(highest, 0)) MiB "
            + "together (sampled every 10 ms); \(Measure.format(wall, 1)) s; \(failed) failed |"
    }

    /// The resident memory of process `pid` now (VmRSS), in MiB.
    static func residentMiB(of pid: Int32) -> Double { statusMiB("VmRSS", of: pid) }

    /// Seconds to decode `files` with `threads` threads in this process.
    static func inProcess(_ files: [String], threads: Int) throws -> Double {
        let next = Atomic(0)
        let failures = Mutex([String]())
        let seconds = Measure.seconds {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while case let index = next.add(1, ordering: .relaxed).oldValue, index < files.count {
                    do {
                        _ = try ImageLoader.load(path: files[index], maximumLongEdge: longEdge)
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        if let failure = failures.withLock({ $0.first }) { throw HarnessError("in-process decode failed: \(failure)") }
        return seconds
    }

    /// Seconds to decode `files` through `decoder`'s helpers.
    static func throughHelpers(_ files: [String], decoder: PhotoDecoder) throws -> Double {
        var results: [PhotoDecoder.Result] = []
        let seconds = try Measure.seconds { results = try decodeAll(files.map { FilePath($0) }, decoder: decoder) }
        for result in results { if case .failure(let error) = result.outcome { throw HarnessError("helper decode failed: \(error)") } }
        return seconds
    }

    /// Submits every file and waits for every result.
    static func decodeAll(_ files: [FilePath], decoder: PhotoDecoder) throws -> [PhotoDecoder.Result] {
        for (index, file) in files.enumerated() {
            decoder.submit(PhotoDecoder.Request(photo: PhotoID(index), path: file, maximumLongEdge: longEdge))
        }
        var results: [PhotoDecoder.Result] = []
        while results.count < files.count {
            guard try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .seconds(120)) else {
                throw HarnessError("decodes did not finish within 120 s")
            }
            results += decoder.takeResults()
        }
        return results
    }

    /// Waits until every helper of `decoder` has started (and so warmed up and confined itself).
    static func waitForHelpers(of decoder: PhotoDecoder) throws {
        _ = try waitFor("decoding helpers", stall: .seconds(30)) { decoder.helperProcessIDs.count == decoder.workerCount ? true : nil }
    }

    /// The most resident memory process `pid` has had (VmHWM), in MiB.
    static func peakResidentMiB(of pid: Int32) -> Double { statusMiB("VmHWM", of: pid) }

    /// A memory figure of /proc/PID/status (given in kB there), in MiB.
    static func statusMiB(_ field: String, of pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return .nan }
        return kibibytes / 1024
    }
}
