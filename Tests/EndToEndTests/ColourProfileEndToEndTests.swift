import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// Colour profiles honoured where a person sees the colours: on the screen of a real Xorg whose
/// root window states a display profile (`_ICC_PROFILE`, as colord sets it) and in `--export`,
/// which is sRGB whatever the screen. Every picture must show what Little CMS computes for the
/// numbers it stores (read by decoding it in this process without colour management), within 2.
extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct ColourProfiles {
        static let colour: UInt32 = 0xC8_7840

        static func hex(_ colour: UInt32) -> String { String(colour, radix: 16) }

        /// The pictures of the table also judged on screen (as `format-statement`): an embedded
        /// profile and a PNG's CICP chunk. `PlatformTests`' `ColourFidelityTests` converts every
        /// one of them to this display's profile as decoded, and `--export` shows every one in
        /// sRGB through the real binary; what X adds — the display's profile, read from the
        /// root window, and the painting — is the same for each.
        static let onScreen: Set<String> = ["jpeg-displayP3", "png-cICP-Display-P3"]

        /// The numbers a picture stores, as its decoder gives them.
        static func stored(_ path: String) throws -> UInt32 {
            try #require(try ImageLoader.load(path: path, colour: nil).image.rgb(x: 120, y: 80))
        }

        /// The board on `server` until the print shows `expected` (within 2) over at least 100,000
        /// pixels, or 15 s pass; the print's middle then, and stderr.
        static func screen(
            _ path: String, expected: UInt32, on server: XorgServer, reader: ScreenReader, options: [String] = []
        ) throws -> (shows: Bool, middle: String, stderr: String) {
            let shown = try PictureFidelity.show(options + ["--fresh", "--seed", "1", path], on: server, reader: reader) { shot in
                (shot.blob(of: expected, tolerance: 2)?.count ?? 0) > 100_000 ? true : nil
            }
            return (shown.verdict != nil, PictureFidelity.printMiddle(shown.shot).map(hex) ?? "no print", shown.stderr)
        }

        /// `--export` of `path`: whether its print shows `expected` (within 2), its middle, stderr.
        static func export(_ path: String, expected: UInt32, in folder: String, name: String) throws -> (
            shows: Bool, middle: String, stderr: String
        ) {
            let exported = try PictureFidelity.export([path], in: folder, name: name)
            let count = exported.shot.blob(of: expected, tolerance: 2)?.count ?? 0
            return (count > 60_000, PictureFidelity.printMiddle(exported.shot).map(hex) ?? "no print", exported.stderr)
        }

        @Test func everyFormatAndProfileShowsWhatLittleCMSComputesOnADisplayWithAProfileAndInExports() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let folder = server.directory.path
            // A wide-gamut display, as a monitor calibrated to Adobe RGB states it.
            let display = try ColourFixtures.Profile.adobeRGB.bytes()
            reader.setDisplayProfile(display)
            var report: [String] = [], shown = 0
            for (format, statement) in ColourFixtures.table {
                let name = "\(format)-\(statement)".replacingOccurrences(of: " ", with: "-")
                let path = folder + "/flat-\(name).\(format.fileExtension)"
                try ColourFixtures.writeFlat(format, colour: Self.colour, stating: statement, to: path)
                let stored = try Self.stored(path), source = try statement.sourceProfile()
                let onScreen = try ColourReference.convert(stored, from: source, to: display)
                let inExport = try ColourReference.convert(stored, from: source, to: nil)
                var screen = (shows: true, middle: "not shown", stderr: "")
                if Self.onScreen.contains(name) {
                    shown += 1
                    screen = try Self.screen(path, expected: onScreen, on: server, reader: reader)
                    #expect(screen.shows, "\(format) \(statement) on screen: \(screen.middle), Little CMS says \(Self.hex(onScreen))")
                    #expect(screen.stderr.isEmpty, "\(format) \(statement): \(screen.stderr)")
                }
                let exported = try Self.export(path, expected: inExport, in: folder, name: name)
                #expect(exported.shows, "\(format) \(statement) in --export: \(exported.middle), Little CMS says \(Self.hex(inExport))")
                #expect(exported.stderr.isEmpty, "\(format) \(statement): \(exported.stderr)")
                report.append(
                    "\(format) \(statement): stored \(Self.hex(stored)); screen \(screen.middle) (want \(Self.hex(onScreen))), "
                        + "export \(exported.middle) (want \(Self.hex(inExport)))")
            }
            print(report.joined(separator: "\n"))
            #expect(shown == Self.onScreen.count, "\(shown) shown on screen")
        }

        @Test func aDamagedOrAbsurdProfileIsOneLineAndThePictureShowsAsSRGB() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let folder = server.directory.path
            let display = try ColourFixtures.Profile.adobeRGB.bytes()
            reader.setDisplayProfile(display)
            for damaged in ColourFixtures.Damaged.allCases {
                let path = folder + "/damaged-\(damaged).\(damaged.fileExtension)"
                try damaged.write(colour: Self.colour, to: path)
                let stored = try Self.stored(path)
                // As sRGB: on screen converted from sRGB to the display's profile; exported as stored.
                let onScreen = try ColourReference.convert(stored, from: nil, to: display)
                // On screen for one (what X adds is the same for each: see `onScreen`), in
                // --export for every one.
                var said: [(String, String)] = []
                if damaged == ColourFixtures.Damaged.allCases.first {
                    let screen = try Self.screen(path, expected: onScreen, on: server, reader: reader)
                    #expect(screen.shows, "\(damaged) on screen: \(screen.middle), as sRGB \(Self.hex(onScreen))")
                    said.append(("screen", screen.stderr))
                }
                let exported = try Self.export(path, expected: stored, in: folder, name: "damaged-\(damaged)")
                #expect(exported.shows, "\(damaged) in --export: \(exported.middle), as sRGB \(Self.hex(stored))")
                said.append(("export", exported.stderr))
                for (place, stderr) in said {
                    let lines = stderr.split(separator: "\n")
                    #expect(lines.count == 1, "\(damaged) (\(place)): \(lines)")
                    let line = lines.first.map(String.init) ?? ""
                    #expect(
                        line.hasPrefix("photoboard-x11: \(path): \(damaged.reason)") && line.hasSuffix("; shown as sRGB"),
                        "\(damaged) (\(place)): \(line)")
                }
            }
        }

        @Test func theScreenFollowsTheDisplayProfileAsItChangesWhileExportsStaySRGB() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let folder = server.directory.path
            let path = folder + "/phone.jpg"
            try ColourFixtures.writeFlat(.jpeg, colour: Self.colour, stating: .profile(.displayP3), to: path)
            let stored = try Self.stored(path), source = try ColourFixtures.Profile.displayP3.bytes()
            let adobe = try ColourFixtures.Profile.adobeRGB.bytes(), proPhoto = try ColourFixtures.Profile.proPhotoRGB.bytes()
            let inSRGB = try ColourReference.convert(stored, from: source, to: nil)
            let onAdobe = try ColourReference.convert(stored, from: source, to: adobe)
            let onProPhoto = try ColourReference.convert(stored, from: source, to: proPhoto)
            #expect(Set([inSRGB, onAdobe, onProPhoto]).count == 3, "the three displays must tell apart")

            let app = try AppUnderTest(
                binary: BoardSession.binaryPath, arguments: ["--fresh", "--seed", "1", path], server: server)
            defer { app.stop() }
            _ = try waitFor("the board window", stall: .seconds(15)) { () -> UInt? in
                guard app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(app.standardError)") }
                return reader.window(ofProcess: app.pid)
            }
            func waitForPrint(of colour: UInt32, _ what: String) throws {
                var last = "nothing"
                do {
                    _ = try waitFor(what, stall: .seconds(15)) { () -> Bool? in
                        let shot = try reader.screenshot()
                        last = PictureFidelity.printMiddle(shot).map(Self.hex) ?? "no print"
                        return (shot.blob(of: colour, tolerance: 2)?.count ?? 0) > 100_000 ? true : nil
                    }
                } catch {
                    Issue.record("\(what): the print's middle is \(last), want \(Self.hex(colour))")
                }
            }
            try waitForPrint(of: inSRGB, "sRGB while the root states no profile")
            reader.setDisplayProfile(adobe)
            try waitForPrint(of: onAdobe, "the Adobe RGB display profile set")
            reader.setDisplayProfile(proPhoto)
            try waitForPrint(of: onProPhoto, "the profile changed to ProPhoto RGB")
            // Exports stay sRGB whatever the screen's profile.
            let exported = try Self.export(path, expected: inSRGB, in: folder, name: "while-prophoto")
            #expect(exported.shows, "--export: \(exported.middle), want sRGB \(Self.hex(inSRGB))")
            reader.setDisplayProfile(nil)
            try waitForPrint(of: inSRGB, "the profile removed")
            var damaged = adobe
            damaged.replaceSubrange(36..<40, with: Array("xxxx".utf8))
            reader.setDisplayProfile(damaged)
            try waitForPrint(of: inSRGB, "a damaged profile set: sRGB")
            let said =
                "photoboard-x11: the display's colour profile (_ICC_PROFILE on the root window): its ICC profile is damaged "
                + "(no acsp signature); pictures are shown as for sRGB"
            _ = try? waitFor("the damaged profile's line", stall: .seconds(5)) { app.standardError.contains(said) ? true : nil }
            reader.setDisplayProfile(adobe)
            try waitForPrint(of: onAdobe, "Adobe RGB again")
            let lines = app.standardError.split(separator: "\n").map(String.init)
            #expect(lines == [said], "\(lines)")
            print("screenshot: \(try PictureFidelity.save(try reader.screenshot(), name: "colour-profile-adobe-display"))")
        }

        @Test func withColourManagementOffTheScreenShowsTheStoredNumbers() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let path = server.directory.path + "/p3.png"
            try ColourFixtures.writeFlat(.png, colour: Self.colour, stating: .profile(.displayP3), to: path)
            reader.setDisplayProfile(try ColourFixtures.Profile.adobeRGB.bytes())
            let screen = try Self.screen(path, expected: Self.colour, on: server, reader: reader, options: ["--colour-management", "off"])
            #expect(screen.shows, "on screen: \(screen.middle), want the stored \(Self.hex(Self.colour))")
            #expect(screen.stderr.isEmpty, "\(screen.stderr)")
        }

        @Test func eachMonitorHasItsOwnProfileAndTheWindowFollowsTheMonitorItIsMovedTo() throws {
            let server = try XorgServer()
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            // Two monitors side by side over the 1280×800 screen, counted left then right.
            try reader.addMonitor("LEFT", x: 0, y: 0, width: 640, height: 800, takingOutput: true)
            try reader.addMonitor("RIGHT", x: 640, y: 0, width: 640, height: 800)
            let monitors = reader.monitors()
            try #require(
                monitors.count == 2 && monitors[0].x == 0 && monitors[0].width == 640 && monitors[1].x == 640, "monitors: \(monitors)")
            let folder = server.directory.path
            let path = folder + "/phone.png"
            try ColourFixtures.writeFlat(.png, colour: Self.colour, stating: .profile(.displayP3), to: path)
            let source = try ColourFixtures.Profile.displayP3.bytes()
            let adobe = try ColourFixtures.Profile.adobeRGB.bytes(), proPhoto = try ColourFixtures.Profile.proPhotoRGB.bytes()
            reader.setDisplayProfile(adobe)  // the left monitor
            reader.setDisplayProfile(proPhoto, monitor: 1)  // the right one
            let onLeft = try ColourReference.convert(Self.colour, from: source, to: adobe)
            let onRight = try ColourReference.convert(Self.colour, from: source, to: proPhoto)

            let app = try AppUnderTest(
                binary: BoardSession.binaryPath, arguments: ["--fresh", "--seed", "1", "--geometry", "600x400", path], server: server)
            defer { app.stop() }
            let window = try waitFor("the board window", stall: .seconds(15)) { () -> UInt? in
                guard app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(app.standardError)") }
                return reader.window(ofProcess: app.pid)
            }
            func waitForPrint(of colour: UInt32, inside: (x: Int, width: Int), _ what: String) {
                var last = 0
                do {
                    _ = try waitFor(what, stall: .seconds(15)) { () -> Bool? in
                        let shot = try reader.screenshot()
                        guard let blob = shot.blob(of: colour, tolerance: 2) else { return nil }
                        last = blob.count
                        let x = Int(blob.centroid.x)
                        return blob.count > 20_000 && x >= inside.x && x < inside.x + inside.width ? true : nil
                    }
                } catch {
                    Issue.record("\(what): \(last) pixels of \(Self.hex(colour))")
                }
            }
            reader.move(window, x: 20, y: 200)
            waitForPrint(of: onLeft, inside: (0, 640), "on the left monitor: its Adobe RGB profile")
            reader.move(window, x: 660, y: 200)
            waitForPrint(of: onRight, inside: (640, 640), "moved to the right monitor: its ProPhoto RGB profile")
            reader.move(window, x: 20, y: 200)
            waitForPrint(of: onLeft, inside: (0, 640), "back on the left monitor")
            #expect(app.standardError.isEmpty, "\(app.standardError)")
        }
    }
}
