import Foundation
import Testing
import XorgHarness

/// A person's look at the board under a desktop, step by step: every failure says which window
/// manager, which step and what was on screen, and keeps a screenshot of it.
///
/// A step that throws (a wait that ran out) is recorded and ends only that step, so one broken
/// behaviour does not hide the next.
struct DesktopLook {
    let kind: WindowManager.Kind
    let session: BoardSession

    /// Runs one step; a thrown error becomes a recorded failure of that step, and nil.
    @discardableResult
    func step<T>(_ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T) -> T? {
        defer {
            if let gone = session.windowManager?.exited {
                fail(name, "the window manager is gone: \(gone)", sourceLocation: sourceLocation)
            }
        }
        do {
            return try body()
        } catch {
            fail(name, "\(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Records a failure of `step` unless `condition` holds, with `seen` saying what showed.
    func expect(
        _ condition: Bool, _ step: String, _ seen: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if !condition { fail(step, seen(), sourceLocation: sourceLocation) }
    }

    /// Records a failure of `step` with the screen as it is now, and `earlier` screenshots (named)
    /// kept beside it.
    func fail(_ step: String, _ seen: String, earlier: [(String, Screenshot)] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let name = "wm-\(kind)-" + step.split(separator: " ").prefix(4).joined(separator: "-")
        let now = (try? session.screenshot()).flatMap { save($0, named: name + "-failed") } ?? "none (the screen could not be read)"
        let before = earlier.compactMap { save($0.1, named: "\(name)-\($0.0)") }
        let paths = ([now] + before).joined(separator: ", ")
        Issue.record("under \(kind): \(step): \(seen) (screenshots: \(paths))", sourceLocation: sourceLocation)
    }

    /// Saves a screenshot beside the others in `.build/screenshots` (as `BoardSession` does).
    func save(_ shot: Screenshot, named name: String) -> String? {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/screenshots")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("\(name).png").path
        return (try? shot.savePNG(to: path)).map { path }
    }

    /// The board window's position and size in root coordinates, or an error naming the desktop.
    func geometry(of window: UInt) throws -> Rectangle {
        guard let geometry = session.reader.geometry(window) else { throw HarnessError("the board's window has no geometry") }
        return Rectangle(x: geometry.x, y: geometry.y, width: geometry.width, height: geometry.height)
    }

    /// Waits until the board's window has `expected` geometry, saying what it had last.
    func waitForGeometry(_ expected: Rectangle, of window: UInt, _ what: String) throws {
        var last: Rectangle?
        _ = try waitFor("\(what) (the window was at \(last.map(String.init(describing:)) ?? "nowhere"))", stall: .seconds(5)) {
            () -> Bool? in
            last = try? geometry(of: window)
            return last == expected ? true : nil
        }
    }

    /// The photo measured on `shot`, or an error saying it does not show.
    func measure(_ photo: TestPhoto, on shot: Screenshot) throws -> PrintMeasure {
        guard let measure = PrintMeasure(shot, left: photo.left, right: photo.right) else {
            throw HarnessError(
                "the \(photo) photo does not show (\(photo.left.hex): \(shot.blob(of: photo.left).map(String.init(describing:)) ?? "none"))"
            )
        }
        return measure
    }

    /// Whether the pixel is the board's table colour.
    static func isTable(_ pixel: UInt32) -> Bool { abs(Int(pixel >> 16) - 0x36) <= 3 && abs(Int(pixel & 0xFF) - 0x4A) <= 3 }

    /// The pixels of `area` that differ between two screenshots: how many, and their bounds.
    static func difference(_ a: Screenshot, _ b: Screenshot, in area: Rectangle) -> (count: Int, bounds: Rectangle?) {
        var count = 0, minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in max(0, area.y)..<min(a.height, area.y + area.height) {
            for x in max(0, area.x)..<min(a.width, area.x + area.width) where a.pixel(x, y) != b.pixel(x, y) {
                count += 1
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return (count, count == 0 ? nil : Rectangle(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
    }
}

/// A window's rectangle on screen, in pixels.
struct Rectangle: Equatable, CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int

    var center: (x: Double, y: Double) { (Double(x) + Double(width) / 2, Double(y) + Double(height) / 2) }
    var description: String { "\(width)×\(height) at (\(x), \(y))" }
}

extension UInt32 {
    var hex: String { String(self, radix: 16) }
}
