import Foundation
import XBoard
import XBoardPlatform
import XorgHarness

/// Every pixel (issue 39): a 192 MP JPEG (16000×12000, a one-pixel checkerboard about its
/// middle, so only its own pixels look sharp) alone on a 1920×1080 board; `1` shows it at its own
/// pixels. Measured: from the key to the square about the window's middle showing the
/// checkerboard pixel for pixel, against `djpeg` decoding the whole file at full size in the same
/// run (the bound: within twice that, and within 1 s); a mouse pan of 301 px at 1:1 and
/// the time to sharp again; the board's and the X server's resident memory before and at 1:1.
enum TileBenchmark {
    struct Figures {
        var toSharp = 0.0, djpeg = 0.0, panToSharp = 0.0
        var boardBefore = 0.0, boardAtOne = 0.0, serverBefore = 0.0, serverAtOne = 0.0
    }

    static let (width, height) = (1920, 1080)
    static let picture = (width: 16000, height: 12000)

    /// The picture, written once into the bench's folder: four coloured quarters with photo-like
    /// noise, and a 2400×1600 checkerboard about the middle (JPEG, quality 90).
    static func bigPicture(in pictures: BenchPhotos) throws -> String {
        let path = pictures.folder + "/checkerboard-192mp-noisy.jpg"
        if FileManager.default.fileExists(atPath: path) { return path }
        let ppm = pictures.folder + "/checkerboard.ppm"
        let (w, h) = picture
        var data = Data("P6 \(w) \(h) 255\n".utf8)
        data.reserveCapacity(w * h * 3 + 32)
        var row = [UInt8](repeating: 0, count: w * 3)
        let quarters: [[UInt8]] = [[200, 60, 50], [50, 80, 200], [60, 180, 70], [210, 200, 60]]
        var random: UInt64 = 39
        for y in 0..<h {
            let top = y < h / 2 ? 0 : 2
            let inBand = abs(y - h / 2) < 800
            for x in 0..<w {
                let colour: [UInt8]
                if inBand, abs(x - w / 2) < 1200 {
                    colour = (x + y) % 2 == 0 ? [255, 255, 255] : [0, 0, 0]
                } else {
                    colour = quarters[top + (x < w / 2 ? 0 : 1)]
                }
                // Photo-like noise outside the checkerboard: flat colours decode unrealistically fast.
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = inBand && abs(x - w / 2) < 1200 ? 0 : Int(random >> 59) - 16
                row[x * 3] = UInt8(clamping: Int(colour[0]) + noise)
                row[x * 3 + 1] = UInt8(clamping: Int(colour[1]) + noise)
                row[x * 3 + 2] = UInt8(clamping: Int(colour[2]) - noise)
            }
            data.append(contentsOf: row)
        }
        try data.write(to: URL(fileURLWithPath: ppm))
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        let cjpeg = Process()
        cjpeg.executableURL = URL(fileURLWithPath: "/usr/bin/cjpeg")
        cjpeg.arguments = ["-quality", "90", "-outfile", path, ppm]
        try cjpeg.run()
        cjpeg.waitUntilExit()
        guard cjpeg.terminationStatus == 0 else { throw HarnessError("cjpeg failed (is libjpeg-turbo-progs installed?)") }
        return path
    }

