import Testing
import XBoard

/// What the keys do to the board, as the session reads them through the command catalogue:
/// chords in, the board afterwards. That X turns real key presses into these chords is
/// `EndToEnd.Keyboard`'s to prove.
@Suite struct KeyTranscriptTests {
    func opened(_ names: [String] = ["a.jpg", "b.jpg"]) -> SessionScript {
        SessionScript().open(names).wait(.seconds(1)).clear()
    }

    func photo(_ id: PhotoID, in script: SessionScript) throws -> Photo {
        try #require(script.session.controller.board.photo(id))
    }

    /// A slow one-finger drag of the top photo by `offset`, held still before lifting (no glide).
    func drag(_ script: SessionScript, by offset: Point) throws -> PhotoID {
        let top = try #require(script.session.controller.board.photos.last)
        let start = top.photoToBoard.center
        script.touch(1, .began, at: start)
        for step in 1...10 { script.touch(1, .moved, at: start + offset * (Double(step) / 10), after: .milliseconds(50)) }
        script.touch(1, .ended, at: start + offset, after: .milliseconds(300)).wait(.seconds(2))
        return top.id
    }

    @Test func ctrlZUndoesADragAndCtrlShiftZRedoesIt() throws {
        let script = opened()
        let id = try #require(script.session.controller.board.photos.last?.id)
        let start = try photo(id, in: script).photoToBoard.center
        _ = try drag(script, by: Point(100, 50))
        let moved = try photo(id, in: script).photoToBoard.center
        expectClose(moved, start + Point(100, 50), within: 1)
        script.key("z", .control).wait(.seconds(2))
        expectClose(try photo(id, in: script).photoToBoard.center, start, within: 1e-6, "Ctrl+Z undid the drag")
        script.key("z", [.control, .shift]).wait(.seconds(2))
        expectClose(try photo(id, in: script).photoToBoard.center, moved, within: 1e-6, "Ctrl+Shift+Z redid it")
    }

    @Test func deleteTakesTheSelectedPhotoOffTheBoardAndCtrlZBringsItBack() throws {
        let script = opened()
        let bottom = try #require(script.session.controller.board.photos.first?.id)
        script.key(.named(.tab)).key(.named(.tab))  // the top photo, then the one under it
        #expect(script.session.controller.selection == bottom)
        script.key(.named(.delete)).wait(.seconds(1))
        #expect(script.session.controller.board.photo(bottom) == nil, "Delete took it off")
        #expect(script.session.controller.removedPhotos.map(\.id) == [bottom], "into the removed list")
        #expect(script.session.controller.board.photos.count == 1, "and nothing else")
        script.key("z", .control).wait(.seconds(2))
        #expect(script.session.controller.board.photo(bottom) != nil, "Ctrl+Z brought it back")
        #expect(script.session.controller.removedPhotos.isEmpty)
        #expect(script.session.controller.board.photos.last?.id == bottom, "back where it lay, on top")
        #expect(script.session.controller.selection == nil)
        // The stack is as the Tab round left it, so the round goes on: Shift+Tab, from no
        // selection, picks the round's last photo (the one put back), where Tab picks its first.
        script.key(.named(.tab, .shift))
        #expect(script.session.controller.selection == bottom)
    }

    @Test func spaceGathersEveryPhotoBackIntoView() throws {
        let script = opened()
        let bounds = script.session.controller.visibleBounds
        let top = try #require(script.session.controller.board.photos.last)
        let pushed = try drag(script, by: Point(bounds.maxX - 1 - top.photoToBoard.center.x, 0))
        #expect(try photo(pushed, in: script).boardBounds.maxX > bounds.maxX, "precondition: half off the right edge")
        script.key(.named(.space)).release(.named(.space)).wait(.seconds(3))
        for photo in script.session.controller.board.photos {
            let box = photo.boardBounds
            #expect(
                box.minX >= bounds.minX && box.minY >= bounds.minY && box.maxX <= bounds.maxX && box.maxY <= bounds.maxY,
                "\(photo.id) at \(box), outside \(bounds)")
        }
    }

    @Test func tabSelectsAPhotoThatArrowsMoveAndBracketsTurn() throws {
        let script = opened()
        let stack = script.session.controller.board.photos.map(\.id)  // bottom first
        script.key(.named(.tab))
        #expect(script.session.controller.selection == stack.last, "Tab: the top photo first")
        script.key(.named(.tab))
        #expect(script.session.controller.selection == stack.first, "then the one under it")
        #expect(script.session.controller.board.photos.last?.id == stack.first, "raised")
        let before = try photo(stack[0], in: script)
        for _ in 0..<3 { script.key(.named(.right)) }
        script.key("]").wait(.seconds(2))
        let after = try photo(stack[0], in: script)
        expectClose(
            after.photoToBoard.center, before.photoToBoard.center + Point(30, 0), within: 1e-6, "three Right presses, 10 points each")
        expectClose(Angle.degrees(after.rotation - before.rotation), 5, absolute: 1e-6, "] turns 5° clockwise")
    }

    @Test func shiftTabRaisesTheBottomPhotoThenTheOneNowAtTheBottom() throws {
        let script = opened(["a.jpg", "b.jpg", "c.jpg"])
        let stack = script.session.controller.board.photos.map(\.id)  // bottom first
        script.key(.named(.tab, .shift))
        #expect(script.session.controller.selection == stack[0])
        #expect(script.session.controller.board.photos.map(\.id) == [stack[1], stack[2], stack[0]], "the bottom one raised")
        script.key(.named(.tab, .shift))
        #expect(script.session.controller.selection == stack[1], "then the one now at the bottom")
        #expect(script.session.controller.board.photos.last?.id == stack[1])
    }
}
