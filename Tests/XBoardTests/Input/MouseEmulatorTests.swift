import Glibc
import Testing
import XBoard

/// Mouse, wheel and touchpad sequences through `MouseEmulator` into the real controller.
@Suite struct MouseEmulatorTests {
    final class Mouse {
        let controller: BoardController
        var emulator = MouseEmulator()
        var now = Instant.origin
        var log: [String] = []

        init(_ controller: BoardController) {
            self.controller = controller
            controller.transitionObserver = { [unowned self] _, transition in self.log.append(transition.description) }
        }

        @discardableResult
        func send(
            _ kind: PointerEvent.Kind, at location: Point, modifiers: PointerEvent.Modifiers = [], after delay: Duration = .milliseconds(8),
            pans: Bool = false
        )
            -> [TouchEvent]
        {
            now += delay
            let touches = emulator.touches(
                for: PointerEvent(kind, at: location, modifiers: modifiers, time: now), photoCenter: controller.photoCenter(atWindow:),
                pans: pans)
            for touch in touches { controller.handle(touch) }
            controller._checkInvariants()
            return touches
        }

        func drag(
            from start: Point, to end: Point, modifiers: PointerEvent.Modifiers = [], steps: Int = 20, rest: Duration = .milliseconds(60)
        ) {
            send(.pressed(.left), at: start, modifiers: modifiers)
            for step in 1...steps { send(.moved, at: start + (end - start) * (Double(step) / Double(steps)), modifiers: modifiers) }
            send(.released(.left), at: end, modifiers: modifiers, after: rest)
        }

        func settle() {
            while let deadline = controller.nextDeadline {
                now = max(now, deadline)
                controller.advance(to: now)
            }
        }

        /// Photo 1 as it lies now (every fixture here has it; a missing one fails the test loudly).
        var photo: Photo {
            guard let photo = controller.board.photo(PhotoID(1)) else { preconditionFailure("photo 1 is not on the board") }
            return photo
        }
    }

