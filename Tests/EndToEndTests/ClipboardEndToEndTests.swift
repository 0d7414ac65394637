import Foundation
import Testing
import XBoard
import XorgHarness

extension EndToEnd {
    /// Pictures in and out the way people move them, through the whole board and real programs on
    /// the other side: `xclip` owning and reading the clipboard, and the harness's XDND source
    /// speaking Direct Save as Firefox does.
    @Suite(.timeLimit(.minutes(15)))
    struct Clipboard {
        static let control: UInt = 0xFFE3, v: UInt = 0x76, c: UInt = 0x63, tab: UInt = 0xFF09
        let pasted = TestPhoto.blueYellow

        /// `xclip` owning the clipboard with the file at `path` as `target`, on the session's display.
        func xclip(owning path: String, as target: String, in session: BoardSession) throws -> ChildProcess {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = session.server.displayName
            let process = try ChildProcess(
                path: "/usr/bin/xclip", arguments: ["-selection", "clipboard", "-target", target, "-in", path, "-quiet"],
                environment: environment, stderrPath: path + ".xclip.err")
            pause(.milliseconds(300))  // xclip owns the clipboard once it has set up
            return process
        }

        /// What `xclip -o` reads from the clipboard as `target`.
        func xclip(reading target: String, in session: BoardSession) throws -> [UInt8] {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = session.server.displayName
            let output = session.server.directory.appendingPathComponent("read-\(UUID().uuidString.prefix(6))").path
            let process = try ChildProcess(
                path: "/usr/bin/xclip", arguments: ["-selection", "clipboard", "-target", target, "-out"], environment: environment,
                stdoutPath: output, stderrPath: output + ".err")
            let status = try process.waitForExit(stall: .seconds(30))
            guard status == 0, let data = FileManager.default.contents(atPath: output) else {
                throw HarnessError("xclip -o -t \(target) exited \(status)")
            }
            return [UInt8](data)
        }

        /// The board's folder of pasted pictures and the files in it.
        func pastedFiles(in session: BoardSession) -> [String] {
            let folder = session.server.directory.appendingPathComponent(".local/share/photoboard-x11/pasted").path
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { folder + "/" + $0 }
        }

