import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// What went wrong or just happened is said on the board, not only on standard error, and
    /// goes away by itself or on a tap.
    @Suite(.timeLimit(.minutes(15)))
    struct Notices {
        /// Notices as a person sees them, on one board: what each says, in which tone, when it
        /// comes and goes, is the session's (`NoticeTranscriptTests`, `BoardSessionTests`,
        /// `NoticeQueueTests`); here, that one shows along the bottom, fades away by itself, and
        /// that a real tap on one dismisses it without touching the photo under it.
        @Test func aProblemIsNoticedOnTheBoardFadesAwayAndATapDismissesTheNext() throws {
            // A broken file to open; and every name the board's document could take is already a
            // folder, so Ctrl+Shift+S cannot save one.
            let session = try BoardSession(photos: [.redGreen]) { folder in
                let broken = folder + "/broken.png"
                try Data("this is not a picture".utf8).write(to: URL(fileURLWithPath: broken))
                let name = (folder as NSString).lastPathComponent
                for number in 1...20 {
                    let taken = folder + "/" + name + (number == 1 ? "" : "-\(number)") + ".photoboard"
                    try FileManager.default.createDirectory(atPath: taken, withIntermediateDirectories: false)
                }
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

            // Ctrl+Shift+S: no document can be written; the board says so.
            let before = try session.settled(.redGreen)
            try session.press(0x53, with: [0xFFE3, 0xFFE1])  // Ctrl+Shift+S
            let again = try NoticeColors.bar(NoticeColors.problem, in: session)
            print("screenshot: \(try session.saveScreenshot(named: "notice-document-not-saved"))")
            #expect(session.app.standardError.contains("could not save the board as a document"), "\(session.app.standardError)")
            // A tap on the notice's middle-left, just right of its bar, dismisses it.
            try session.tap(at: (Double(again.maxX) + 30, again.centroid.y))
            _ = try waitFor("the tapped notice to go", stall: .seconds(2)) { () -> Bool? in
                try session.screenshot().blob(of: NoticeColors.problem, tolerance: 6) == nil ? true : nil
            }
            let after = try session.settled(.redGreen)
            #expect(abs(after.center.x - before.center.x) < 0.5 && abs(after.center.y - before.center.y) < 0.5)
        }
    }
}
