import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// What went wrong or just happened is said on the board, not only on standard error, and
    /// goes away by itself or on a tap.
    @Suite(.timeLimit(.minutes(15)))
    struct Notices {
        @Test func aBrokenFileIsNoticedOnTheBoardAndTheNoticeFadesAway() throws {
            let session = try BoardSession(photos: [.redGreen]) { folder in
                let broken = folder + "/broken.png"
                try Data("this is not a picture".utf8).write(to: URL(fileURLWithPath: broken))
                return [broken]
            }
            let bar = try NoticeColors.bar(NoticeColors.problem, in: session)
            print("screenshot: \(try session.saveScreenshot(named: "notice-broken-file"))")
            // Along the bottom, centred.
            #expect(bar.maxY > 700 && bar.minX > 200 && bar.maxX < 1080, "\(bar)")
            let (elapsed, seen) = try NoticeColors.watchFade(of: bar, color: NoticeColors.problem, in: session)
            let final = try #require(seen.last)
            #expect(
                seen.contains { NoticeColors.isBetween($0, NoticeColors.problem, final) },
                "no frame of a fade among \(seen.map { String($0, radix: 16) })")
            // Short notices stay 4 s or more, and go (12 s at most; the bound is generous, for a slow machine).
            #expect(elapsed > .seconds(3) && elapsed < .seconds(30), "\(elapsed)")
            #expect(try session.screenshot().blob(of: NoticeColors.problem, tolerance: 6) == nil)
            #expect(session.app.standardError.contains("broken.png"), "\(session.app.standardError)")
        }

        @Test func anIgnoredDropIsNoticedAndTheSourceHearsItWasRefused() throws {
            let session = try BoardSession(photos: [.redGreen])
            let payload = DropPayload(uriList: Array("https://example.org/photo.jpg\r\nfile://elsewhere/home/a.png\r\n".utf8))
            let outcome = try session.reader.drop(payload, onto: session.window, at: (640, 400))
            #expect(
                outcome.statusAccepted && outcome.finished && !outcome.finishedAccepted && outcome.finishedAction == "None", "\(outcome)")
            let bar = try NoticeColors.bar(NoticeColors.problem, in: session)
            print("screenshot: \(try session.saveScreenshot(named: "notice-ignored-drop"))")
            let (elapsed, seen) = try NoticeColors.watchFade(of: bar, color: NoticeColors.problem, in: session)
            let final = try #require(seen.last)
            #expect(seen.contains { NoticeColors.isBetween($0, NoticeColors.problem, final) })
            #expect(elapsed > .seconds(3) && elapsed < .seconds(30), "\(elapsed)")
            #expect(session.app.standardError.contains("drop ignored"), "\(session.app.standardError)")
            #expect(session.app.process.isRunning)
        }

        @Test func aTapDismissesANoticeWithoutTouchingThePhotoUnderIt() throws {
            let session = try BoardSession(photos: [.redGreen]) { folder in
                let broken = folder + "/broken.png"
                try Data("not a picture either".utf8).write(to: URL(fileURLWithPath: broken))
                return [broken]
            }
            let before = try session.settled(.redGreen)
            let bar = try NoticeColors.bar(NoticeColors.problem, in: session)
            // Tap the notice's middle-left, just right of its bar.
            try session.tap(at: (Double(bar.maxX) + 30, bar.centroid.y))
            _ = try waitFor("the tapped notice to go", stall: .seconds(2)) { () -> Bool? in
                try session.screenshot().blob(of: NoticeColors.problem, tolerance: 6) == nil ? true : nil
            }
            let after = try session.settled(.redGreen)
            #expect(abs(after.center.x - before.center.x) < 0.5 && abs(after.center.y - before.center.y) < 0.5)
        }

        @Test func savingTheBoardSaysWhere() throws {
            let session = try BoardSession(photos: [.redGreen])
            try session.press(0x73, with: [0xFFE3])  // Ctrl+S
            _ = try NoticeColors.bar(NoticeColors.information, in: session)
            print("screenshot: \(try session.saveScreenshot(named: "notice-saved"))")
            let files = try FileManager.default.contentsOfDirectory(atPath: session.server.directory.path)
            #expect(files.contains { $0.hasPrefix("photoboard-") && $0.hasSuffix(".png") }, "\(files)")
        }

        @Test func anEmptyBoardSaysWhatToDoUntilAPhotoIsBack() throws {
            let session = try BoardSession(photos: [.redGreen])
            try session.press(0xFFFF)  // Delete: the only photo leaves the board
            _ = try waitFor("the photo to leave", stall: .seconds(3)) { try session.measure(.redGreen) == nil ? true : nil }
            _ = try NoticeColors.bar(NoticeColors.information, in: session)
            print("screenshot: \(try session.saveScreenshot(named: "notice-empty-board"))")
            // That it stays past the longest a notice stays on its own is the session's transcript
            // (`BoardSessionTests`, in virtual time): here, that it shows and goes.
            try session.press(0x7A, with: [0xFFE3])  // Ctrl+Z brings the photo back
            _ = try session.settled(.redGreen)
            _ = try waitFor("the empty-board notice to go", stall: .seconds(3)) { () -> Bool? in
                try session.screenshot().blob(of: NoticeColors.information, tolerance: 6) == nil ? true : nil
            }
        }

        @Test func savingAsADocumentSaysWhere() throws {
            let session = try BoardSession(photos: [.redGreen])
            try session.press(0x53, with: [0xFFE3, 0xFFE1])  // Ctrl+Shift+S
            _ = try NoticeColors.bar(NoticeColors.information, in: session)
            print("screenshot: \(try session.saveScreenshot(named: "notice-saved-document"))")
            let files = try FileManager.default.contentsOfDirectory(atPath: session.server.directory.path)
            #expect(files.contains { $0.hasSuffix(".photoboard") }, "\(files)")
        }

        @Test func aDocumentThatCannotBeSavedSaysWhyOnTheBoard() throws {
            // Every name the document could take is already a folder: nothing can be saved.
            let session = try BoardSession(photos: [.redGreen]) { folder in
                let name = (folder as NSString).lastPathComponent
                for number in 1...20 {
                    let taken = folder + "/" + name + (number == 1 ? "" : "-\(number)") + ".photoboard"
                    try FileManager.default.createDirectory(atPath: taken, withIntermediateDirectories: false)
                }
                return []
            }
            try session.press(0x53, with: [0xFFE3, 0xFFE1])  // Ctrl+Shift+S
            _ = try NoticeColors.bar(NoticeColors.problem, in: session)
            print("screenshot: \(try session.saveScreenshot(named: "notice-document-not-saved"))")
            #expect(session.app.standardError.contains("could not save the board as a document"), "\(session.app.standardError)")
        }

        @Test func captionsOnPrintsTooSmallToReadThemSayWhy() throws {
            // 60 small landscape pictures: each print's short edge is under the 93 points a readable caption needs.
            let session = try BoardSession(photos: []) { folder in
                try (0..<60).map { index in
                    let path = folder + "/small-\(index).png"
                    try TestPhotos.write(to: path, width: 12, height: 8, left: 0x20_40D0, right: 0xE0_C020)
                    return path
                }
            }
            _ = try waitFor("the board to finish loading", stall: .seconds(20)) { () -> Bool? in
                (try session.screenshot().blob(of: 0x20_40D0, tolerance: 8)?.count ?? 0) > 0 && session.app.isAsleep(with: session.server)
                    ? true : nil
            }
            pause(.seconds(1))
            #expect(try session.screenshot().blob(of: NoticeColors.information, tolerance: 6) == nil)
            try session.press(0x63)  // c
            _ = try NoticeColors.bar(NoticeColors.information, in: session)
            print("screenshot: \(try session.saveScreenshot(named: "notice-captions-too-small"))")
        }
    }
}