        @Test func aPicturePastedFromXclipLandsUnderThePointerIsKeptAndIsRememberedAcrossARestart() throws {
            let session = try BoardSession(photos: [.redGreen])
            let picture = session.server.directory.appendingPathComponent("offer.png").path
            try TestPhotos.write(to: picture, width: pasted.width, height: pasted.height, left: pasted.left, right: pasted.right)
            let owner = try xclip(owning: picture, as: "image/png", in: session)
            defer { owner.stop() }
            try session.movePointer(to: (1000, 560))
            try session.press(Self.v, with: [Self.control])
            let landed = try waitFor("the pasted picture on the board", stall: .seconds(15)) { try session.measure(pasted) }
            #expect(abs(landed.center.x - 1000) < 150 && abs(landed.center.y - 560) < 150, "\(landed)")
            // Kept once, by content hash, private.
            let kept = pastedFiles(in: session)
            #expect(kept.count == 1 && kept.allSatisfy { ($0 as NSString).lastPathComponent.count == 64 + 4 }, "\(kept)")
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: kept[0])[.posixPermissions] as? Int)
            #expect(mode == 0o600, "\(String(mode, radix: 8))")
            // Pasted again: the same bytes are the same file, already on the board.
            try session.press(Self.v, with: [Self.control])
            _ = try waitFor("the board to say it is there already") {
                session.app.standardError.isEmpty && pastedFiles(in: session).count == 1 ? true : nil
            }
            // The board remembers it across a restart, where it lay.
            _ = try Drops.savedLayout(in: session, count: 2)
            try session.press(0x71)  // q
            #expect(try session.app.waitForExit(stall: .seconds(10)) == 0)
            let again = try AppUnderTest(
                binary: BoardSession.binaryPath,
                arguments: ["--seed", "7", "--geometry", "1280x800", session.server.directory.appendingPathComponent("photo0.png").path],
                server: session.server)
            defer { again.stop() }
            let back = try waitFor("the pasted picture back after a restart", stall: .seconds(15)) { try session.measure(pasted) }
            #expect(abs(back.center.x - landed.center.x) < 3 && abs(back.center.y - landed.center.y) < 3, "\(back) vs \(landed)")
        }

        @Test func filesCopiedInAFileManagerArePastedAsFiles() throws {
            let session = try BoardSession(photos: [.redGreen])
            let one = session.server.directory.appendingPathComponent("one.png").path
            let two = session.server.directory.appendingPathComponent("two.png").path
            try TestPhotos.write(to: one, width: 300, height: 400, left: TestPhoto.blueYellow.left, right: TestPhoto.blueYellow.right)
            try TestPhotos.write(to: two, width: 400, height: 300, left: TestPhoto.cyanMagenta.left, right: TestPhoto.cyanMagenta.right)
            let list = session.server.directory.appendingPathComponent("copied").path
            try "copy\nfile://\(one)\nfile://\(two)".write(toFile: list, atomically: true, encoding: .utf8)
            let owner = try xclip(owning: list, as: "x-special/gnome-copied-files", in: session)
            defer { owner.stop() }
            try session.press(Self.v, with: [Self.control])
            _ = try waitFor("both pasted files on the board", stall: .seconds(15)) {
                try session.measure(.blueYellow) != nil && session.measure(.cyanMagenta) != nil ? true : nil
            }
            #expect(pastedFiles(in: session).isEmpty, "files are pasted as themselves, never copied")
            // Undo takes the paste back off the board.
            try session.press(0x7A, with: [Self.control])
            _ = try waitFor("the pasted files off the board again", stall: .seconds(10)) {
                try session.measure(.blueYellow) == nil && session.measure(.cyanMagenta) == nil ? true : nil
            }
        }

        @Test func aCopiedPrintIsReadBackByXclipAndAMalformedOfferPastedIsOneLineAndNothingAdded() throws {
            let session = try BoardSession(photos: [.redGreen])
            try session.press(Self.tab)  // select the photo
            try session.press(Self.c, with: [Self.control])
            _ = try waitFor("the copy's notice") { () -> Bool? in
                (try? xclip(reading: "TARGETS", in: session)).map { String(decoding: $0, as: UTF8.self).contains("image/png") } == true
                    ? true : nil
            }
            let uris = String(decoding: try xclip(reading: "text/uri-list", in: session), as: UTF8.self)
            let photo = session.server.directory.appendingPathComponent("photo0.png").path
            #expect(uris.contains("file://" + photo), "\(uris)")
            let png = try xclip(reading: "image/png", in: session)
            let read = session.server.directory.appendingPathComponent("copied.png").path
            try Data(png).write(to: URL(fileURLWithPath: read))
            let picture = try Screenshot(pngAt: read)
            let photoSize = TestPhoto.redGreen
            #expect(picture.width == photoSize.width && picture.height == photoSize.height, "\(picture.width)×\(picture.height)")
            #expect(picture.pixel(photoSize.width / 4, photoSize.height / 2) == photoSize.left)
            #expect(picture.pixel(photoSize.width * 3 / 4, photoSize.height / 2) == photoSize.right)
            #expect(session.app.standardError.isEmpty, "\(session.app.standardError)")

            // A malformed offer pasted (Ctrl+V): one line, and nothing added.
            let junk = session.server.directory.appendingPathComponent("junk").path
            try Data("this is not a PNG".utf8).write(to: URL(fileURLWithPath: junk))
            let owner = try xclip(owning: junk, as: "image/png", in: session)
            defer { owner.stop() }
            try session.press(Self.v, with: [Self.control])
            let line = try waitFor("the refusal") {
                session.app.standardError.split(separator: "\n").first { $0.contains("not a picture") || $0.contains("refused") }
            }
            #expect(session.app.standardError.split(separator: "\n").count == 1, "\(session.app.standardError)")
            #expect(line.hasPrefix("photoboard-x11: "))
            #expect(pastedFiles(in: session).isEmpty)
        }

        /// Out of a browser: a web address alone is refused with a line saying the board does not
        /// fetch; a picture dragged with Direct Save lands where it is dropped.
        @Test func aWebAddressDroppedIsRefusedAndAPictureDraggedWithDirectSaveLandsWhereItIsDropped() throws {
            let session = try BoardSession(photos: [.redGreen])
            var link = DropPayload(paths: [])
            link.offersURIList = false
            link.link = (
                "text/x-moz-url", Array("https://example.org/cat.jpg\ncat".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            )
            _ = try session.reader.drop(link, onto: session.window, at: (900, 500))
            _ = try waitFor("the line about the network") {
                session.app.standardError.contains("network") ? true : nil
            }
            #expect(pastedFiles(in: session).isEmpty)
            let source = session.server.directory.appendingPathComponent("source.png").path
            try TestPhotos.write(to: source, width: pasted.width, height: pasted.height, left: pasted.left, right: pasted.right)
            var payload = DropPayload(paths: [])
            payload.offersURIList = false
            payload.directSave = DropPayload.DirectSave(
                suggestedName: "cat.png", bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: source))))
            let outcome = try session.reader.drop(payload, onto: session.window, at: (900, 500))
            #expect(outcome.finished && outcome.finishedAccepted, "\(outcome)")
            let landed = try waitFor("the dropped picture on the board", stall: .seconds(15)) { try session.measure(pasted) }
            #expect(abs(landed.center.x - 900) < 150 && abs(landed.center.y - 500) < 150, "\(landed)")
            #expect(pastedFiles(in: session).count == 1)
        }
    }
}