    @Test func aLeftDragIsOneFingerAndAFastReleaseGlides() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        mouse.drag(from: Point(500, 400), to: Point(600, 450))
        expectClose(mouse.photo.center, Point(600, 450), within: 1e-9)
        #expect(!mouse.controller.isAnimating)
        mouse.drag(from: Point(600, 450), to: Point(700, 450), steps: 10, rest: .zero)
        #expect(mouse.controller.isAnimating)
    }

    @Test func aWheelNotchZoomsAboutThePointerByTenPercent() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        let pointer = Point(540, 420)
        let before = mouse.photo
        mouse.send(.scrolled(x: 0, y: -1), at: pointer)  // wheel up: zoom in
        expectClose(mouse.photo.scale, 1.1, absolute: 1e-9)
        // About the pointer: the photo point under it stays under it.
        let under = before.photoToBoard.inverted()!.apply(to: pointer)
        expectClose(mouse.photo.photoToBoard.apply(to: under), pointer, within: 1e-6)
        #expect(!mouse.controller.isAnimating, "a wheel step must not throw")
        mouse.send(.scrolled(x: 0, y: 2), at: pointer)
        expectClose(mouse.photo.scale, 1.1 / 1.21, absolute: 1e-9)
    }

    /// A wheel turned several notches over a print is one zoom to undo, as in any photo program;
    /// a pause of more than a second, another print, or anything else between starts the next.
    @Test func notchesCloseTogetherAreOneStepOfUndo() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        let pointer = Point(540, 420)
        for _ in 0..<5 { mouse.send(.scrolled(x: 0, y: -1), at: pointer, after: .milliseconds(120)) }
        expectClose(mouse.photo.scale, pow(1.1, 5), absolute: 1e-9)
        mouse.send(.scrolled(x: 0, y: 1), at: pointer, modifiers: .shift, after: .milliseconds(120))  // a turn, in the same run
        mouse.send(.scrolled(x: 0, y: -1), at: pointer, after: .milliseconds(1500))  // after a pause: a step of its own
        mouse.controller.undo()
        mouse.settle()
        expectClose(mouse.photo.scale, pow(1.1, 5), absolute: 1e-9, "the last notch, after the pause, is undone alone")
        mouse.controller.undo()
        mouse.settle()
        expectClose(mouse.photo.scale, 1, absolute: 1e-9, "the five notches and the turn together")
        expectClose(mouse.photo.rotation, 0, absolute: 1e-9)
        #expect(!mouse.controller.canUndo)
        // After an undo the next notch starts afresh (redo is gone, the undo point is new).
        mouse.controller.redo()
        mouse.settle()
        mouse.send(.scrolled(x: 0, y: -1), at: pointer, after: .milliseconds(100))
        #expect(!mouse.controller.canRedo)
        mouse.controller.undo()
        mouse.settle()
        expectClose(mouse.photo.scale, pow(1.1, 5), absolute: 1e-9)
    }

    @Test func smoothScrollingFractionsZoomProportionally() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        for _ in 0..<10 { mouse.send(.scrolled(x: 0, y: -0.1), at: Point(500, 400)) }
        expectClose(mouse.photo.scale, 1.1, absolute: 1e-9)
    }

    @Test func shiftWheelAndTheHorizontalWheelTwistAboutThePointer() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        mouse.send(.scrolled(x: 0, y: 1), at: Point(560, 400), modifiers: .shift)
        expectClose(Angle.degrees(mouse.photo.rotation), 10, absolute: 1e-9)
        mouse.send(.scrolled(x: -2, y: 0), at: Point(560, 400))
        expectClose(Angle.degrees(mouse.photo.rotation), -10, absolute: 1e-9)
        expectClose(mouse.photo.scale, 1, absolute: 1e-9)
    }

    @Test func theWheelOverTheBareTableZoomsTheTableAndNeverTurnsIt() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        let photo = mouse.photo
        #expect(mouse.send(.scrolled(x: 0, y: 1), at: Point(20, 20), modifiers: .shift).isEmpty, "the table does not turn")
        #expect(!mouse.send(.scrolled(x: 0, y: -1), at: Point(20, 20)).isEmpty)
        expectClose(mouse.controller.view.zoom, MouseSettings().zoomPerNotch, relative: 1e-9)
        expectClose(mouse.controller.view.windowToBoard.apply(to: Point(20, 20)), Point(20, 20), within: 1e-9, "about the pointer")
        #expect(mouse.photo == photo, "the photo is as it was: only the view changed")
    }

    @Test func aMiddleDragPansTheTableEvenOverAPhoto() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        let photo = mouse.photo
        mouse.send(.pressed(.middle), at: Point(500, 400))  // on the photo
        for step in 1...10 { mouse.send(.moved, at: Point(500 + 10 * Double(step), 400 - 5 * Double(step))) }
        mouse.send(.released(.left), at: Point(600, 350))  // another button's release does not end it
        mouse.send(.released(.middle), at: Point(600, 350), after: .milliseconds(200))
        mouse.settle()
        expectClose(mouse.controller.view.origin, Point(-100, 50), within: 1e-9)
        #expect(mouse.photo == photo, "the photo stayed where it lies on the board")
        #expect(mouse.controller.activeTouchCount == 0)
    }

    @Test func aLeftDragThatPansPansTheTableEvenOverAPhotoUntilTheLeftButtonLifts() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        let photo = mouse.photo
        let began = mouse.send(.pressed(.left), at: Point(500, 400), pans: true)  // on the photo, Space held
        #expect(began.map(\.bareTable) == [.pan])
        for step in 1...10 { mouse.send(.moved, at: Point(500 - 6 * Double(step), 400 + 3 * Double(step))) }
        mouse.send(.released(.middle), at: Point(440, 430))  // another button's release does not end it
        #expect(mouse.controller.activeTouchCount == 1)
        mouse.send(.released(.left), at: Point(440, 430), after: .milliseconds(200))
        mouse.settle()
        expectClose(mouse.controller.view.origin, Point(60, -30), within: 1e-9)
        #expect(mouse.photo == photo, "the photo stayed where it lies on the board")
        #expect(mouse.controller.activeTouchCount == 0)
    }

    @Test func aLeftDragOnTheBareTableDrawsABandThatSelectsAndAClickThereClearsIt() {
        let mouse = Mouse(Fixtures.twoPhotoBoard())
        mouse.send(.pressed(.left), at: Point(100, 100))
        mouse.send(.moved, at: Point(250, 280))
        #expect(mouse.controller.bandRect == Rect(x: 100, y: 100, width: 150, height: 180), "at once, without a hold")
        mouse.send(.released(.left), at: Point(250, 280))
        #expect(mouse.controller.selected == [PhotoID(1)] && mouse.controller.view == .identity && mouse.controller.bandRect == nil)
        // Another band takes the selection's place; with Ctrl (or Shift) it adds.
        mouse.drag(from: Point(900, 700), to: Point(780, 540))
        #expect(mouse.controller.selected == [PhotoID(2)])
        mouse.drag(from: Point(100, 100), to: Point(250, 280), modifiers: .control)
        #expect(mouse.controller.selected == [PhotoID(1), PhotoID(2)])
        mouse.send(.pressed(.left), at: Point(900, 100))
        mouse.send(.released(.left), at: Point(900, 100))
        #expect(mouse.controller.selected.isEmpty, "a click on the bare table clears it")
        #expect(mouse.controller.activeTouchCount == 0)
    }

    @Test func aTouchpadPinchOverTheBareTableZoomsTheTable() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        let photo = mouse.photo
        mouse.send(.pinchBegan, at: Point(100, 100))
        for step in 1...10 {
            mouse.send(.pinchUpdated(scale: 1 + 0.1 * Double(step), angleDelta: 0.01, offset: .zero), at: Point(100, 100))
        }
        mouse.send(.pinchEnded(isCancelled: false), at: Point(100, 100), after: .milliseconds(200))
        mouse.settle()
        expectClose(mouse.controller.view.zoom, 2, absolute: 1e-6)
        expectClose(mouse.controller.view.windowToBoard.apply(to: Point(100, 100)), Point(100, 100), within: 1e-6)
        #expect(mouse.photo == photo)
    }

    @Test func ctrlDragPinchesAndTwistsAboutThePhotosCentre() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        // From 60 px right of the centre to 90 px below it: 1.5× and a quarter turn.
        mouse.drag(from: Point(560, 400), to: Point(500, 490), modifiers: .control)
        expectClose(mouse.photo.scale, 1.5, absolute: 1e-9)
        expectClose(Angle.degrees(mouse.photo.rotation), 90, absolute: 1e-9)
        expectClose(mouse.photo.center, Point(500, 400), within: 1e-9)
    }

    @Test func aPinnedSecondFingerMakesTheNextDragATwoFingerGesture() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        mouse.send(.pressed(.right), at: Point(450, 400))  // a plain right-click is the photo's menu, not the emulator's
        #expect(mouse.emulator.overlay == nil)
        mouse.send(.pressed(.right), at: Point(450, 400), modifiers: .control)
        #expect(mouse.emulator.overlay?.marker == Point(450, 400))
        mouse.send(.released(.right), at: Point(450, 400))
        mouse.drag(from: Point(550, 400), to: Point(650, 400))  // spread from 100 to 200 px
        expectClose(mouse.photo.scale, 2, absolute: 1e-9)
        #expect(mouse.log.contains("pinch began"))
        mouse.send(.pressed(.right), at: Point(900, 700))  // right-click again removes it
        #expect(mouse.emulator.overlay == nil)
        #expect(mouse.controller.activeTouchCount == 0)
        mouse.send(.pressed(.right), at: Point(450, 400), modifiers: .control)
        #expect(mouse.emulator.removePinnedFinger(at: mouse.now).count == 1)  // Esc
    }

    /// A pinned finger rests until taken away: resting there is no long press, so the photo's
    /// menu never opens under it and the pinch it waits for still happens however long the
    /// person takes (the menu opened half a second after pinning, and the pinch then failed).
    @Test func aPinnedFingerLeftToRestOpensNoMenuAndStillPinches() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        mouse.send(.pressed(.right), at: Point(450, 400), modifiers: .control)
        mouse.send(.released(.right), at: Point(450, 400))
        mouse.now += .seconds(3)
        mouse.controller.advance(to: mouse.now)
        #expect(mouse.controller.takeHolds().isEmpty, "no menu under the pinned finger")
        #expect(!mouse.log.contains("longPress recognized"), "\(mouse.log)")
        mouse.drag(from: Point(550, 400), to: Point(650, 400))
        expectClose(mouse.photo.scale, 2, absolute: 1e-9)
    }

    @Test func aTripleClickPutsThePhotoBack() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        let initial = mouse.photo.photoToBoard
        mouse.drag(from: Point(500, 400), to: Point(300, 300))
        for _ in 0..<3 {
            mouse.send(.pressed(.left), at: Point(300, 300), after: .milliseconds(120))
            mouse.send(.released(.left), at: Point(300, 300), after: .milliseconds(60))
        }
        #expect(mouse.log.contains("tripleTap recognized"))
        mouse.settle()
        expectClose(mouse.photo.center, initial.center, within: 1e-9)
    }

    @Test func aTouchpadPinchScalesAbsolutelyAndTurnsIncrementallyAboutThePointer() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        let pointer = Point(520, 410)
        mouse.send(.pinchBegan, at: pointer)
        for step in 1...10 {
            mouse.send(.pinchUpdated(scale: 1 + 0.05 * Double(step), angleDelta: Angle.radians(3), offset: .zero), at: pointer)
        }
        mouse.send(.pinchEnded(isCancelled: false), at: pointer, after: .milliseconds(60))
        expectClose(mouse.photo.scale, 1.5, absolute: 1e-9)
        expectClose(Angle.degrees(mouse.photo.rotation), 30, absolute: 1e-9)
        #expect(mouse.controller.activeTouchCount == 0)
    }

    @Test func everySyntheticFingerCanBeCancelled() {
        let mouse = Mouse(Fixtures.singlePhotoBoard())
        mouse.send(.pressed(.right), at: Point(450, 400), modifiers: .control)
        mouse.send(.pressed(.left), at: Point(550, 400))
        #expect(mouse.controller.activeTouchCount == 2)
        for touch in mouse.emulator.cancelAll(at: mouse.now) { mouse.controller.handle(touch) }
        #expect(mouse.controller.activeTouchCount == 0)
        #expect(!mouse.emulator.isActive)
    }
}
