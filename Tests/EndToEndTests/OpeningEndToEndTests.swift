import Foundation
import Testing
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct Opening {
        @Test func aPhonePortraitWithEXIFOrientationStandsUprightOnScreen() throws {
            let session = try BoardSession(photos: [], seed: 5) { folder in
                let path = folder + "/portrait.jpg"
                // Stored sideways (4000×3000, orange left, teal right); orientation 6 = turn 90° clockwise.
                try TestPhotos.writeJPEG(to: path, width: 4000, height: 3000, left: 0xE0_7020, right: 0x20_A0A0, orientation: 6)
                return [path]
            }
            let portrait = TestPhoto(left: 0xE0_7020, right: 0x20_A0A0, width: 4000, height: 3000)
            let measure = try session.settled(portrait)
            // Upright, the stored left half is on top: the left→right axis points down the screen.
            #expect(abs(measure.angle - 90) <= 13, "\(measure)")
            let shot = try session.screenshot()
            let top = try #require(shot.blob(of: portrait.left)), bottom = try #require(shot.blob(of: portrait.right))
            #expect(top.centroid.y < bottom.centroid.y)
            #expect(Double(top.maxY - top.minY + bottom.maxY - bottom.minY) > Double(top.maxX - top.minX) * 1.2, "not portrait")
            print("screenshot: \(try session.saveScreenshot(named: "exif-portrait"))")
        }

        @Test func theWindowAppearsAtOnceAndPhotosArriveAsTheyDecodeWithProgressShown() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let first = server.directory.appendingPathComponent("big-00.jpg").path
            try TestPhotos.writeJPEG(to: first, width: 4000, height: 3000, left: 0x30_9050, right: 0x90_3050, noise: 40)
            var paths = [first]
            for index in 1..<40 {
                let path = server.directory.appendingPathComponent(String(format: "big-%02d.jpg", index)).path
                try FileManager.default.copyItem(atPath: first, toPath: path)
                paths.append(path)
            }
            let clock = ContinuousClock()
            let started = clock.now
            // Each decode made to take at least 150 ms (40 pictures, a few seconds on any machine):
            // what shows only while pictures are decoding shows for sure.
            let app = try AppUnderTest(
                binary: BoardSession.binaryPath, arguments: ["--seed", "3", "--geometry", "1280x800"] + paths, server: server,
                environment: [DecodeHelper.testDelayVariable: "150"])
            defer { app.stop() }
            _ = try waitFor("the window", stall: .seconds(10)) { reader.window(ofProcess: app.pid) }
            let mapped = clock.now - started
            // "At once" is judged against the decoding, not the clock (a busy machine starts a
            // debug build slowly): when the window shows, most photos are still to come — the
            // first look below sees less than the end.
            print("the window appeared after \(mapped)")
            // Sample the screen while loading: the indicator panel darkens the bottom-left corner,
            // and the pictures' area grows as they arrive (their prints lie as plain cards from
            // the start). The area is counted between the controls and the panel, where only
            // prints are. Loading is over when the panel has shown and gone: the 40 decodes last
            // at least three seconds (the delay above), and the panel shows after one at most.
            var sawIndicator = false, areas: [Int] = []
            let done = try waitFor("all photos (areas so far: \(areas.suffix(8)))", stall: .seconds(60), interval: .milliseconds(100)) {
                () -> Bool? in
                let shot = try reader.screenshot()
                let corner = shot.pixel(3, shot.height - 20)
                let isPanel = abs(Int(corner >> 16) - 30) <= 4 && abs(Int(corner >> 8 & 0xFF) - 35) <= 4
                if isPanel { sawIndicator = true }
                // The pictures' noisy left halves; cards are plain grey.
                let top = 80, bottom = shot.height - 40
                let prints = Screenshot(
                    width: shot.width, height: bottom - top, pixels: Array(shot.pixels[(top * shot.width)..<(bottom * shot.width)]))
                areas.append(prints.blob(of: 0x30_9050, tolerance: 48)?.count ?? 0)
                return sawIndicator && !isPanel && areas.count > 3 && areas.suffix(3).allSatisfy { $0 == areas.last && $0 > 0 } ? true : nil
            }
            #expect(done)
            #expect(sawIndicator, "no progress indicator while loading")
            #expect(areas.contains { $0 > 0 && $0 < areas.last! }, "photos did not arrive progressively: \(areas)")
            #expect(areas.first! < areas.last! / 2, "the window came only after most photos were decoded: \(areas)")
            #expect(app.standardError.isEmpty, "\(app.standardError)")
        }

        @Test func zoomingInDecodesThePhotoSharperOnScreen() throws {
            let session = try BoardSession(photos: [], seed: 3) { folder in
                let path = folder + "/stripes.png"
                try TestPhotos.writeStripes(to: path, width: 4000, height: 3000, period: 8)
                return [path]
            }
            // The picture shown (not its card, a plain light grey, nor the bare table) and at rest
            // under the middle of the screen, where the wheel turns below: the middle row the same
            // mid grey (stripes finer than a pixel) three looks running.
            var means: [Int] = []
            _ = try waitFor(
                "the picture at rest (middle row's mean so far: \(means.suffix(8)))", stall: .seconds(20), interval: .milliseconds(100)
            ) {
                () -> Bool? in
                let row = try session.reader.pixels(x: 600, y: 400, width: 80, height: 1).map { Int($0 & 0xFF) }
                means.append(row.reduce(0, +) / row.count)
                return means.count >= 3 && means.suffix(3).allSatisfy { $0 == means.last && (60...180).contains($0) } ? true : nil
            }
            // Zoom in about the middle of the screen with the wheel: 1.1^16 ≈ 4.6×.
            try session.movePointer(to: (640, 400))
            for _ in 0..<16 { try session.click(4) }
            // Stripes 8 source pixels apart show as bands about 5 pixels apart: blurred grey-ish
            // (contrast about 79) magnified from the first 1024-pixel copy, crisp (above 90)
            // once the sharper copy decoded for the zoom is painted.
            func contrast() throws -> Double {
                let row = try session.reader.pixels(x: 440, y: 400, width: 400, height: 1).map { Double($0 & 0xFF) }
                let mean = row.reduce(0, +) / Double(row.count)
                return (row.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(row.count)).squareRoot()
            }
            var seen: [Int] = []
            let sharp = try waitFor(
                "a sharper copy (contrast so far: \(seen.suffix(8)))", stall: .seconds(20), interval: .milliseconds(100)
            ) { () -> Double? in
                let value = try contrast()
                seen.append(Int(value))
                return value > 90 ? value : nil
            }
            #expect(sharp > 90, "stripes show with contrast \(sharp)")
            print("stripes: contrast \(sharp) zoomed in; screenshot \(try session.saveScreenshot(named: "zoomed-stripes"))")
        }

        @Test func badFilesGetOneLineEachAndTheRestOpens() throws {
            var badPaths: [String] = []
            let session = try BoardSession(photos: [.redGreen]) { folder in
                let text = folder + "/notes.jpg", empty = folder + "/empty.png", missing = folder + "/missing.png"
                try "not a photo\n".write(toFile: text, atomically: true, encoding: .utf8)
                FileManager.default.createFile(atPath: empty, contents: Data())
                badPaths = [text, empty, missing]
                return badPaths
            }
            _ = try session.settled(.redGreen)
            let lines = try waitFor("three error lines") { () -> [Substring]? in
                let lines = session.app.standardError.split(separator: "\n")
                return lines.count >= 3 ? lines : nil
            }
            #expect(lines.count == 3, "\(lines)")
            for path in badPaths { #expect(lines.filter { $0.contains(path) }.count == 1, "\(path) in \(lines)") }
            #expect(session.app.process.isRunning)
        }

        @Test func whenNothingCanBeOpenedItSaysWhyAndExitsWithStatusOne() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let text = server.directory.appendingPathComponent("notes.png").path
            try "just text\n".write(toFile: text, atomically: true, encoding: .utf8)
            let bomb = server.directory.appendingPathComponent("bomb.png").path
            try Data(TestPhotos.pngDeclaring(width: 60000, height: 60000)).write(to: URL(fileURLWithPath: bomb))
            let app = try AppUnderTest(binary: BoardSession.binaryPath, arguments: [text, bomb], server: server)
            #expect(try app.waitForExit(stall: .seconds(10)) == 1)
            let lines = app.standardError.split(separator: "\n")
            #expect(lines.count == 3, "\(lines)")
            #expect(lines.contains { $0.contains(text) && $0.contains("holds text") })
            #expect(lines.contains { $0.contains(bomb) && $0.contains("megapixel limit") })
            #expect(lines.last?.contains("none of the given paths could be opened") == true)
        }

        @Test func anUnreadableFileIsReportedAndTheRestOpens() throws {
            var unreadable = ""
            let session = try BoardSession(photos: [.redGreen], user: (65534, 65534)) { folder in
                unreadable = folder + "/private.png"
                try TestPhotos.write(to: unreadable, width: 50, height: 50, left: 0x010203, right: 0x040506)
                chmod(unreadable, 0o000)
                chmod(folder, 0o755)
                return [unreadable]
            }
            _ = try session.settled(.redGreen)
            // (Run as another user, the board also says in its own line that it cannot keep the
            // arrangement in the test's state folder.)
            let line = try waitFor("the permission line") {
                session.app.standardError.split(separator: "\n").first { $0.contains(unreadable) }
            }
            #expect(line.contains("permission denied"), "\(line)")
        }
    }
}
