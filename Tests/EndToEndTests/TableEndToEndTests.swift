import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// The table itself: the window is a view onto the board, which fingers on the bare table,
    /// the wheel over it, a middle drag, Home and the Fit control zoom and pan. What each does to
    /// the view is the controller's and the session's (`TableGestureTests`, `BoardViewTests`,
    /// `TableKeyTranscriptTests`, `MouseEmulatorTests`); here, that real XI 2.2 touches, wheel
    /// notches, buttons and keys reach it, measured on screen on two marker prints. One board by
    /// touch alone, one by mouse (Space+drag and Ctrl+click too: `TablePointerTranscriptTests`).
    @Suite(.timeLimit(.minutes(15)))
    struct Table {
        /// X keycodes (evdev + 8).
        static let shift: Int32 = 50, control: Int32 = 37, space: Int32 = 65
        /// The selection outline's colour.
        static let outline: UInt32 = 0x33_73F2
        static let markers = [TestPhoto.redGreen, .blueYellow]

        @Test func byTouchAloneTwoFingersZoomTheTableOnePansItFitShowsEveryPrintAndABandSelects() throws {
            let session = try BoardSession(
                photos: Self.markers, environment: ["PHOTOBOARD_TRACE": "widgets", "PHOTOBOARD_CONTROLS_IDLE": "60"], touchOnly: true)
            #expect(session.server.pointer == nil && session.server.keyboard == nil)
            let table = try tableColour(session)

            // Two fingers on the bare table between the markers pinch from 200 to 100 px apart:
            // the table zooms out to half about the fingers' midpoint, which stays where it is.
            var before = try Self.markers.map { try session.settled($0) }
            var between = try bareSpot(near: midpoint(before[0], before[1]), size: (220, 30), in: session, table: table)
            try session.gesture([
                (1, (between.x - 100, between.y), (between.x - 50, between.y)),
                (2, (between.x + 100, between.y), (between.x + 50, between.y)),
            ])
            try session.rest()
            var after = try Self.markers.map { try session.settled($0) }
            try expectScaled(from: before, to: after, by: 0.5, about: between)

            // Spread from 80 to 120 px apart, they zoom it 1.5× about their midpoint.
            before = after
            between = try bareSpot(near: midpoint(before[0], before[1]), size: (140, 30), in: session, table: table)
            try session.gesture([
                (1, (between.x - 40, between.y), (between.x - 60, between.y)),
                (2, (between.x + 40, between.y), (between.x + 60, between.y)),
            ])
            try session.rest()
            after = try Self.markers.map { try session.settled($0) }
            print("screenshot: \(try session.saveScreenshot(named: "table-touch-zoomed"))")
            try expectScaled(from: before, to: after, by: 1.5, about: between)

            // One finger on the bare table pans both markers by its drag.
            before = after
            let middle = midpoint(before[0], before[1])
            let drag = (middle.x > 640 ? -120.0 : 120.0, middle.y > 400 ? -70.0 : 70.0)
            let start = try bareSpot(near: (middle.x - drag.0, middle.y - drag.1), size: (30, 30), in: session, table: table)
            try session.gesture([(1, (start.x, start.y), (start.x + drag.0, start.y + drag.1))])
            try session.rest()
            after = try Self.markers.map { try session.settled($0) }
            for (old, new) in zip(before, after) {
                let moved = (new.center.x - old.center.x, new.center.y - old.center.y)
                #expect(abs(moved.0 - drag.0) <= 3 && abs(moved.1 - drag.1) <= 3, "a marker moved \(moved), the finger \(drag)")
                #expect(abs(new.span - old.span) <= 1)
            }

            // Pushed half off the window's left edge, the red marker is no longer whole; the Fit
            // control shows every print whole again.
            before = after
            let push = 10 - before[0].center.x
            let from = try bareSpot(near: (max(40, min(1240, 640 - push / 2)), 700), size: (30, 30), in: session, table: table)
            try session.gesture([(1, (from.x, from.y), (from.x + push, from.y))])
            try session.rest()
            let pushed = try session.rest()
            #expect(PrintMeasure(pushed, left: 0xD0_2020, right: 0x20_B040).map { !Self.markers[0].isWhole($0, in: pushed) } ?? true)
            try tapControl("Fit", in: session, table: table)
            try waitForEveryMarkerWhole(after: "Fit", in: session)
            print("screenshot: \(try session.saveScreenshot(named: "table-touch-fit"))")

            // Pressed and held on the bare table above and left of both markers, then dragged past
            // their middles, a finger draws a band that selects both.
            try session.rest()
            before = try Self.markers.map { try session.settled($0) }
            let corner = (min(before[0].center.x, before[1].center.x), min(before[0].center.y, before[1].center.y))
            let far = (max(before[0].center.x, before[1].center.x), max(before[0].center.y, before[1].center.y))
            let bandStart = try bareSpot(near: (corner.0 - 150, corner.1 - 150), size: (20, 20), in: session, table: table)
            #expect(bandStart.x < corner.0 && bandStart.y < corner.1, "precondition: the band starts above and left: \(bandStart)")
            try session.touch(.begin, 3, bandStart.x, bandStart.y)
            pause(.milliseconds(900))  // past the half second a hold takes: the ring fills
            for step in 1...20 {
                let f = Double(step) / 20
                try session.touch(.update, 3, bandStart.x + (far.0 - bandStart.x) * f, bandStart.y + (far.1 - bandStart.y) * f)
                pause(.microseconds(8333))
            }
            print("screenshot: \(try session.saveScreenshot(named: "table-touch-band"))")
            try session.touch(.end, 3, far.0, far.1)
            try session.rest()
            print("screenshot: \(try session.saveScreenshot(named: "table-touch-selected"))")

            // Dragging one of them moves both by the finger's drag.
            let grab = try session.grabPoint(.blueYellow)
            let move = (grab.0 > 640 ? -80.0 : 80.0, grab.1 > 400 ? -40.0 : 40.0)
            try session.gesture([(1, grab, (grab.0 + move.0, grab.1 + move.1))])
            try session.rest()
            after = try Self.markers.map { try session.settled($0) }
            for (old, new) in zip(before, after) {
                let moved = (new.center.x - old.center.x, new.center.y - old.center.y)
                #expect(abs(moved.0 - move.0) <= 3 && abs(moved.1 - move.1) <= 3, "a selected marker moved \(moved), the finger \(move)")
            }

            // "Remove from the board" in one's menu (press and hold) takes both off; one tap of
            // Undo brings both back where they lay.
            let held = try session.grabPoint(.redGreen)
            try session.touch(.begin, 4, held.0, held.1)
            pause(.milliseconds(900))
            try session.touch(.end, 4, held.0, held.1)
            let entry = try waitFor("the print's menu", stall: .seconds(10)) { () -> (x: Double, y: Double)? in
                for line in targets(session) where line.hasPrefix("menu Remove from the board at ") {
                    let n = line.dropFirst("menu Remove from the board at ".count).split(separator: " ").compactMap { Double($0) }
                    if n.count == 4 { return (n[0] + n[2] / 2, n[1] + n[3] / 2) }
                }
                return nil
            }
            try session.tap(at: (entry.x, entry.y))
            _ = try waitFor("both markers off the board", stall: .seconds(10)) {
                try Self.markers.allSatisfy { try session.measure($0) == nil } ? true : nil
            }
            try tapControl("Undo", in: session, table: table)
            try session.rest()
            let back = try Self.markers.map { try session.settled($0) }
            for (old, new) in zip(after, back) {
                #expect(abs(new.center.x - old.center.x) <= 2 && abs(new.center.y - old.center.y) <= 2, "\(new) vs \(old)")
            }
        }

        @Test func byMouseTheWheelZoomsTheTableOrAPrintAMiddleDragPansHomeShowsEveryPrintAndABandSelects() throws {
            let session = try BoardSession(photos: Self.markers)
            let table = try tableColour(session)

            // Ctrl+minus three times zooms the table out to 1/1.25³ about the window's middle.
            let first = try Self.markers.map { try session.settled($0) }
            for _ in 0..<3 { try session.press(0x2D, with: [0xFFE3]) }  // Ctrl+minus
            var after = try Self.markers.map { try session.settled($0) }
            try expectScaled(from: first, to: after, by: 1 / (1.25 * 1.25 * 1.25), about: (640, 400))

            // Two wheel notches up over the bare table zoom the table 1.1² about the pointer.
            var before = after
            let pointer = try bareSpot(near: midpoint(before[0], before[1]), size: (20, 20), in: session, table: table)
            try session.click(4, at: (pointer.x, pointer.y))
            try session.click(4)
            after = try Self.markers.map { try session.settled($0) }
            try expectScaled(from: before, to: after, by: 1.21, about: pointer, tolerance: 0.03)
            print("screenshot: \(try session.saveScreenshot(named: "table-mouse-wheel"))")

            // Over a marker, the wheel zooms only that print.
            before = after
            let onRed = try session.grabPoint(.redGreen)
            try session.click(4, at: onRed)
            try session.click(4)
            after = try Self.markers.map { try session.settled($0) }
            #expect(abs(after[0].span / before[0].span - 1.21) <= 1.21 * 0.03, "the red marker grew \(after[0].span / before[0].span)×")
            #expect(abs(after[1].span - before[1].span) <= 1 && abs(after[1].center.x - before[1].center.x) <= 1, "\(after[1])")

            // A middle drag pans the table, over a print too.
            before = after
            let onBlue = try session.grabPoint(.blueYellow)
            let drag = (onBlue.0 > 640 ? -100.0 : 100.0, onBlue.1 > 400 ? -50.0 : 50.0)
            try session.mouseDrag(from: onBlue, to: (onBlue.0 + drag.0, onBlue.1 + drag.1), button: 2)
            after = try Self.markers.map { try session.settled($0) }
            for (old, new) in zip(before, after) {
                let moved = (new.center.x - old.center.x, new.center.y - old.center.y)
                #expect(abs(moved.0 - drag.0) <= 3 && abs(moved.1 - drag.1) <= 3, "a marker moved \(moved), the pointer \(drag)")
            }

            // Pushed half off the left edge by a middle drag, the red marker is not whole; Home
            // shows every print whole.
            before = after
            let push = 10 - before[0].center.x
            let from = (max(40, min(1240, 640 - push / 2)), 700.0)
            try session.mouseDrag(from: from, to: (from.0 + push, from.1), button: 2)
            let pushed = try session.rest()
            #expect(PrintMeasure(pushed, left: 0xD0_2020, right: 0x20_B040).map { !Self.markers[0].isWhole($0, in: pushed) } ?? true)
            try session.press(0xFF50)  // Home
            try waitForEveryMarkerWhole(after: "Home", in: session)
            print("screenshot: \(try session.saveScreenshot(named: "table-mouse-home"))")

            // A left drag on the bare table draws a band over both markers and selects them;
            // Shift+click takes the red one out again; Delete then takes only the blue one off the
            // board, and Ctrl+Z brings it back where it lay, selected.
            before = try Self.markers.map { try session.settled($0) }
            let corner = (min(before[0].center.x, before[1].center.x), min(before[0].center.y, before[1].center.y))
            let far = (max(before[0].center.x, before[1].center.x), max(before[0].center.y, before[1].center.y))
            let bandStart = try bareSpot(near: (corner.0 - 150, corner.1 - 150), size: (20, 20), in: session, table: table)
            #expect(bandStart.x < corner.0 && bandStart.y < corner.1, "precondition: the band starts above and left: \(bandStart)")
            try session.mouseDrag(from: (bandStart.x, bandStart.y), to: far)
            try session.rest()
            print("screenshot: \(try session.saveScreenshot(named: "table-mouse-band"))")
            let red = try session.grabPoint(.redGreen)
            try session.holding(Self.shift) { try session.click(1, at: red) }
            try session.press(0xFFFF)  // Delete
            _ = try waitFor("the blue marker off the board", stall: .seconds(10)) {
                try session.measure(.blueYellow) == nil ? true : nil
            }
            let stayed = try session.settled(.redGreen)
            #expect(abs(stayed.center.x - before[0].center.x) <= 1 && abs(stayed.center.y - before[0].center.y) <= 1, "\(stayed)")
            try session.press(0x7A, with: [0xFFE3])  // Ctrl+Z
            let returned = try session.settled(.blueYellow)
            #expect(abs(returned.center.x - before[1].center.x) <= 2 && abs(returned.center.y - before[1].center.y) <= 2, "\(returned)")
            // It comes back selected, as it went: outlined.
            #expect((try session.rest().blob(of: Self.outline, tolerance: 12)?.count ?? 0) >= 300, "the blue marker came back unselected")

            // Ctrl+0 shows the prints at the size they were laid out: the blue marker, which only
            // the table's zoom changed, is as big as when the board opened.
            try session.press(0x30, with: [0xFFE3])  // Ctrl+0
            let actual = try session.settled(.blueYellow)
            #expect(abs(actual.span - first[1].span) <= 2, "\(actual) against \(first[1])")

            // Space held, a left drag pans the table by the pointer's travel, over a print too
            // (held that long, Space repeats); let go after the drag, it gathers nothing. Esc first
            // clears the selection, so nothing is outlined.
            try session.press(0xFF1B)  // Esc
            let still = try session.rest()
            before = try Self.markers.map { try #require(PrintMeasure(still, left: $0.left, right: $0.right)) }
            #expect((still.blob(of: Self.outline, tolerance: 12)?.count ?? 0) < 300, "precondition: nothing selected")
            let onRedAgain = try #require(still.interiorPoint(of: [Self.markers[0].left, Self.markers[0].right]))
            let spaceDrag = (onRedAgain.x > 640 ? -60.0 : 60.0, onRedAgain.y > 400 ? -40.0 : 40.0)
            try session.holding(Self.space) {
                try session.mouseDrag(from: (onRedAgain.x, onRedAgain.y), to: (onRedAgain.x + spaceDrag.0, onRedAgain.y + spaceDrag.1))
            }
            let panned = try session.rest()
            after = try Self.markers.map { try #require(PrintMeasure(panned, left: $0.left, right: $0.right)) }
            for (old, new) in zip(before, after) {
                let moved = (new.center.x - old.center.x, new.center.y - old.center.y)
                #expect(
                    abs(moved.0 - spaceDrag.0) <= 3 && abs(moved.1 - spaceDrag.1) <= 3, "a marker moved \(moved), the pointer \(spaceDrag)")
                #expect(abs(new.span - old.span) <= 1, "no print zoomed: \(new) vs \(old)")
            }

            // A Ctrl+click on the blue marker outlines it as selected.
            let onBlueAgain = try #require(panned.interiorPoint(of: [Self.markers[1].left, Self.markers[1].right]))
            try session.holding(Self.control) { try session.click(1, at: (onBlueAgain.x, onBlueAgain.y)) }
            let outline = try #require(try session.rest().blob(of: Self.outline, tolerance: 12), "no selection outline")
            let blue = after[1].center
            #expect(outline.count > 300, "\(outline)")
            #expect(
                Double(outline.minX) < blue.x && blue.x < Double(outline.maxX) && Double(outline.minY) < blue.y
                    && blue.y < Double(outline.maxY), "the blue marker outlined: \(outline) vs \(after[1])")
        }

        // MARK: Helpers

        /// Expects every marker in `after` to be its `before` scaled by `factor` about `pivot`:
        /// its span, and its centre (within 3 px), and their distance.
        func expectScaled(
            from before: [PrintMeasure], to after: [PrintMeasure], by factor: Double, about pivot: (x: Double, y: Double),
            tolerance: Double = 0.04, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let ratio = distance(after[0], after[1]) / distance(before[0], before[1])
            #expect(abs(ratio - factor) <= factor * tolerance, "the markers' distance grew \(ratio)×", sourceLocation: sourceLocation)
            for (old, new) in zip(before, after) {
                #expect(
                    abs(new.span / old.span - factor) <= factor * tolerance, "a marker grew \(new.span / old.span)×",
                    sourceLocation: sourceLocation)
                let expected = (pivot.x + factor * (old.center.x - pivot.x), pivot.y + factor * (old.center.y - pivot.y))
                #expect(
                    abs(new.center.x - expected.0) <= 3 && abs(new.center.y - expected.1) <= 3, "\(new) vs \(expected)",
                    sourceLocation: sourceLocation)
            }
        }

        /// The table's colour as drawn: the window's bottom right corner, bare when the board opens.
        /// Waits until both markers show whole in the window (after Fit or Home).
        func waitForEveryMarkerWhole(after what: String, in session: BoardSession) throws {
            _ = try waitFor("every marker whole after \(what)", stall: .seconds(15)) { () -> Bool? in
                let shot = try session.rest()
                let measures = Self.markers.compactMap { PrintMeasure(shot, left: $0.left, right: $0.right) }
                guard measures.count == Self.markers.count else { return nil }
                return zip(Self.markers, measures).allSatisfy { $0.isWhole($1, in: shot) } ? true : nil
            }
        }

        func tableColour(_ session: BoardSession) throws -> UInt32 {
            try session.rest().pixel(session.server.size.width - 3, session.server.size.height - 3)
        }

        func midpoint(_ a: PrintMeasure, _ b: PrintMeasure) -> (x: Double, y: Double) {
            ((a.center.x + b.center.x) / 2, (a.center.y + b.center.y) / 2)
        }

        func distance(_ a: PrintMeasure, _ b: PrintMeasure) -> Double {
            ((a.center.x - b.center.x) * (a.center.x - b.center.x) + (a.center.y - b.center.y) * (a.center.y - b.center.y)).squareRoot()
        }

        /// The point nearest `wanted` whose surroundings (`size` wide and high, centred on it) are
        /// all bare table — no print, shadow or control — and inside the window, below the controls.
        func bareSpot(
            near wanted: (x: Double, y: Double), size: (width: Double, height: Double), in session: BoardSession, table: UInt32
        ) throws -> (x: Double, y: Double) {
            let shot = try session.rest()
            func isTable(_ x: Int, _ y: Int) -> Bool {
                let pixel = shot.pixel(x, y)
                return [16, 8, 0].allSatisfy { abs(Int(pixel >> UInt32($0) & 0xFF) - Int(table >> UInt32($0) & 0xFF)) <= 4 }
            }
            func isBare(_ x: Double, _ y: Double) -> Bool {
                let minX = Int(x - size.width / 2), maxX = Int(x + size.width / 2)
                let minY = Int(y - size.height / 2), maxY = Int(y + size.height / 2)
                guard minX >= 4, minY >= 90, maxX < shot.width - 4, maxY < shot.height - 4 else { return false }
                return stride(from: minY, through: maxY, by: 3).allSatisfy { y in
                    stride(from: minX, through: maxX, by: 3).allSatisfy { x in isTable(x, y) }
                }
            }
            for radius in stride(from: 0.0, through: 900, by: 10) {
                let steps = max(1, Int(radius / 5))
                for step in 0..<steps {
                    let angle = 2 * Double.pi * Double(step) / Double(steps)
                    let x = (wanted.x + radius * cos(angle)).rounded(), y = (wanted.y + radius * sin(angle)).rounded()
                    if isBare(x, y) { return (x, y) }
                }
            }
            throw HarnessError("no bare table \(size) near \(wanted)")
        }

        /// The things a finger can act on, as the board last said (`PHOTOBOARD_TRACE=widgets`).
        func targets(_ session: BoardSession) -> [String] {
            guard let line = session.app.standardError.split(separator: "\n").last(where: { $0.hasPrefix("trace: targets") }) else {
                return []
            }
            return line.dropFirst("trace: targets".count).trimmingCharacters(in: .whitespaces).components(separatedBy: "; ")
                .filter { !$0.isEmpty }
        }

        /// Waits until the controls a finger on the table brought have faded (they would cover
        /// the top of the window), and the board is at rest.
        /// Taps the control with the word `word`, bringing the controls with a finger on the bare
        /// table first when they are not shown. (The board by touch keeps them a minute after the
        /// last touch here, so they cannot fade between finding the control and the tap.)
        func tapControl(_ word: String, in session: BoardSession, table: UInt32) throws {
            func frame() -> (x: Double, y: Double, width: Double, height: Double)? {
                for entry in targets(session) where entry.hasPrefix("control \(word) at ") {
                    let numbers = entry.dropFirst("control \(word) at ".count).split(separator: " ").compactMap { Double($0) }
                    if numbers.count == 4 { return (numbers[0], numbers[1], numbers[2], numbers[3]) }
                }
                return nil
            }
            if frame() == nil {
                let spot = try bareSpot(near: (640, 700), size: (30, 30), in: session, table: table)
                try session.tap(at: (spot.x, spot.y))
            }
            let control = try waitFor("control \(word) to show", stall: .seconds(10)) { frame() }
            try session.tap(at: (control.x + control.width / 2, control.y + control.height / 2))
        }
    }
}