    /// The share of horizontal neighbours in a 64-pixel square about `point` more than half the
    /// range apart in every channel: near 1 for the checkerboard at 1:1, 0 for its blur. Read as
    /// that square alone (a whole screen every 10 ms would load the server it measures).
    static func crispness(_ reader: ScreenReader, at point: (x: Int, y: Int)) throws -> Double {
        let pixels = try reader.pixels(x: point.x - 32, y: point.y - 32, width: 65, height: 64)
        var sharp = 0, pairs = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let a = pixels[y * 65 + x], b = pixels[y * 65 + x + 1]
                if [16, 8, 0].allSatisfy({ abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) > 128 }) { sharp += 1 }
                pairs += 1
            }
        }
        return Double(sharp) / Double(pairs)
    }

    /// Seconds from `start` until the middle square is crisp (read every 10 ms).
    static func untilCrisp(_ reader: ScreenReader, since start: ContinuousClock.Instant) throws -> Double {
        let middle = (x: width / 2, y: height / 2)
        do {
            return try waitFor("the checkerboard pixel for pixel", stall: .seconds(30), interval: .milliseconds(10)) { () -> Double? in
                try crispness(reader, at: middle) >= 0.7 ? (ContinuousClock.now - start).seconds : nil
            }
        } catch {
            try? reader.screenshot().savePNG(to: "/tmp/tiles-bench-not-crisp.png")
            throw HarnessError("\(error) (/tmp/tiles-bench-not-crisp.png)")
        }
    }

    static func run(binary: String, pictures: BenchPhotos) throws -> Figures {
        let file = try bigPicture(in: pictures)
        var figures = Figures()
        let djpeg = Process()
        djpeg.executableURL = URL(fileURLWithPath: "/usr/bin/djpeg")
        djpeg.arguments = ["-outfile", "/dev/null", file]
        let started = ContinuousClock.now
        try djpeg.run()
        djpeg.waitUntilExit()
        figures.djpeg = (ContinuousClock.now - started).seconds

        let server = try XorgServer(width: width, height: height)
        defer { server.stop() }
        let reader = try ScreenReader(displayName: server.displayName)
        defer { reader.close() }
        guard let serverPID = server.pid else { throw HarnessError("no server pid") }
        let app = try AppUnderTest(binary: binary, arguments: ["--seed", "3", "--geometry", "\(width)x\(height)", file], server: server)
        defer { app.stop() }
        _ = try waitFor("the window", stall: .seconds(30)) { reader.window(ofProcess: app.pid) }
        _ = try reader.waitForRest(of: app, on: server, still: .milliseconds(800), stall: .seconds(60))
        figures.boardBefore = Measure.residentMiB(of: app.pid)
        figures.serverBefore = Measure.residentMiB(of: serverPID)
        let pressed = ContinuousClock.now
        try server.keyboard.press(reader.keycode(for: 0x31))
        figures.toSharp = try untilCrisp(reader, since: pressed)
        _ = try reader.waitForRest(of: app, on: server, still: .milliseconds(800), stall: .seconds(60))
        figures.boardAtOne = Measure.residentMiB(of: app.pid)
        figures.serverAtOne = Measure.residentMiB(of: serverPID)
        // A pan of 301 px by the mouse, then sharp again.
        let (x, y) = (Double(width / 2), Double(height / 2))
        try server.pointer.motion(x: x + 150, y: y)
        try server.pointer.button(1, pressed: true)
        for step in 1...30 {
            try server.pointer.motion(x: x + 150 - 301 * Double(step) / 30, y: y)
            pause(.milliseconds(16))
        }
        pause(.milliseconds(150))
        let lifted = ContinuousClock.now
        try server.pointer.button(1, pressed: false)
        try server.pointer.sync()
        figures.panToSharp = try untilCrisp(reader, since: lifted)
        return figures
    }

    static func rows(binary: String, pictures: BenchPhotos) throws -> [String] {
        let figures = try run(binary: binary, pictures: pictures)
        let setup = "a 16000×12000 JPEG (192 MP) alone, 1920×1080"
        func ms(_ seconds: Double) -> String { "\(Measure.format(seconds * 1000, 0)) ms" }
        return [
            "| `1` to its own pixels, sharp at the middle; `djpeg` of the whole file | \(setup) | \(ms(figures.toSharp)); djpeg \(ms(figures.djpeg)) | ≤ 1 s and ≤ 2× djpeg |",
            "| a 301 px pan at 1:1, from the release to sharp | \(setup) | \(ms(figures.panToSharp)) | ≤ 1 s |",
            "| board resident memory: laid out, at 1:1 | \(setup) | \(Measure.format(figures.boardBefore, 0)) MiB, \(Measure.format(figures.boardAtOne, 0)) MiB | ≤ 400 MB |",
            "| X server resident memory: laid out, at 1:1 | \(setup) | \(Measure.format(figures.serverBefore, 0)) MiB, \(Measure.format(figures.serverAtOne, 0)) MiB | grown ≤ 300 MB |",
        ]
    }
}
