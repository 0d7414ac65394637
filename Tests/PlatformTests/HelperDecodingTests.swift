import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// Decoding in confined helper processes, through the real helpers of the built board binary:
/// they are confined as the issue asks (read from /proc), every format decodes through them, and
/// a helper that crashes, hangs or is killed costs exactly the picture it held.
@Suite(.serialized, .timeLimit(.minutes(15)))
final class HelperDecodingTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-helpers-\(getpid())-\(UUID().uuidString.prefix(6))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The board binary built beside the test runner (helpers are started from it).
    static var boardBinary: FilePath {
        if let path = ProcessInfo.processInfo.environment["PHOTOBOARD_BINARY"] { return FilePath(path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("photoboard-x11")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return FilePath(candidate.path) }
            directory = directory.deletingLastPathComponent()
        }
        return FilePath(".build/debug/photoboard-x11")
    }

    static func decoder(_ configure: (inout DecodeSettings) -> Void = { _ in }) throws -> PhotoDecoder {
        var settings = DecodeSettings()
        configure(&settings)
        return try PhotoDecoder(settings: settings, helperExecutable: boardBinary)
    }

    /// Submits `paths` and waits for every result, for as long as the helpers work, giving up
    /// after `stall` in which nothing happened (`Progress`) or ten times that in all.
    static func decodeAll(_ paths: [String], with decoder: PhotoDecoder, maximumLongEdge: Int = 1024, stall: Duration = .seconds(60))
        throws -> [String: PhotoDecoder.Result]
    {
        for (index, path) in paths.enumerated() {
            decoder.submit(PhotoDecoder.Request(photo: PhotoID(index), path: FilePath(path), maximumLongEdge: maximumLongEdge))
        }
        var results: [String: PhotoDecoder.Result] = [:]
        let clock = ContinuousClock(), ceiling = clock.now + stall * 10
        var progress = Progress.Watch(), lastResult = clock.now
        while results.count < paths.count, clock.now < ceiling, min(progress.stillFor(), clock.now - lastResult) < stall {
            _ = try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .milliseconds(250))
            for result in decoder.takeResults() {
                results[result.request.path.string] = result
                lastResult = clock.now
            }
        }
        return results
    }

    static func reason(_ result: PhotoDecoder.Result?) -> String? {
        guard case .failure(.image(_, let reason)) = result?.outcome else { return nil }
        return reason
    }

    /// A field of /proc/PID/status ("Seccomp" → "2").
    static func status(_ field: String, of pid: pid_t) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix(field + ":") }.map {
            $0.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The soft limit of a row of /proc/PID/limits ("Max address space" → "2147483648").
    static func limit(_ name: String, of pid: pid_t) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) })
        else { return nil }
        return line.dropFirst(name.count).split(separator: " ").first.map(String.init)
    }

    static let isSanitized = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil && boardBinary.string.contains(".build-asan")

    /// A process's or thread's niceness, from its `stat` (the 19th field).
    static func niceness(statPath: String) -> Int? {
        guard let text = try? String(contentsOfFile: statPath, encoding: .utf8), let end = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: end)...].split(separator: " ")
        return fields.count > 16 ? Int(fields[16]) : nil
    }

    /// The decoding helpers and the threads that serve them give way to the loop and the X server
    /// (their niceness); the loop's own thread keeps its.
    @Test func helpersRunBehindTheLoop() throws {
        let decoder = try Self.decoder { $0.helperNiceness = 10 }
        defer { decoder.stop() }
        let pids = try waitFor("the helpers to start", stall: .seconds(20)) { () -> [pid_t]? in
            let pids = decoder.helperProcessIDs
            return pids.count == decoder.workerCount ? pids : nil
        }
        for pid in pids { #expect(Self.niceness(statPath: "/proc/\(pid)/stat") == 10, "helper \(pid)") }
        // The threads that talk to them, read files and take pictures in give way as well: one a
        // helper (more when other tests' decoders run beside this one).
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let lowered = tasks.filter { Self.niceness(statPath: "/proc/self/task/\($0)/stat") == 10 }
        #expect(lowered.count >= decoder.workerCount, "\(lowered.count) threads at niceness 10 of \(tasks.count)")
        #expect(Self.niceness(statPath: "/proc/thread-self/stat") == 0, "the test's own thread, as the loop's, is not lowered")
        #expect(DecodeSettings().helperNiceness == 10 || ProcessInfo.processInfo.environment["PHOTOBOARD_DECODE_NICENESS"] != nil)
    }

    @Test func helpersAreConfinedNoNewPrivilegesSeccompLimitsAndOnlyTheirOwnDescriptors() throws {
        let decoder = try Self.decoder()
        defer { decoder.stop() }
        let pids = try waitFor("the helpers to start", stall: .seconds(20)) { () -> [pid_t]? in
            let pids = decoder.helperProcessIDs
            return pids.count == decoder.workerCount && pids.allSatisfy { Self.status("Seccomp", of: $0) == "2" } ? pids : nil
        }
        #expect(decoder.workerCount >= 1 && decoder.workerCount <= min(4, ProcessInfo.processInfo.activeProcessorCount))
        for pid in pids {
            #expect(Self.status("Seccomp", of: pid) == "2", "helper \(pid)")
            #expect(Self.status("NoNewPrivs", of: pid) == "1", "helper \(pid)")
            #expect(Self.limit("Max core file size", of: pid) == "0", "helper \(pid)")
            #expect(Self.limit("Max cpu time", of: pid).flatMap(Int.init) != nil, "helper \(pid): CPU time is limited")
            if !Self.isSanitized {
                let addressSpace = try #require(
                    Self.limit("Max address space", of: pid).flatMap(Int.init), "helper \(pid): a finite address space")
                #expect(addressSpace == DecodeSettings().addressSpaceLimit)
            }
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap(Int.init).sorted()
            #expect(descriptors == [0, 1, 2, 3], "helper \(pid) holds \(descriptors)")
            #expect(Self.status("PPid", of: pid) == "\(getpid())")
        }
    }

    /// A turn uploads pictures only for as long as its budget, a few at a time; the rest wait
    /// for the next turns (the first pictures of an opening came sixty-four at once).
    @Test func uploadsStopWhenTheirTimeIsUpAndTheRestFollow() throws {
        let decoder = try Self.decoder()
        defer { decoder.stop() }
        let path = folder + "/flat.jpg"
        try FormatFixtures.writeFlat(.jpeg, color: 0x3366CC, to: path)
        for index in 0..<24 { decoder.submit(PhotoDecoder.Request(photo: PhotoID(index), path: FilePath(path), maximumLongEdge: 64)) }
        try waitFor("24 decodes", stall: .seconds(60)) { decoder.finishedCount >= 24 ? true : nil }
        let pump = DecodePump(decoder: decoder)
        var taken: [Int] = []
        while taken.reduce(0, +) < 24, taken.count < 24 {
            _ = try Poll.waitUntilReadable(pump.wakeFileDescriptor, timeout: .seconds(1))
            // Each upload takes 3 ms: a 5 ms budget is over after one batch.
            taken.append(pump.takeReports(limit: 64, budget: .milliseconds(5)) { _, _ in Thread.sleep(forTimeInterval: 0.003) }.count)
        }
        #expect(taken == Array(repeating: 4, count: 6), "\(taken)")
        #expect(pump.takeReports(limit: 64) { _, _ in }.count == 0)
    }

    @Test func everyFormatAndLayoutDecodesToItsColourThroughTheHelpers() throws {
        let decoder = try Self.decoder()
        defer { decoder.stop() }
        var paths: [String: FormatFixtures.Kind] = [:]
        for kind in FormatFixtures.Kind.allCases {
            let path = folder + "/flat-\(kind).\(kind.fileExtension)"
            try FormatFixtures.writeFlat(kind, color: kind.isGrey ? 0x80_8080 : 0xFF_8000, to: path)
            paths[path] = kind
        }
        // Scaled too: 120 px long edges go through the row decoders (PNG, TIFF, WebP).
        for longEdge in [1024, 120] {
            let results = try Self.decodeAll(Array(paths.keys), with: decoder, maximumLongEdge: longEdge)
            #expect(results.count == paths.count)
            for (path, kind) in paths {
                let outcome = try #require(results[path]).outcome
                guard case .success(let picture) = outcome else {
                    Issue.record("\(kind) at \(longEdge): \(outcome)")
                    continue
                }
                #expect(picture.image.nativeSize == Size(width: 240, height: 160), "\(kind)")
                #expect(picture.image.pixelSize.longEdge == Double(min(longEdge, 240)), "\(kind): \(picture.image.pixelSize)")
                let color: UInt32 = kind.isGrey ? 0x80_8080 : 0xFF_8000, alpha = UInt32(kind.insideAlpha)
                let want = [16, 8, 0].reduce(UInt32(0)) { $0 | (((color >> UInt32($1) & 0xFF) * alpha + 127) / 255) << UInt32($1) }
                let middle = Int(picture.image.pixelSize.width) / 2, row = Int(picture.image.pixelSize.height) / 2
                let got = try #require(picture.image.rgb(x: middle, y: row))
                let close = [16, 8, 0].allSatisfy { abs(Int(got >> UInt32($0) & 0xFF) - Int(want >> UInt32($0) & 0xFF)) <= kind.tolerance }
                #expect(close, "\(kind) at \(longEdge): \(String(got, radix: 16)), want \(String(want, radix: 16))")
            }
        }
    }

    /// A picture carrying a test fault marker (a PNG text chunk right after the header).
    func faulty(_ fault: String, name: String) throws -> String {
        let path = folder + "/" + name
        try TestPhotos.write(to: path, width: 64, height: 48, left: 0x204080, right: 0x804020)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.insert(contentsOf: PictureEncoders.textChunk(keyword: "Comment", text: "photoboard-test-fault:\(fault)"), at: 33)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func goodPhotos(_ count: Int) throws -> [String] {
        try (0..<count).map { index in
            let path = folder + "/good-\(index).png"
            try TestPhotos.write(to: path, width: 320, height: 240, left: 0x30_9050, right: 0x90_3050)
            return path
        }
    }

    @Test func aCrashingHelperCostsExactlyItsPictureAndIsReplaced() throws {
        let decoder = try Self.decoder { $0.honoursTestFaults = true }
        defer { decoder.stop() }
        let crash = try faulty("crash", name: "crash.png")
        let good = try goodPhotos(6)
        let results = try Self.decodeAll([crash] + good, with: decoder)
        #expect(
            Self.reason(results[crash]) == "its decoder crashed (SIGSEGV) while decoding it; not shown",
            "\(String(describing: results[crash]))")
        for path in good { #expect(Self.reason(results[path]) == nil, "\(path): \(String(describing: Self.reason(results[path])))") }
        // The slot's helper was replaced: every slot has a confined helper again.
        _ = try waitFor("the helpers to be replaced", stall: .seconds(20)) { () -> Bool? in
            let pids = decoder.helperProcessIDs
            return pids.count == decoder.workerCount && pids.allSatisfy { Self.status("Seccomp", of: $0) == "2" } ? true : nil
        }
    }

    @Test func aHungDecodeIsCutOffAtTheDeadlineAndTheOthersGoOn() throws {
        let decoder = try Self.decoder {
            $0.honoursTestFaults = true
            $0.deadline = .seconds(2)
        }
        defer { decoder.stop() }
        let hang = try faulty("hang", name: "hang.png")
        let good = try goodPhotos(4)
        let clock = ContinuousClock(), started = clock.now
        let results = try Self.decodeAll([hang] + good, with: decoder, stall: .seconds(30))
        let took = clock.now - started
        #expect(Self.reason(results[hang]) == "took longer than 2 s to decode and was stopped; not shown")
        #expect(try #require(results[hang]).duration >= .seconds(2))
        #expect(took < .seconds(30), "the hang held everything up for \(took)")
        for path in good { #expect(Self.reason(results[path]) == nil) }
    }

    @Test func killingAHelperCostsAtMostThePictureItHeld() throws {
        let decoder = try Self.decoder {
            $0.maximumHelpers = 1
            $0.honoursTestFaults = true
        }
        defer { decoder.stop() }
        // The first picture hangs its helper (until the 10 s deadline), so the helper is surely
        // holding it when it is killed, however fast this machine decodes; the rest wait behind it.
        let hang = try faulty("hang", name: "held.png")
        let good = try goodPhotos(3)
        let helper = try waitFor("the helper", stall: .seconds(20)) { decoder.helperProcessIDs.first }
        for (index, path) in ([hang] + good).enumerated() {
            decoder.submit(PhotoDecoder.Request(photo: PhotoID(index), path: FilePath(path), maximumLongEdge: 1024))
        }
        Thread.sleep(forTimeInterval: 0.3)
        kill(helper, SIGKILL)
        var results: [String: PhotoDecoder.Result] = [:]
        _ = try waitFor("every result", stall: .seconds(60)) { () -> Bool? in
            _ = try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: .milliseconds(200))
            for result in decoder.takeResults() { results[result.request.path.string] = result }
            return results.count == good.count + 1 ? true : nil
        }
        #expect(Self.reason(results[hang]) == "its decoder was killed (SIGKILL) while decoding it; not shown")
        #expect(try #require(results[hang]).duration < .seconds(5), "the kill, not the deadline, ended it")
        for path in good { #expect(Self.reason(results[path]) == nil, "\(path): \(String(describing: Self.reason(results[path])))") }
        // The pictures after it were decoded by a new helper.
        #expect(decoder.helperProcessIDs.first != helper)
    }

    @Test func aHEIFOverThePixelLimitIsRefusedBeforeAnyHelperSeesIt() throws {
        let decoder = try Self.decoder { $0.honoursTestFaults = true }
        defer { decoder.stop() }
        // A real HEIF whose ispe is forged to 20000 × 20000, carrying the crash marker in a `free`
        // box: had a helper been sent it, the line would say the decoder crashed.
        for kind in [FormatFixtures.Kind.heif, .avif] {
            let path = folder + "/huge.\(kind.fileExtension)"
            try FormatFixtures.writeFlat(kind, color: 0x3366CC, to: path)
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let ispe = try #require(bytes.firstRange(of: Array("ispe".utf8)))
            bytes.replaceSubrange((ispe.upperBound + 4)..<(ispe.upperBound + 12), with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
            let ftypEnd = Int(bytes[3])
            let marker = Array("photoboard-test-fault:crash".utf8)
            bytes.insert(contentsOf: [0, 0, 0, UInt8(8 + marker.count)] + Array("free".utf8) + marker, at: ftypEnd)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let results = try Self.decodeAll([path], with: decoder)
            let reason = try #require(Self.reason(results[path]), "\(kind) opened")
            #expect(reason.contains("20000×20000") && reason.contains("200-megapixel limit"), "\(kind): \(reason)")
        }
    }

    @Test func aFIFONamedLikeAPhotoIsRefusedWithoutBlocking() throws {
        let decoder = try Self.decoder()
        defer { decoder.stop() }
        let fifo = folder + "/pipe.jpg"
        #expect(mkfifo(fifo, 0o600) == 0)
        let results = try Self.decodeAll([fifo], with: decoder, stall: .seconds(10))
        #expect(Self.reason(results[fifo]) == "not a regular file")
    }

    @Test func aDecodeOverTheMemoryBudgetIsRefusedAndTheBudgetIsNeverExceeded() throws {
        let decoder = try Self.decoder { $0.memoryBudget = 64 << 20 }
        defer { decoder.stop() }
        // 6000 × 6000 as a GIF header would need 6000·6000·4 bytes at once: over 64 MiB.
        let big = folder + "/big.gif"
        var gif = PictureEncoders.gif(TestCanvas.flat(0xFF_8000, width: 8, height: 8))
        gif.replaceSubrange(6..<10, with: [0x70, 0x17, 0x70, 0x17])
        try Data(gif).write(to: URL(fileURLWithPath: big))
        let good = try goodPhotos(6)
        let results = try Self.decodeAll([big] + good, with: decoder)
        let reason = try #require(Self.reason(results[big]))
        #expect(reason.contains("decode budget"), "\(reason)")
        for path in good { #expect(Self.reason(results[path]) == nil) }
        #expect(decoder.peakReservedMemory <= 64 << 20 && decoder.peakReservedMemory > 0)
    }

    /// Damaged files of every format and layout through the helpers: each one opens or is refused,
    /// and none trips the seccomp filter — a decoder's error paths make system calls too.
    @Test func damagedFilesOfEveryFormatNeverTripTheSandbox() throws {
        let decoder = try Self.decoder()
        defer { decoder.stop() }
        var paths: [String] = []
        var random = SeededRandom(seed: 14)
        for kind in FormatFixtures.Kind.allCases {
            let seedPath = folder + "/seed-\(kind).\(kind.fileExtension)"
            try FormatFixtures.writeFlat(kind, color: 0x3366CC, to: seedPath)
            let seed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: seedPath)))
            for index in 0..<Self.mutationsPerKind {
                let path = folder + "/m\(index)-\(kind).\(kind.fileExtension)"
                try Data(FileFuzzTests.mutate(seed, with: &random)).write(to: URL(fileURLWithPath: path))
                paths.append(path)
            }
        }
        let results = try Self.decodeAll(paths, with: decoder, maximumLongEdge: 96, stall: .seconds(150))
        #expect(results.count == paths.count)
        let opened = results.values.filter { if case .success = $0.outcome { true } else { false } }.count
        let sandboxed = paths.filter { Self.reason(results[$0])?.contains("sandbox") == true }
        #expect(sandboxed.isEmpty, "\(sandboxed.prefix(5))")
        let died = paths.compactMap { Self.reason(results[$0]) }.filter { $0.hasPrefix("its decoder") }
        print("helper fuzz: \(paths.count) files, \(opened) opened, \(died.count) cost their helper: \(Set(died))")
    }

    static let mutationsPerKind = 40
}
