import Foundation
import Testing
import XBoard
import XorgHarness

/// Every picture as it really is, judged where a person sees it: in `--export` (the real binary,
/// its decoding helpers and its painter, without X) for every format, layout and orientation,
/// and on the screen of a real Xorg for a few. Past decoding every picture is the same
/// premultiplied ARGB32 to the painter (`PictureFidelityTests` checks each as decoded), so what
/// X adds — painting it in the window — needs a proof per way a picture reaches it (opaque,
/// with alpha, grey; turned), not per format. One server per table; the real board is opened
/// once per picture shown on it.
extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct PictureFidelity {
        static let orange: UInt32 = 0xFF_8000
        static let grey: UInt32 = 0x80_8080
        static let quadrantColors = [UInt32(0xE0_2020), 0x20_C040, 0x20_40E0, 0xE0_D020]
        /// The formats also judged on screen: opaque colour, colour with alpha, grey.
        static let onScreen: Set<FormatFixtures.Kind> = [.jpeg, .pngRGBAHalfTransparent, .pngGrey]
        /// The orientations also judged on screen: a quarter turn, and a turn with a mirror.
        static let turnedOnScreen: Set<String> = ["jpeg 6", "heif 5"]

        /// The board showing `arguments` on `server`, until `judge` accepts a screenshot or the
        /// board has been idle for a while; returns the last screenshot and its judgement, and the board's stderr.
        static func show<T>(
            _ arguments: [String], on server: XorgServer, reader: ScreenReader, binary: String = BoardSession.binaryPath,
            judge: (Screenshot) -> T?
        ) throws -> (verdict: T?, shot: Screenshot, stderr: String) {
            let app = try AppUnderTest(binary: binary, arguments: arguments, server: server)
            defer { app.stop() }
            _ = try waitFor("the board window", stall: .seconds(15)) { () -> UInt? in
                guard app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(app.standardError)") }
                return reader.window(ofProcess: app.pid)
            }
            var last = try reader.screenshot()
            var verdict = judge(last)
            // Looks until the board, having shown the picture, has been idle for 10 s (`Progress`).
            var progress = Progress.Watch()
            while verdict == nil, progress.stillFor() < .seconds(10) {
                pause(.milliseconds(20))  // a look (screenshot and judgement) takes a few milliseconds
                last = try reader.screenshot()
                verdict = judge(last)
            }
            if verdict != nil {  // once more after a frame, so the judgement is of a settled picture
                pause(.milliseconds(150))
                last = try reader.screenshot()
                verdict = judge(last)
            }
            return (verdict, last, app.standardError)
        }

        /// `--export` of `paths` (no X display): the exported picture, and stderr.
        static func export(_ paths: [String], in folder: String, name: String) throws -> (shot: Screenshot, stderr: String) {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = nil
            environment["XDG_STATE_HOME"] = folder + "/state"
            let output = folder + "/export-\(name).png", stderrPath = folder + "/export-\(name).stderr"
            let process = try ChildProcess(
                path: BoardSession.binaryPath, arguments: ["--export", output, "--geometry", "800x600", "--seed", "1", "--fresh"] + paths,
                environment: environment, stderrPath: stderrPath)
            let status = try process.waitForExit(stall: .seconds(30))
            let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            guard status == 0 else { throw HarnessError("--export of \(paths) exited with \(status): \(stderr)") }
            return (try Screenshot(pngAt: output), stderr)
        }

        /// The colour in the middle of the print: the centroid of its white border.
        static func printMiddle(_ shot: Screenshot) -> UInt32? {
            guard let border = shot.blob(of: 0xFA_F9F5, tolerance: 3), border.count > 500 else { return nil }
            return shot.pixel(Int(border.centroid.x), Int(border.centroid.y))
        }

        @Test func everyFormatAndLayoutShowsItsTrueColourOnScreenAndInExports() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let folder = server.directory.path
            var results: [String] = [], shown = 0
            for kind in FormatFixtures.Kind.allCases {
                let path = folder + "/flat-\(kind).\(kind.fileExtension)"
                try FormatFixtures.writeFlat(kind, color: kind.isGrey ? Self.grey : Self.orange, width: 240, height: 160, to: path)
                let expected = kind.expected(kind.isGrey ? Self.grey : Self.orange)
                // A print's picture at about 560 × 373 px shows at least 150,000 pixels of it.
                func judge(_ shot: Screenshot) -> Int? {
                    let count = shot.blob(of: expected, tolerance: kind.tolerance + 2)?.count ?? 0
                    return count > 100_000 ? count : nil
                }
                var middle = "not shown"
                if Self.onScreen.contains(kind) {
                    shown += 1
                    let screen = try Self.show(["--fresh", "--seed", "1", path], on: server, reader: reader, judge: judge)
                    middle = Self.printMiddle(screen.shot).map { String($0, radix: 16) } ?? "no print"
                    #expect(
                        screen.verdict != nil, "\(kind) on screen: the print's middle is \(middle), want \(String(expected, radix: 16))")
                    #expect(screen.stderr.isEmpty, "\(kind): \(screen.stderr)")
                }
                let exported = try Self.export([path], in: folder, name: kind.rawValue)
                let exportedMiddle = Self.printMiddle(exported.shot).map { String($0, radix: 16) } ?? "no print"
                // 800 × 600: the picture is about 420 × 280 px.
                let exportedCount = exported.shot.blob(of: expected, tolerance: kind.tolerance + 2)?.count ?? 0
                #expect(
                    exportedCount > 60_000,
                    "\(kind) in --export: the print's middle is \(exportedMiddle), want \(String(expected, radix: 16))")
                #expect(exported.stderr.isEmpty, "\(kind) in --export: \(exported.stderr)")
                results.append("\(kind): screen \(middle), export \(exportedMiddle), want \(String(expected, radix: 16))")
            }
            print(results.joined(separator: "\n"))
            #expect(shown == Self.onScreen.count, "\(shown) shown on screen")
        }

        @Test func everyFormatStandsUprightInEveryOrientationOnScreenAndInExports() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let folder = server.directory.path
            let upright = FormatFixtures.quadrants(width: 360, height: 240, colors: Self.quadrantColors)
            var shown = 0
            for kind in FormatFixtures.OrientedKind.allCases {
                for orientation in 1...8 {
                    let path = folder + "/turned-\(kind)-\(orientation).\(kind.fileExtension)"
                    try FormatFixtures.writeOriented(kind, upright: upright, orientation: orientation, to: path)
                    var screenErrors = ""
                    if Self.turnedOnScreen.contains("\(kind) \(orientation)") {
                        shown += 1
                        let screen = try Self.show(["--fresh", "--seed", "1", path], on: server, reader: reader) {
                            shot -> QuadrantReading? in
                            let reading = QuadrantReading(shot, colors: Self.quadrantColors, tolerance: 30)
                            return reading.isUpright ? reading : nil
                        }
                        #expect(
                            screen.verdict != nil,
                            "\(kind) orientation \(orientation) on screen: \(QuadrantReading(screen.shot, colors: Self.quadrantColors, tolerance: 30))"
                        )
                        if screen.verdict == nil {
                            print("screenshot: \(try Self.save(screen.shot, name: "orientation-\(kind)-\(orientation)"))")
                        }
                        screenErrors = screen.stderr
                    }
                    let exported = try Self.export([path], in: folder, name: "\(kind)-\(orientation)")
                    let reading = QuadrantReading(exported.shot, colors: Self.quadrantColors, tolerance: 30)
                    #expect(reading.isUpright, "\(kind) orientation \(orientation) in --export: \(reading)")
                    #expect(screenErrors.isEmpty && exported.stderr.isEmpty, "\(kind) \(orientation): \(screenErrors) \(exported.stderr)")
                }
            }
            #expect(shown == Self.turnedOnScreen.count, "\(shown) shown on screen")
        }

        @Test func aTruncatedProgressiveJPEGShowsAsFarAsItDecodesWithOneWarningLine() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let whole = server.directory.path + "/whole.jpg", cut = server.directory.path + "/progressive-cut.jpg"
            let photo = TestPhoto(left: 0xD0_3030, right: 0x30_70D0, width: 2400, height: 1600)
            try FormatFixtures.write(
                .jpegProgressive,
                FormatFixtures.quadrants(width: 2400, height: 1600, colors: [photo.left, photo.right, photo.left, photo.right]),
                to: whole)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
            try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
            let screen = try Self.show(["--seed", "2", cut], on: server, reader: reader) { shot in
                PrintMeasure(shot, left: photo.left, right: photo.right, minimumPixels: 20_000)
            }
            let measure = try #require(screen.verdict, "the cut photo is not on screen")
            #expect(abs(measure.angle) <= 13, "\(measure)")
            let lines = screen.stderr.split(separator: "\n")
            #expect(
                lines == ["photoboard-x11: \(cut): truncated JPEG (the end-of-image marker is missing); shown as far as it decodes"],
                "\(lines)")
            print("screenshot: \(try Self.save(screen.shot, name: "truncated-progressive-jpeg"))")
        }

        @Test func filesThatMakeLoadersLogGetOneLineEachAndNothingElse() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let folder = server.directory.path
            let gif = folder + "/zero-width.gif", webp = folder + "/broken-animation.webp", good = folder + "/good.png"
            try Data(FormatFixtures.zeroWidthGIF()).write(to: URL(fileURLWithPath: gif))
            try Data(FormatFixtures.brokenAnimatedWebP()).write(to: URL(fileURLWithPath: webp))
            try TestPhotos.write(to: good, width: 400, height: 300, left: TestPhoto.redGreen.left, right: TestPhoto.redGreen.right)
            let screen = try Self.show(["--seed", "2", gif, webp, good], on: server, reader: reader) { shot in
                PrintMeasure(shot, left: TestPhoto.redGreen.left, right: TestPhoto.redGreen.right)
            }
            #expect(screen.verdict != nil, "the good photo is not on screen")
            let lines = screen.stderr.split(separator: "\n")
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("photoboard-x11: \(gif): not a picture") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("photoboard-x11: \(webp): could not be decoded") }, "\(lines)")
            #expect(!screen.stderr.contains("**"), "\(screen.stderr)")
        }

        static func save(_ shot: Screenshot, name: String) throws -> String {
            let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/screenshots")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("\(name).png").path
            try shot.savePNG(to: path)
            return path
        }
    }
}
