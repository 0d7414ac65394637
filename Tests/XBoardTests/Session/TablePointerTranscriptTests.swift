import Foundation
import Testing

@testable import XBoard

/// The mouse's last two ways with the table and the selection, through the whole session: Space
/// held makes a left drag pan the table (over a print too), Space alone still gathers (when let
/// go), and a Ctrl+click on a print adds it to the selection or takes it out while a Ctrl+drag
/// still zooms and turns it about its centre.
@Suite struct TablePointerTranscriptTests {
    let space = KeyChord.named(.space)

    func opened() -> SessionScript {
        SessionScript().open(["a.jpg", "b.jpg"]).wait(.seconds(3)).clear()
    }

    /// A print's centre, in window pixels, with the print found there (within the window, below
    /// the controls).
    func printCentre(_ script: SessionScript) throws -> (id: PhotoID, centre: Point) {
        let controller = script.session.controller
        let window = Rect(x: 60, y: 120, width: 1160, height: 620)
        let found = controller.board.photos.reversed().lazy.compactMap { photo -> (PhotoID, Point)? in
            let centre = controller.view.boardToWindow.apply(to: photo.photoToBoard.center)
            guard window.contains(centre), controller.photo(atWindow: centre) == photo.id else { return nil }
            return (photo.id, centre)
        }.first
        return try #require(found, "no print whole in the window")
    }

    /// How many gathers (or other commands) the board has taken: each records one undo point.
    func undoPoints(_ script: SessionScript) -> Int { script.session.controller.history.undo.count }

    @Test(arguments: [0.0, -8, 6])
    func spaceAndALeftDragPanTheTableByExactlyTheDragOverAPrint(wheelNotches: Double) throws {
        let script = opened()
        let controller = script.session.controller
        if wheelNotches != 0 {
            script.pointer(.scrolled(x: 0, y: wheelNotches), at: try TableTranscriptTests().bareTable(script)).wait(.seconds(1))
        }
        let zoom = controller.view.zoom
        #expect(abs(zoom - 1) > 0.3 || wheelNotches == 0, "precondition: zoomed, at \(zoom)")
        let (id, start) = try printCentre(script)
        let photos = controller.board.photos
        let points = undoPoints(script)
        let boardPoint = controller.view.windowToBoard.apply(to: start)
        let drag = Point(x: -70, y: 40)
        script.key(space)
        script.pointer(.pressed(.left), at: start)
        for step in 1...10 {
            script.pointer(.moved, at: start + drag * (Double(step) / 10))
            script.key(space, after: .milliseconds(10))  // auto-repeat: Space stays held
        }
        script.pointer(.released(.left), at: start + drag, after: .milliseconds(300)).wait(.seconds(1))
        script.release(space).wait(.seconds(1))
        expectClose(controller.view.boardToWindow.apply(to: boardPoint), start + drag, within: 1e-6, "the table follows the pointer")
        expectClose(controller.view.zoom, zoom, relative: 1e-12)
        #expect(controller.board.photos == photos, "no print moved, the one under the pointer neither")
        #expect(undoPoints(script) == points, "no gather after a drag")
        #expect(!controller.selected.contains(id))
    }

    @Test func spaceTappedGathersOnceWhenLetGo() throws {
        let script = opened()
        let points = undoPoints(script)
        let photos = script.session.controller.board.photos
        script.key(space)
        #expect(undoPoints(script) == points, "nothing yet: Space may be the start of a pan")
        script.release(space).wait(.seconds(3))
        #expect(undoPoints(script) == points + 1, "one gather")
        #expect(script.session.controller.board.photos != photos, "the photos were gathered")
        script.key("g")
        #expect(undoPoints(script) == points + 2, "g gathers on the press")
    }

    @Test func spaceHeldWithAutoRepeatGathersOnlyOnceWhenLetGo() throws {
        let script = opened()
        let points = undoPoints(script)
        script.key(space)
        for _ in 0..<25 { script.key(space, after: .milliseconds(40)) }
        #expect(undoPoints(script) == points, "repeats do not gather")
        #expect(script.session.pointer.isPanArmed, "repeats do not disarm")
        script.release(space).wait(.seconds(3))
        #expect(undoPoints(script) == points + 1)
        #expect(!script.session.pointer.isPanArmed)
    }

