import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct Install {
        static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path

        /// Runs make with its output in `log`.
        static func make(_ arguments: [String], log: String) throws -> Int32 {
            let process = try ChildProcess(
                path: "/usr/bin/make", arguments: ["-C", repository] + arguments, stdoutPath: log, stderrPath: log)
            return try process.waitForExit(stall: .seconds(60))
        }

        @Test func makeInstallPutsTheBoardItsPhotosDesktopEntryAndIconInPlaceAndUninstallRemovesThem() throws {
            let folder = try Leftovers.makeFolder("photoboard-install")
            let prefix = folder.appendingPathComponent("prefix").path
            // The binary under test, not a new build: SwiftPM's build folder is locked while tests run.
            let installLog = folder.appendingPathComponent("install.log").path
            #expect(try Self.make(["install", "PREFIX=\(prefix)", "BINARY=\(BoardSession.binaryPath)"], log: installLog) == 0)
            let files = [
                "bin/photoboard-x11", "share/applications/photoboard-x11.desktop", "share/icons/hicolor/scalable/apps/photoboard-x11.svg",
                "share/photoboard-x11/assets/SOURCES.md", "share/photoboard-x11/assets/chelsea.png",
                "share/mime/packages/photoboard-x11.xml",
            ]
            for file in files { #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) missing") }
            let desktop = try String(contentsOfFile: prefix + "/share/applications/photoboard-x11.desktop", encoding: .utf8)
            #expect(desktop.contains("Exec=photoboard-x11 %F") && desktop.contains("MimeType=image/jpeg;"))
            #expect(desktop.contains("application/x-photoboard;"), "board documents open with the board")
            let validate = try ChildProcess(
                path: "/usr/bin/desktop-file-validate", arguments: [prefix + "/share/applications/photoboard-x11.desktop"])
            #expect(try validate.waitForExit(stall: .seconds(20)) == 0)

            // The installed board, given nothing, opens the installed sample photos.
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let app = try AppUnderTest(binary: prefix + "/bin/photoboard-x11", arguments: ["--seed", "2"], server: server)
            defer { app.stop() }
            _ = try waitFor("the installed board to show its photos", stall: .seconds(20)) { () -> Bool? in
                (try reader.screenshot().blob(of: 0xFA_F9F5, tolerance: 2)?.count ?? 0) > 5 * 1500 ? true : nil
            }
            #expect(app.standardError.isEmpty, "\(app.standardError)")
            app.stop()

            #expect(try Self.make(["uninstall", "PREFIX=\(prefix)"], log: folder.appendingPathComponent("uninstall.log").path) == 0)
            for file in files { #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) left behind") }
        }
    }
}
