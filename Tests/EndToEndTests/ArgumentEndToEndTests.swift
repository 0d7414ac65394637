import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// Mistakes on the command line, and files that are not what they seem, are each one line that
    /// says what is wrong; no X display is needed to hear it.
    @Suite(.timeLimit(.minutes(15)))
    struct Arguments {
        /// Runs the board with `arguments` and no display; its status and standard error's lines.
        static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, lines: [Substring]) {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = nil
            environment["XDG_STATE_HOME"] = folder + "/state"
            let stderr = folder + "/stderr-\(UUID().uuidString.prefix(6)).txt"
            let process = try ChildProcess(
                path: BoardSession.binaryPath, arguments: arguments, environment: environment, stdoutPath: folder + "/stdout.txt",
                stderrPath: stderr)
            let status = try process.waitForExit(stall: .seconds(30))
            return (status, try String(contentsOfFile: stderr, encoding: .utf8).split(separator: "\n"))
        }

        @Test(arguments: [
            (["-happy.jpg"], "unknown option '-happy.jpg' (for a file whose name starts with '-', put -- before it or write ./-happy.jpg)"),
            (["--geometry", "-5x20"], "--geometry '-5x20' is not valid: give WIDTHxHEIGHT, each a whole number from 1 to 16384"),
            (["--geometry", "0x0"], "--geometry '0x0' is not valid: give WIDTHxHEIGHT, each a whole number from 1 to 16384"),
            (["--seed", "-1"], "--seed '-1' is not valid: give a whole number from 0 to 18446744073709551615"),
            (["--input", "pen"], "--input 'pen' is not valid: give auto, mouse or touch"),
            (["--export", "out.jpg"], "--export 'out.jpg': the board is written as a PNG; give a name ending in .png"),
            (["--seed"], "--seed needs a value: a whole number from 0 to 18446744073709551615"),
        ])
        func aBadArgumentIsOneLineAndStatus64(arguments: [String], line: String) throws {
            let folder = try Leftovers.makeFolder("photoboard-arguments").path
            let (status, lines) = try Self.run(arguments, in: folder)
            #expect(status == 64)
            #expect(lines.count == 1 && lines[0].hasPrefix("photoboard-x11: " + line), "\(lines)")
        }

        @Test func optionsAndDashesStillWork() throws {
            let folder = try Leftovers.makeFolder("photoboard-arguments").path
            try TestPhoto.redGreen.write(to: folder + "/-happy.png")
            for arguments in [["--export", folder + "/a.png", "--", "-happy.png"], ["-r", "--export=\(folder)/b.png", "./-happy.png"]] {
                let previous = FileManager.default.currentDirectoryPath
                FileManager.default.changeCurrentDirectoryPath(folder)
                defer { FileManager.default.changeCurrentDirectoryPath(previous) }
                let (status, lines) = try Self.run(["--geometry", "400x300", "--seed", "2"] + arguments, in: folder)
                #expect(status == 0 && lines.isEmpty, "\(arguments): \(lines)")
            }
            #expect(FileManager.default.fileExists(atPath: folder + "/a.png") && FileManager.default.fileExists(atPath: folder + "/b.png"))
            let help = try Self.run(["-h"], in: folder)
            #expect(help.status == 0 && help.lines.isEmpty)
        }

        @Test func anExportIntoAMissingFolderSaysSo() throws {
            let folder = try Leftovers.makeFolder("photoboard-arguments").path
            try TestPhoto.redGreen.write(to: folder + "/red.png")
            let (status, lines) = try Self.run(["--export", folder + "/nowhere/x.png", folder + "/red.png"], in: folder)
            #expect(status == 1)
            #expect(lines == ["photoboard-x11: \(folder)/nowhere/x.png: could not be written: no such folder (\(folder)/nowhere)"])
        }

        @Test func aBrokenSymbolicLinkIsCalledOne() throws {
            let folder = try Leftovers.makeFolder("photoboard-arguments").path
            try TestPhoto.redGreen.write(to: folder + "/red.png")
            try FileManager.default.createSymbolicLink(atPath: folder + "/gone.jpg", withDestinationPath: "elsewhere/gone.jpg")
            let (status, lines) = try Self.run(["--export", folder + "/out.png", folder], in: folder)
            #expect(status == 0)
            #expect(
                lines == ["photoboard-x11: \(folder)/gone.jpg: broken symbolic link (points to elsewhere/gone.jpg, which is not there)"],
                "\(lines)")
        }
    }
}
