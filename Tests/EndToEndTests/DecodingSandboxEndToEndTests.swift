import Foundation
import Testing
import XBoardPlatform
import XorgHarness

/// Untrusted pictures are decoded in confined helper processes, seen from outside the real
/// board: the helpers' confinement read from /proc while a folder of large photos opens, a
/// helper killed or hung costing only its picture, and refused formats and bombs refused with
/// one line each.
extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct DecodingSandbox {
        /// The board's helper processes: its children started in the helper mode.
        static func helpers(of board: Int32) -> [Int32] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap(Int32.init).filter { pid in
                guard status("PPid", of: pid) == "\(board)",
                    let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
                else { return false }
                return String(decoding: command, as: UTF8.self).contains("--photoboard-decode-helper")
            }
        }

        static func status(_ field: String, of pid: Int32) -> String? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
            return text.split(separator: "\n").first { $0.hasPrefix(field + ":") }
                .map { $0.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces) }
        }

        static func limit(_ name: String, of pid: Int32) -> String? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) })
            else { return nil }
            return line.dropFirst(name.count).split(separator: " ").first.map(String.init)
        }

        /// A PNG carrying a test fault marker in a text chunk.
        static func faulty(_ fault: String, at path: String) throws {
            try TestPhotos.write(to: path, width: 64, height: 48, left: 0x204080, right: 0x804020)
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            bytes.insert(contentsOf: PictureEncoders.textChunk(keyword: "Comment", text: "photoboard-test-fault:\(fault)"), at: 33)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }

        @Test func whileLargePhotosOpenEveryHelperIsConfinedAndKillingOneCostsAtMostItsPicture() throws {
            var paths: [String] = []
            let session = try BoardSession(photos: [], seed: 3, waitForPhotos: false) { folder in
                let first = folder + "/large-00.jpg"
                try TestPhotos.writeJPEG(to: first, width: 4000, height: 3000, left: 0x30_9050, right: 0x90_3050, noise: 40)
                paths = [first]
                for index in 1..<24 {
                    let path = folder + String(format: "/large-%02d.jpg", index)
                    try FileManager.default.copyItem(atPath: first, toPath: path)
                    paths.append(path)
                }
                return paths
            }
            let board = session.app.pid
            _ = try waitFor("the board window", stall: .seconds(15)) { session.reader.window(ofProcess: board) }
            let helpers = try waitFor("confined helpers", stall: .seconds(20)) { () -> [Int32]? in
                let found = Self.helpers(of: board)
                return !found.isEmpty && found.allSatisfy { Self.status("Seccomp", of: $0) == "2" } ? found : nil
            }
            var figures: [String] = []
            for pid in helpers {
                #expect(Self.status("Seccomp", of: pid) == "2", "helper \(pid)")
                #expect(Self.status("NoNewPrivs", of: pid) == "1", "helper \(pid)")
                let addressSpace = Self.limit("Max address space", of: pid)
                #expect(addressSpace.flatMap(Int.init) != nil, "helper \(pid): address space \(addressSpace ?? "?")")
                #expect(Self.limit("Max core file size", of: pid) == "0", "helper \(pid)")
                figures.append("helper \(pid): Seccomp 2, NoNewPrivs 1, address space \(addressSpace ?? "?") bytes")
            }
            print(figures.joined(separator: "\n"))
            // Kill one while it decodes (running, not waiting for work).
            let victim = try waitFor("a busy helper", stall: .seconds(20), interval: .milliseconds(5)) {
                Self.helpers(of: board).first { ProcessFigures.isBusy($0) }
            }
            kill(victim, SIGKILL)
            // The arrangement is saved once every photo has been tried and the board rests.
            let folder = session.server.directory.appendingPathComponent("state/photoboard-x11/boards").path
            let layout = try waitFor("every photo (the layout saved after loading)", stall: .seconds(90), interval: .milliseconds(200)) {
                try? FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".json") }
            }
            #expect(session.app.process.isRunning)
            // The killed helper was replaced.
            _ = try waitFor("a replacement helper", stall: .seconds(20)) { () -> Bool? in
                let now = Self.helpers(of: board)
                return !now.contains(victim) && now.count == helpers.count ? true : nil
            }
            let lines = session.app.standardError.split(separator: "\n")
            #expect(lines.count <= 1, "\(lines)")
            for line in lines {
                #expect(line.contains("was killed (SIGKILL)") && paths.contains { line.contains($0) }, "\(line)")
            }
            // Every other photo is on the board: the saved arrangement names each.
            // (The board's memory names its arguments too: count the photos it holds.)
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + layout)))
            let savedPaths = ((saved as? [String: Any])?["photos"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            let shown = paths.filter { path in savedPaths.contains { $0.hasSuffix("/" + URL(fileURLWithPath: path).lastPathComponent) } }
            #expect(shown.count == paths.count - lines.count, "\(shown.count) of \(paths.count) photos on the board, \(lines.count) lost")
            print("killed helper \(victim) while loading: \(lines.count) line(s), \(shown.count) of \(paths.count) photos shown")
            try session.press(0x71)  // q
            #expect(try session.app.waitForExit(stall: .seconds(10)) == 0)
        }

        /// A hung decode is cut off at its deadline (10 s) on the board and in `--export`, and each
        /// goes on. The export runs beside the board, so the two wait out the deadline together.
        @Test func aHungDecodeIsCutOffAtTheDeadlineAndTheBoardAndAnExportGoOn() throws {
            var hung = "", output = "", exportErrors = ""
            var exporter: ChildProcess?
            let clock = ContinuousClock(), started = clock.now
            let session = try BoardSession(photos: [.redGreen, .blueYellow], environment: [DecodeHelper.testFaultsVariable: "1"]) {
                folder in
                hung = folder + "/hangs.png"
                try Self.faulty("hang", at: hung)
                // `--export` of the hung file and a good one, with no X display.
                let good = folder + "/good.png"
                try TestPhotos.write(to: good, width: 400, height: 300, left: 0xD0_2020, right: 0x20_B040)
                var environment = ProcessInfo.processInfo.environment
                environment["DISPLAY"] = nil
                environment["XDG_STATE_HOME"] = folder + "/export-state"
                environment[DecodeHelper.testFaultsVariable] = "1"
                output = folder + "/export.png"
                exportErrors = folder + "/export.stderr"
                exporter = try ChildProcess(
                    path: BoardSession.binaryPath, arguments: ["--export", output, "--seed", "1", "--fresh", hung, good],
                    environment: environment, stderrPath: exportErrors)
                return [hung]
            }
            // The other photos are already on the board (the session waited for them) while one
            // decode hangs: its line, said when it is cut off, has not come yet.
            #expect(session.app.standardError.isEmpty, "the photos waited for the hung decode: \(session.app.standardError)")
            let line = try waitFor("the hung file's line", stall: .seconds(25)) { session.app.standardError.split(separator: "\n").first }
            let took = clock.now - started
            #expect(line == "photoboard-x11: \(hung): took longer than 10 s to decode and was stopped; not shown", "\(line)")
            // At its deadline (10 s), not long after it (a generous bound: the machine may be slow).
            #expect(took >= .seconds(10) && took < .seconds(60), "cut off after \(took)")
            _ = try session.settled(.redGreen)
            _ = try session.settled(.blueYellow)
            #expect(session.app.process.isRunning)

            // The export never hangs on it: it ends, says the same, and writes its picture.
            let export = try #require(exporter)
            #expect(try export.waitForExit(stall: .seconds(30)) == 0)
            let exported = clock.now - started
            let lines = ((try? String(contentsOfFile: exportErrors, encoding: .utf8)) ?? "").split(separator: "\n")
            #expect(lines == ["photoboard-x11: \(hung): took longer than 10 s to decode and was stopped; not shown"], "\(lines)")
            #expect(exported < .seconds(60), "--export took \(exported)")
            #expect(FileManager.default.fileExists(atPath: output))
        }

        @Test func refusedFormatsUnderAnyNameAndBombsOverTheLimitGetOneLineEach() throws {
            var refused: [(String, String)] = []
            var bombs: [String] = []
            let session = try BoardSession(photos: [.redGreen], environment: [DecodeHelper.testFaultsVariable: "1"]) { folder in
                for sample in try RefusedFormats.samples() {
                    let path = folder + "/\(sample.name.lowercased())-named.jpg"
                    try Data(sample.bytes).write(to: URL(fileURLWithPath: path))
                    refused.append((sample.name, path))
                }
                // A HEIF and an AVIF declaring 20000 × 20000 in their ispe, carrying the crash
                // marker: had a helper been sent one, its line would say the decoder crashed.
                for kind in [FormatFixtures.Kind.heif, .avif] {
                    let path = folder + "/huge.\(kind.fileExtension)"
                    try FormatFixtures.writeFlat(kind, color: 0x3366CC, to: path)
                    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                    guard let ispe = bytes.firstRange(of: Array("ispe".utf8)) else { throw HarnessError("\(kind) has no ispe") }
                    bytes.replaceSubrange((ispe.upperBound + 4)..<(ispe.upperBound + 12), with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
                    let marker = Array("photoboard-test-fault:crash".utf8)
                    bytes.insert(contentsOf: [0, 0, 0, UInt8(8 + marker.count)] + Array("free".utf8) + marker, at: Int(bytes[3]))
                    try Data(bytes).write(to: URL(fileURLWithPath: path))
                    bombs.append(path)
                }
                return refused.map(\.1) + bombs
            }
            _ = try session.settled(.redGreen)
            let count = refused.count + bombs.count
            let lines = try waitFor("\(count) lines") { () -> [Substring]? in
                let lines = session.app.standardError.split(separator: "\n")
                return lines.count >= count ? lines : nil
            }
            #expect(lines.count == count, "\(lines)")
            for (name, path) in refused {
                let mine = lines.filter { $0.contains(path) }
                #expect(
                    mine.count == 1 && mine.first?.contains(name) == true && mine.first?.contains("does not open") == true,
                    "\(name): \(mine)")
            }
            for path in bombs {
                let mine = lines.filter { $0.contains(path) }
                #expect(
                    mine.count == 1 && mine.first?.contains("20000×20000") == true && mine.first?.contains("megapixel limit") == true,
                    "\(mine)")
            }
            #expect(session.app.process.isRunning)
        }
    }
}
