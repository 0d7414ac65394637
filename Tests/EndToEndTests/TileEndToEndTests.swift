import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// Every pixel (issue 39): a picture larger than the copy the board keeps of it (at most
    /// 4096 px long) shows its own pixels at 1:1 — tiles decoded at the size shown over the
    /// copy, each picture pixel a crisp square. A one-pixel checkerboard in the picture, which
    /// the copy can only show as flat grey, is the measure: a blur cannot pass.
    @Suite struct TileEndToEndTests {
        /// A 6000×4000 JPEG (24 MP, the copy is 4096 px long): four coloured quarters, and about
        /// its middle a one-pixel black-and-white checkerboard of 4800×1200 pixels.
        static func writeCheckerboard(to path: String) throws {
            let (width, height) = (6000, 4000)
            var pixels = [UInt32](repeating: 0, count: width * height)
            let quarters: [UInt32] = [0xC8_3C32, 0x32_50C8, 0x3C_B446, 0xD2_C83C]
            for y in 0..<height {
                let top = y < height / 2 ? 0 : 2
                let inBandY = abs(y - height / 2) < 600
                for x in 0..<width {
                    let value: UInt32
                    if inBandY, abs(x - width / 2) < 2400 {
                        value = (x + y) % 2 == 0 ? 0xFF_FFFF : 0x00_0000
                    } else {
                        value = quarters[top + (x < width / 2 ? 0 : 1)]
                    }
                    pixels[y * width + x] = 0xFF00_0000 | value
                }
            }
            let bytes = try PictureEncoders.savedByGdkPixbuf(
                TestCanvas(width: width, height: height, pixels: pixels), type: "jpeg", options: [("quality", "95")])
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }

        /// How many of the horizontal neighbours in a `side`-pixel square about (`x`, `y`)
        /// differ by more than half the range in every channel: near 1 for the checkerboard at
        /// 1:1, near 0 for its blur.
        static func crispness(_ shot: Screenshot, x: Int, y: Int, side: Int = 64) -> Double {
            var sharp = 0, pairs = 0
            for row in (y - side / 2)..<(y + side / 2) {
                for column in (x - side / 2)..<(x + side / 2) {
                    let a = shot.pixel(column, row), b = shot.pixel(column + 1, row)
                    let apart = [16, 8, 0].allSatisfy { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) > 128 }
                    if apart { sharp += 1 }
                    pairs += 1
                }
            }
            return Double(sharp) / Double(max(pairs, 1))
        }

        @Test func actualPixelsShowsThePicturesOwnPixelsAndAPanStaysSharp() throws {
            let session = try BoardSession(photos: [], waitForPhotos: false) { folder in
                let path = folder + "/checkerboard.jpg"
                try Self.writeCheckerboard(to: path)
                return [path]
            }
            _ = try waitFor("the board window to map", stall: .seconds(30)) { [session] in
                guard session.app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(session.app.standardError)") }
                return session.reader.window(ofProcess: session.app.pid)
            }
            let middle = (x: 640, y: 400)
            var shot = try session.rest(stall: .seconds(20))
            // As laid out, the checkerboard is a few hundred screen pixels: grey.
            #expect(Self.crispness(shot, x: middle.x, y: middle.y) < 0.2)
            // `1`: the print at its own pixels about its middle (near the window's); the tiles
            // come from the helpers after the print rests (waited for while the board and its
            // helpers work: a slow machine waits longer, never fails). The print lies turned a
            // little, as laid out: its pixels are squares turned with it, so some neighbours on a
            // screen row fall on the same square (0.85–0.9 here); a blur gives none.
            try session.press(0x31)
            let atOne = try waitForCrisp(session, at: middle, "the one-pixel checkerboard at 1:1")
            #expect(atOne >= 0.7)
            // A drag of the print by 901 px (odd: the checkerboard's phase changes) brings to the
            // window's middle a part of the picture that was out of the window: its tiles are
            // asked for once the print rests and arrive while nothing else happens — they must
            // be drawn then, not at the next input (the outside review: they waited for one).
            try session.mouseDrag(from: (Double(middle.x + 450), Double(middle.y)), to: (Double(middle.x - 451), Double(middle.y)))
            _ = try session.rest(stall: .seconds(20))
            let panned = try waitForCrisp(session, at: middle, "the checkerboard sharp again after a pan at 1:1")
            #expect(panned >= 0.7)
        }

        /// A print cropped to the checkerboard's top left corner (a board document says so), turned a
        /// little, at its own pixels: its tiles are sharp and show only what the crop keeps — none
        /// of the coloured quarters around the checkerboard, past the print's edges or over its
        /// border (the outside review of issue 40: a turned print's clip alone let them through).
        @Test func aCroppedPrintsTilesShowOnlyWhatTheCropKeeps() throws {
            let session = try BoardSession(photos: [], waitForPhotos: false) { folder in
                try Self.writeCheckerboard(to: folder + "/checkerboard.jpg")
                let (cosine, sine) = (cos(0.12), sin(0.12))
                let placement = "[\(cosine), \(sine), \(-sine), \(cosine), 640, 400]"
                let document = """
                    {"format":"photoboard","version":2,"photos":[{"path":"checkerboard.jpg","baseLongEdge":1500,
                    "placement":\(placement),"initialPlacement":\(placement),"stack":0,"crop":[0.1,0.35,0.1,0.1]}]}
                    """
                try Data(document.utf8).write(to: URL(fileURLWithPath: folder + "/cropped.photoboard"))
                return [folder + "/cropped.photoboard"]
            }
            _ = try waitFor("the board window to map", stall: .seconds(30)) { [session] in
                guard session.app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(session.app.standardError)") }
                return session.reader.window(ofProcess: session.app.pid)
            }
            _ = try session.rest(stall: .seconds(20))
            try session.press(0x31)  // 1: its own pixels
            let middle = (x: 640, y: 400)
            let crisp = try waitForCrisp(session, at: middle, "the cropped checkerboard at 1:1")
            #expect(crisp >= 0.7)
            let shot = try session.rest(stall: .seconds(20))
            for quarter: UInt32 in [0xC8_3C32, 0x32_50C8, 0x3C_B446, 0xD2_C83C] {
                let seen = shot.blob(of: quarter, tolerance: 24)?.count ?? 0
                #expect(seen < 150, "\(seen) pixels of the quarter \(String(quarter, radix: 16)), which the crop cut off")
            }
        }

        /// Waits (while the board and its helpers work) until the square about `point` shows
        /// the checkerboard pixel for pixel; its crispness.
        func waitForCrisp(_ session: BoardSession, at point: (x: Int, y: Int), _ what: String) throws -> Double {
            do {
                return try waitFor(what, stall: .seconds(20)) { () -> Double? in
                    let crisp = Self.crispness(try session.screenshot(), x: point.x, y: point.y)
                    return crisp >= 0.7 ? crisp : nil
                }
            } catch {
                let saved = try? session.saveScreenshot(named: "tiles-not-crisp")
                throw HarnessError("\(error) (\(saved ?? "no screenshot"); the board said: \(session.app.standardError))")
            }
        }
    }
}
