import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct Export {
        /// How many pixels of each colour a PNG holds (within a small tolerance).
        static func counts(in path: String, of colors: [UInt32]) throws -> [Int] {
            let image = try ImageLoader.load(path: path, maximumLongEdge: 4096).image
            var counts = Array(repeating: 0, count: colors.count)
            for y in stride(from: 0, to: Int(image.pixelSize.height), by: 2) {
                for x in stride(from: 0, to: Int(image.pixelSize.width), by: 2) {
                    guard let pixel = image.rgb(x: x, y: y) else { continue }
                    for (index, color) in colors.enumerated() where Self.isClose(pixel, color) { counts[index] += 1 }
                }
            }
            return counts
        }

        static func isClose(_ a: UInt32, _ b: UInt32) -> Bool {
            for shift in [UInt32(0), 8, 16] {
                let x = Int((a >> shift) & 0xFF), y = Int((b >> shift) & 0xFF)
                if abs(x - y) > 10 { return false }
            }
            return true
        }

        @Test func exportRendersTheBoardWithoutAnyXDisplay() throws {
            let folder = try Leftovers.makeFolder("photoboard-export").path
            var paths: [String] = []
            for (index, photo) in [TestPhoto.redGreen, .blueYellow].enumerated() {
                let path = folder + "/photo\(index).png"
                try TestPhotos.write(to: path, width: photo.width, height: photo.height, left: photo.left, right: photo.right)
                paths.append(path)
            }
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = nil
            environment["XDG_STATE_HOME"] = folder + "/state"
            let output = folder + "/board.png", stdout = folder + "/stdout.txt"
            let process = try ChildProcess(
                path: BoardSession.binaryPath, arguments: ["--export", output, "--geometry", "800x600", "--seed", "3"] + paths,
                environment: environment, stdoutPath: stdout, stderrPath: folder + "/stderr.txt")
            #expect(try process.waitForExit(stall: .seconds(20)) == 0)
            #expect(try String(contentsOfFile: stdout, encoding: .utf8) == output + "\n")
            let image = try ImageLoader.load(path: output, maximumLongEdge: 4096).image
            #expect(image.pixelSize == Size(width: 800, height: 600))
            let counts = try Self.counts(in: output, of: [0xD0_2020, 0x20_B040, 0x20_40D0, 0xE0_C020, 0x36_3F4A, 0xFA_F9F5])
            #expect(counts.allSatisfy { $0 > 500 }, "colours in the export: \(counts)")
        }

        @Test func ctrlSSavesTheBoardAsAPictureAndSaysWhere() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            try session.press(0x73, with: [0xFFE3])  // Ctrl+S
            let home = session.server.directory.path
            let file = try waitFor("the exported picture", stall: .seconds(10)) {
                try FileManager.default.contentsOfDirectory(atPath: home).first { $0.hasPrefix("photoboard-") && $0.hasSuffix(".png") }
            }
            let line = try waitFor("the line saying where") { session.app.standardError.split(separator: "\n").first }
            #expect(line.contains(home + "/" + file), "\(line)")
            let counts = try Self.counts(in: home + "/" + file, of: [0xD0_2020, 0x20_B040, 0x20_40D0, 0xE0_C020])
            #expect(counts.allSatisfy { $0 > 500 }, "colours in the export: \(counts)")
        }
    }
}

extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct DragAndDrop {
        @Test func filesDroppedFromAFileManagerLandWhereTheyWereDropped() throws {
            var dropped = ""
            let session = try BoardSession(photos: [.redGreen]) { folder in
                dropped = folder + "/dropped photo.png"  // a space, percent-encoded in the URI
                try TestPhotos.write(to: dropped, width: 300, height: 400, left: 0x20_40D0, right: 0xE0_C020)
                return []
            }
            #expect(try session.measure(.blueYellow) == nil)
            #expect(try session.reader.dropFiles([dropped], onto: session.window, at: (1000, 300)))
            let landed = try session.settled(.blueYellow)
            #expect(abs(landed.center.x - 1000) <= 3 && abs(landed.center.y - 300) <= 3, "\(landed)")
            #expect(session.app.standardError.isEmpty, "\(session.app.standardError)")
        }
    }
}
