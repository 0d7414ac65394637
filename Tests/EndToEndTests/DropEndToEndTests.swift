import Foundation
import Testing
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// Drops from any file manager, safely: large selections come in INCR pieces, and malformed
    /// properties are refused with a notice, never read past.
    @Suite(.timeLimit(.minutes(15)))
    struct Drops {
        /// The board's saved memory (it lists every photo on the board), once it lists `count`.
        static func savedLayout(in session: BoardSession, count: Int, stall: Duration = .seconds(90)) throws -> [[String: Any]] {
            let folder = session.server.directory.appendingPathComponent("state/photoboard-x11/boards").path
            return try waitFor("a saved layout listing \(count) photos", stall: stall, interval: .milliseconds(250)) {
                () -> [[String: Any]]? in
                guard session.app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(session.app.standardError)") }
                let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                for file in files where file.hasSuffix(".json") {
                    guard let data = FileManager.default.contents(atPath: folder + "/" + file),
                        let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                        let photos = document["photos"] as? [[String: Any]], photos.count == count
                    else { continue }
                    return photos
                }
                return nil
            }
        }

        /// A thousand files, as a file manager hands them over (long names with spaces and
        /// accents, a list of more than 256 KiB in INCR pieces), all land inside the window; the
        /// same list dropped again whole adds nothing twice. And nothing that grows with the board
        /// runs on its loop: while the files are listed, decoded and laid out, and while the board
        /// of a thousand is saved, a finger on a print moves it (the board used to freeze for
        /// seconds in both). That work is made slow for sure — each decode and each save held
        /// back a while (test settings) — so the finger's move is seen while it is still under
        /// way, on any machine; how fast the loop answers meanwhile, and at 3,000 dropped and
        /// 10,000 on the board, is the bench's to measure (`make bench`, the scale scenarios).
        @Test func aThousandFilesDroppedInPiecesLandInsideTheWindowWhileAFingerMovesAPrint() throws {
            var dropped: [String] = []
            let session = try BoardSession(
                photos: [.redGreen],
                environment: ["PHOTOBOARD_TRACE": "save", DecodeHelper.testDelayVariable: "2", SaveWorker.testDelayVariable: "1500"]
            ) { folder in
                let drop = folder + "/a folder with a long name, as file managers' folders have, of a summer's photos by the sea"
                try FileManager.default.createDirectory(atPath: drop, withIntermediateDirectories: true)
                for index in 0..<1000 {
                    let path = drop + "/IMG_\(String(format: "%05d", index)) é, the harbour at dusk seen from the ferry's upper deck.png"
                    try TestPhotos.write(to: path, width: 12, height: 9, left: 0x80_8080, right: 0x90_9090)
                    dropped.append(path)
                }
                return []
            }
            // A drop this large is laid out as a grid from the left: the photo waits on the right.
            let start = try session.place(.redGreen, at: (1080, 420))
            let savesBefore = session.app.standardError.components(separatedBy: "trace: saving ").count
            var payload = DropPayload(paths: dropped)
            payload.incrementalChunk = 16 * 1024
            #expect(payload.uriList.count > 256 * 1024)
            let outcome = try session.reader.drop(payload, onto: session.window, at: (300, 300))
            #expect(
                outcome.statusAccepted && outcome.finished && outcome.finishedAccepted && outcome.finishedAction == "XdndActionCopy",
                "\(outcome)")
            #expect(outcome.incrementalPieces >= payload.uriList.count / (16 * 1024), "\(outcome)")
            /// Moves the photo by `dx` with finger `id`, and returns whether `isUnderWay` still held
            /// when the photo was seen to have followed.
            func follows(_ id: UInt32, from point: (Double, Double), by dx: Double, while isUnderWay: () -> Bool) throws -> Bool {
                let before = try #require(try session.measure(.redGreen), "the photo shows")
                try session.touch(.begin, id, point.0, point.1)
                for step in 1...6 {
                    try session.touch(.update, id, point.0 + dx * Double(step) / 6, point.1)
                    pause(.milliseconds(8))
                }
                let underWay = try waitFor("the photo to follow the finger", interval: .milliseconds(5)) { () -> Bool? in
                    let underWay = isUnderWay()
                    guard let now = try session.measure(.redGreen) else { return nil }
                    return abs(now.center.x - before.center.x) > dx / 2 ? underWay : nil
                }
                pause(.milliseconds(150))  // rests before the lift: no glide
                try session.touch(.end, id, point.0 + dx, point.1)
                return underWay
            }
            // While the drop's photos are being listed, decoded and laid out: no save of them yet
            // (the board saves once it has them all and rests).
            let savesOfAll = { session.app.standardError.components(separatedBy: "trace: saving 1001 photos").count - 1 }
            #expect(
                try follows(1, from: (start.center.x, start.center.y), by: 60) { savesOfAll() == 0 },
                "the photo followed the finger only once the drop was all taken")
            // A second after the board rests it saves the whole board: every photo inside the window.
            let photos = try Self.savedLayout(in: session, count: 1001)
            let paths = Set(photos.compactMap { $0["path"] as? String })
            #expect(dropped.allSatisfy(paths.contains))
            for photo in photos {
                guard let placement = photo["placement"] as? [Double], placement.count == 6 else {
                    Issue.record("no placement in \(photo)")
                    continue
                }
                let (x, y) = (placement[4], placement[5])
                #expect(x > 0 && x < 1280 && y > 0 && y < 800, "\(photo["path"] ?? "?") at (\(x), \(y))")
            }
            print("screenshot: \(try session.saveScreenshot(named: "drop-1000-incr"))")
            let at = try session.settled(.redGreen)
            let saves = session.app.standardError.components(separatedBy: "trace: saving ").count
            #expect(saves > savesBefore)
            // While the board of thousands is being saved, the finger moves the print again.
            try session.gesture([(2, (at.center.x, at.center.y), (at.center.x, at.center.y + 30))], steps: 6)
            _ = try waitFor("the board to start saving", interval: .milliseconds(1)) {
                session.app.standardError.components(separatedBy: "trace: saving ").count > saves ? true : nil
            }
            let saved = { session.app.standardError.components(separatedBy: "trace: saved ").count }
            let savedBefore = saved()
            let moved = try session.measure(.redGreen).map { ($0.center.x, $0.center.y) } ?? (at.center.x, at.center.y + 30)
            #expect(
                try follows(3, from: moved, by: -60) { saved() == savedBefore },
                "the photo followed the finger only once the board of 1,001 photos was saved")
            // The same list again, whole (one property read in several pieces): taken, and nothing
            // doubles — the next save (the print moved once more to make one) still lists 1,001.
            payload.incrementalChunk = nil
            #expect(payload.uriList.count > 256 * 1024, "the list should need more than one read")
            let again = try session.reader.drop(payload, onto: session.window, at: (300, 300))
            #expect(again.finished && again.finishedAccepted && again.incrementalPieces == 0, "\(again)")
            let savedAfterDrop = saved()
            let last = try session.settled(.redGreen)
            try session.gesture([(4, (last.center.x, last.center.y), (last.center.x, last.center.y - 30))], steps: 6)
            _ = try waitFor("a save after the second drop") { saved() > savedAfterDrop ? true : nil }
            #expect(try Self.savedLayout(in: session, count: 1001, stall: .seconds(5)).count == 1001)
            let lines = session.app.standardError.split(separator: "\n").filter { !$0.contains("trace: ") }
            #expect(lines.isEmpty, "\(lines)")
            #expect(session.app.process.isRunning)
        }

        @Test func aDropPartlyTakenSaysWhichItemsWereNotTakenAndWhyAndTheRestOpens() throws {
            var good = "", missing = ""
            let session = try BoardSession(photos: [.redGreen]) { folder in
                good = folder + "/good.png"
                missing = folder + "/gone.png"
                try TestPhotos.write(to: good, width: 300, height: 400, left: TestPhoto.blueYellow.left, right: TestPhoto.blueYellow.right)
                return []
            }
            var payload = DropPayload(paths: [good, missing])
            payload.uriList += Array("https://example.org/c.jpg\r\n".utf8)
            let outcome = try session.reader.drop(payload, onto: session.window, at: (640, 400))
            #expect(outcome.finished && outcome.finishedAccepted, "\(outcome)")
            _ = try session.settled(.blueYellow)  // the rest opened
            let lines = session.app.standardError.split(separator: "\n")
            let expected =
                "photoboard-x11: drop: 2 of 3 items not taken: \(missing) (no such file or folder), "
                + "https://example.org/c.jpg (not a file on this computer); the other one is being opened"
            #expect(lines == [expected[...]], "\(session.app.standardError)")
        }

        @Test func aSourceThatStopsSendingLosesItsDropAfterAFewSecondsAndTheBoardGoesOn() throws {
            var good = ""
            let session = try BoardSession(photos: [.redGreen]) { folder in
                good = folder + "/good.png"
                try TestPhotos.write(to: good, width: 300, height: 400, left: TestPhoto.blueYellow.left, right: TestPhoto.blueYellow.right)
                return []
            }
            let list = Array(repeating: DropPayload(paths: [good]).uriList, count: 200).flatMap { $0 }
            var midway = DropPayload(uriList: list)
            midway.incrementalChunk = 1024
            midway.stopsAfterPieces = 3
            var silent = DropPayload(uriList: list)
            silent.ignoresConversion = true
            let clock = ContinuousClock()
            for (name, payload, pieces) in [("stopped after 3 INCR pieces", midway, 3), ("never answered the conversion", silent, 0)] {
                let started = clock.now
                let outcome = try session.reader.drop(payload, onto: session.window, at: (640, 400))
                let waited = clock.now - started
                #expect(outcome.finished && !outcome.finishedAccepted && outcome.incrementalPieces == pieces, "\(name): \(outcome)")
                // Given up after the patience (5 s without a piece), not at once and not never.
                #expect(waited > .seconds(4) && waited < .seconds(30), "\(name): \(waited)")
                #expect(session.app.process.isRunning, "\(name) ended the board: \(session.app.standardError)")
            }
            let stalled =
                "photoboard-x11: drop ignored: The drop could not be read: the program it came from stopped sending it (nothing for 5 s)"
            // The line is written as the drop is given up; standard error is read on a thread of
            // the harness, which may take a moment after the source saw XdndFinished.
            _ = try? waitFor("both drops said", stall: .seconds(5)) {
                session.app.standardError.split(separator: "\n").count >= 2 ? true : nil
            }
            #expect(session.app.standardError.split(separator: "\n") == [stalled[...], stalled[...]], "\(session.app.standardError)")
            #expect(try session.measure(.blueYellow) == nil, "nothing should have been taken")
            // The board goes on: the next drop is taken.
            let outcome = try session.reader.drop(DropPayload(paths: [good]), onto: session.window, at: (640, 400))
            #expect(outcome.finished && outcome.finishedAccepted, "\(outcome)")
            _ = try session.settled(.blueYellow)
        }

        @Test func malformedDropPropertiesAreRefusedAndTheBoardGoesOn() throws {
            var good = ""
            let session = try BoardSession(photos: [.redGreen]) { folder in
                good = folder + "/good.png"
                try TestPhotos.write(to: good, width: 300, height: 400, left: TestPhoto.blueYellow.left, right: TestPhoto.blueYellow.right)
                return []
            }
            let list = DropPayload(paths: [good]).uriList
            var cases: [(String, DropPayload)] = []
            var typeList8 = DropPayload(uriList: list)
            typeList8.typeList = .property(format: 8)
            cases.append(("an 8-bit XdndTypeList", typeList8))
            var typeList32 = DropPayload(uriList: list)
            typeList32.typeList = .property(format: 32)
            typeList32.selectionFormat = 32
            cases.append(("the list as 32-bit items", typeList32))
            var wrongType = DropPayload(uriList: list)
            wrongType.selectionType = "STRING"
            cases.append(("the list typed STRING", wrongType))
            var badPiece = DropPayload(uriList: Array(repeating: list, count: 200).flatMap { $0 })
            badPiece.incrementalChunk = 1024
            badPiece.malformedPiece = 3
            cases.append(("an INCR piece in 32-bit format", badPiece))
            var huge = DropPayload(uriList: Array(repeating: list, count: 50).flatMap { $0 })
            huge.incrementalChunk = 1024
            huge.announcedSize = 1 << 30
            cases.append(("INCR announcing 1 GiB", huge))
            var refused = DropPayload(uriList: list)
            refused.refusesConversion = true
            cases.append(("a refused conversion", refused))
            cases.append(
                (
                    "malformed URIs",
                    DropPayload(uriList: Array("file:///a%zz.png\r\nfile:///nul%00.png\r\nfile:relative.png\r\n\u{1}\r\n".utf8))
                ))
            // Addresses of other machines (was `Notices.anIgnoredDropIsNoticedAndTheSourceHearsItWasRefused`).
            let elsewhere = "addresses of other machines"
            cases.append((elsewhere, DropPayload(uriList: Array("https://example.org/photo.jpg\r\nfile://elsewhere/home/a.png\r\n".utf8))))
            var textOnly = DropPayload(uriList: list)
            textOnly.offersURIList = false
            cases.append(("text only", textOnly))

            for (name, payload) in cases {
                let outcome = try session.reader.drop(payload, onto: session.window, at: (640, 400))
                #expect(outcome.finished && !outcome.finishedAccepted, "\(name): \(outcome)")
                #expect(name != elsewhere || (outcome.statusAccepted && outcome.finishedAction == "None"), "\(name): \(outcome)")
                #expect(session.app.process.isRunning, "\(name) ended the board: \(session.app.standardError)")
            }
            #expect(try session.measure(.blueYellow) == nil, "nothing should have been taken")
            _ = try NoticeColors.bar(NoticeColors.problem, in: session)
            print("screenshot: \(try session.saveScreenshot(named: "drop-malformed"))")
            // And a proper drop still works.
            let outcome = try session.reader.drop(DropPayload(paths: [good]), onto: session.window, at: (640, 400))
            #expect(outcome.finished && outcome.finishedAccepted, "\(outcome)")
            _ = try session.settled(.blueYellow)
            let lines = session.app.standardError.split(separator: "\n")
            #expect(lines.count == cases.count, "\(session.app.standardError)")
            #expect(lines.allSatisfy { $0.contains("drop ignored") })
        }
    }
}