    @Test func losingTheFocusOrThePointerDisarmsSpace() throws {
        let script = opened()
        let controller = script.session.controller
        let spot = try TableTranscriptTests().bareTable(script)
        let points = undoPoints(script)
        let view = controller.view
        script.key(space).window(.focusLost)
        #expect(!script.session.pointer.isPanArmed)
        script.pointer(.pressed(.left), at: spot).pointer(.moved, at: spot + Point(x: 60, y: 40))
        #expect(controller.bandRect != nil, "a plain left drag again: a band")
        script.pointer(.released(.left), at: spot + Point(x: 60, y: 40)).release(space).wait(.seconds(1))
        #expect(controller.view == view, "no pan")
        #expect(undoPoints(script) == points, "the release after the focus came back does not gather")
        script.key(space).window(.pointerLost)
        #expect(!script.session.pointer.isPanArmed, "a grab takes the keyboard too")
        script.release(space).wait(.seconds(1))
        #expect(undoPoints(script) == points)
    }

    @Test func ctrlClickTogglesAPrintInTheSelection() throws {
        let script = opened()
        let controller = script.session.controller
        let (id, centre) = try printCentre(script)
        let photos = controller.board.photos
        let points = undoPoints(script)
        let near = centre + Point(x: 20, y: 10)
        script.pointer(.pressed(.left), at: near, modifiers: .control)
        script.pointer(.moved, at: near + Point(x: 3, y: -2), modifiers: .control)  // within the slop
        script.pointer(.released(.left), at: near + Point(x: 3, y: -2), modifiers: .control, after: .milliseconds(80))
        #expect(controller.selected == [id])
        script.pointer(.pressed(.left), at: near, modifiers: .control, after: .milliseconds(400))
        script.pointer(.released(.left), at: near, modifiers: .control, after: .milliseconds(80)).wait(.seconds(1))
        #expect(controller.selected.isEmpty, "a second Ctrl+click takes it out")
        #expect(controller.board.photos == photos, "a click moves nothing")
        #expect(undoPoints(script) == points, "nor records an undo point")
        script.pointer(.pressed(.left), at: near, modifiers: [.control, .shift], after: .milliseconds(400))
        script.pointer(.released(.left), at: near, modifiers: [.control, .shift], after: .milliseconds(80))
        #expect(controller.selected == [id], "Ctrl+Shift too")
        let spot = try TableTranscriptTests().bareTable(script)
        for modifiers: PointerEvent.Modifiers in [.control, .shift] {
            script.pointer(.pressed(.left), at: spot, modifiers: modifiers, after: .milliseconds(400))
            script.pointer(.released(.left), at: spot, modifiers: modifiers, after: .milliseconds(80))
            #expect(controller.selected == [id], "a \(modifiers) click on the bare table adds nothing and clears nothing")
        }
        script.pointer(.pressed(.left), at: spot, after: .milliseconds(400)).pointer(.released(.left), at: spot, after: .milliseconds(80))
        #expect(controller.selected.isEmpty, "a plain click there clears")
    }

    @Test func ctrlDragStillZoomsAndTurnsAPrintAboutItsCentre() throws {
        let script = opened()
        let controller = script.session.controller
        let (id, centre) = try printCentre(script)
        let before = try #require(controller.board.photo(id)).photoToBoard
        let start = centre + Point(x: 40, y: 0)
        script.pointer(.pressed(.left), at: start, modifiers: .control)
        for step in 1...10 {
            let angle = Double.pi / 4 * Double(step) / 10, radius = 40 + 20 * Double(step) / 10
            script.pointer(.moved, at: centre + Point(x: radius * cos(angle), y: radius * sin(angle)), modifiers: .control)
        }
        let end = centre + Point(x: 60 * cos(Double.pi / 4), y: 60 * sin(Double.pi / 4))
        script.pointer(.released(.left), at: end, modifiers: .control, after: .milliseconds(300)).wait(.seconds(1))
        let after = try #require(controller.board.photo(id)).photoToBoard
        expectClose(after.scale / before.scale, 1.5, relative: 1e-9, "zoomed as the drag's distance from the centre")
        expectClose(remainder(after.rotation - before.rotation, 2 * .pi), .pi / 4, absolute: 1e-9, "turned as its angle")
        expectClose(after.center, before.center, within: 1e-6, "about the print's centre")
        #expect(controller.selected.isEmpty, "a drag is no click")
    }
}
