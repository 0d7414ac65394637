import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct Window {
        /// A window's life on one board: named, idle without a wake-up, following a resize, and
        /// closed through WM_DELETE_WINDOW.
        @Test func theWindowIsNamedSleepsWhenIdleFollowsAResizeAndClosesCleanly() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            #expect(session.reader.stringProperty(session.window, "_NET_WM_NAME") == "photo0.png and 1 more — Photoboard")
            let windowClass = try #require(session.reader.windowClass(session.window))
            #expect(windowClass.1 == "Photoboard-x11")

            // Idle, it uses no CPU and never wakes up. After loading, the layout is saved once, a
            // second later: wait for the file, then for the board to stop waking, instead of
            // guessing how long a busy machine takes.
            let layouts = session.server.directory.appendingPathComponent("state/photoboard-x11/boards").path
            _ = try waitFor("the layout saved after loading", stall: .seconds(10)) {
                ((try? FileManager.default.contentsOfDirectory(atPath: layouts)) ?? []).contains { $0.hasSuffix(".json") } ? true : nil
            }
            try session.app.waitUntilItStopsWaking()
            let before = try session.app.cpuAndWakeups()
            pause(.seconds(5))
            let after = try session.app.cpuAndWakeups()
            #expect(after.ticks == before.ticks, "used \(after.ticks - before.ticks) ticks of CPU while idle")
            #expect(after.wakeups == before.wakeups, "woke \(after.wakeups - before.wakeups) times while idle")

            // Resized, it follows, and the photos come back inside.
            let full = try session.screenshot()
            session.reader.resize(session.window, width: 500, height: 400)
            let shot = try session.rest()  // the photos settle back inside in 0.35 s
            for photo in session.photos {
                let before = (full.blob(of: photo.left)?.count ?? 0) + (full.blob(of: photo.right)?.count ?? 0)
                let visible = [photo.left, photo.right].compactMap { shot.blob(of: $0) }
                // A centre inside the window shows at least a quarter of the print (less what overlaps).
                #expect(visible.reduce(0) { $0 + $1.count } >= before / 5, "\(String(photo.left, radix: 16)): \(visible)")
                #expect(visible.allSatisfy { $0.maxX < 500 && $0.maxY < 400 })
            }
            _ = try session.saveScreenshot(named: "resized")

            // WM_DELETE_WINDOW closes it, with status 0.
            session.reader.requestClose(session.window)
            #expect(try session.app.waitForExit(stall: .seconds(5)) == 0)
        }

        @Test func withNoPathsTheBundledPhotosOpenAsTossedPrints() throws {
            let session = try BoardSession(photos: [], seed: 11)
            let shot = try waitFor("the bundled photos to be drawn", stall: .seconds(20)) { () -> Screenshot? in
                let shot = try session.screenshot()
                // Prints have white borders; five photos show plenty of them.
                return (shot.blob(of: 0xFA_F9F5, tolerance: 2)?.count ?? 0) > 5 * 1500 ? shot : nil
            }
            let background = shot.blob(of: 0x36_3F4A, tolerance: 2)?.count ?? 0
            #expect(background > shot.width * shot.height / 5, "the table should still show between the prints")
            #expect(session.app.standardError.isEmpty, "\(session.app.standardError)")
            print("screenshot: \(try session.saveScreenshot(named: "bundled"))")
        }

        @Test func aMissingDisplayIsOneClearLineAndAFailingStatus() throws {
            let folder = try Leftovers.makeFolder("photoboard-nodisplay")
            let errorsPath = folder.appendingPathComponent("stderr.txt").path, photoPath = folder.appendingPathComponent("photo.png").path
            try TestPhotos.write(to: photoPath, width: 40, height: 30, left: 0xFF0000, right: 0x00FF00)
            let process = try ChildProcess(
                path: BoardSession.binaryPath, arguments: ["--display", ":987", photoPath], stderrPath: errorsPath)
            let status = try process.waitForExit(stall: .seconds(10))
            let text = try String(contentsOfFile: errorsPath, encoding: .utf8)
            #expect(status != 0)
            #expect(text.split(separator: "\n").count == 1, "\(text)")
            #expect(text.contains(":987"))
        }

    }
}
