import Foundation
import XorgHarness

/// Finding notices on screen: each has a bar in its tone's colour along its left edge, a colour
/// nothing else on the board has.
enum NoticeColors {
    /// A notice reporting a problem (`OverlayStyle.problemAccent`).
    static let problem: UInt32 = 0xFA_9E40
    /// A notice that informs (`OverlayStyle.informationAccent`).
    static let information: UInt32 = 0x8C_BFFF

    /// The bar of a notice of `color` once one is fully shown (at least `pixels` of it).
    static func bar(_ color: UInt32, in session: BoardSession, pixels: Int = 40, stall: Duration = .seconds(10)) throws -> Blob {
        try waitFor("a notice with a \(String(color, radix: 16)) bar", stall: stall) { () -> Blob? in
            guard let blob = try session.screenshot().blob(of: color, tolerance: 6), blob.count >= pixels else { return nil }
            return blob
        }
    }

    /// Watches one pixel of a notice's bar until the notice is gone (the pixel stays far from the
    /// bar's colour); returns how long that took and the colours seen on the way.
    static func watchFade(
        of bar: Blob, color: UInt32, in session: BoardSession, stall: Duration = .seconds(20)
    ) throws -> (elapsed: Duration, seen: [UInt32]) {
        let clock = ContinuousClock(), start = clock.now
        let x = Int(bar.centroid.x), y = Int(bar.centroid.y)
        var seen: [UInt32] = []
        var farCount = 0
        _ = try waitFor("the notice to fade away", stall: stall, interval: .milliseconds(8)) { () -> Bool? in
            let pixel = try session.reader.pixels(x: x, y: y, width: 1, height: 1)[0]
            if seen.last != pixel { seen.append(pixel) }
            farCount = distance(pixel, color) > 120 ? farCount + 1 : 0
            return farCount >= 10 ? true : nil
        }
        return (clock.now - start, seen)
    }

    /// The largest per-channel difference between two colours.
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        [16, 8, 0].map { abs(Int(a >> $0 & 0xFF) - Int(b >> $0 & 0xFF)) }.max() ?? 0
    }

    /// Whether `pixel` lies part-way between `from` and `to` on every channel that differs
    /// between them by much: a frame of the fade.
    static func isBetween(_ pixel: UInt32, _ from: UInt32, _ to: UInt32) -> Bool {
        var partWay = false
        for shift in [16, 8, 0] {
            let value = Int(pixel >> UInt32(shift) & 0xFF), low = Int(from >> UInt32(shift) & 0xFF), high = Int(to >> UInt32(shift) & 0xFF)
            guard abs(high - low) > 40 else { continue }
            guard value > min(low, high) + 8, value < max(low, high) - 8 else { return false }
            partWay = true
        }
        return partWay
    }
}
