import Testing
import XBoard

/// A finger held still is a long press; moving it is a drag and a second finger a pinch, which
/// the long press gives way to (it fails, they begin).
@Suite struct LongPressRecognizerTests {
    /// The recognizers of a photo as the board wires them: pan, pinch and rotation together,
    /// a long press exclusive of them.
    func suite() -> (SuiteScript, LongPressGestureRecognizer) {
        let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        let longPress = LongPressGestureRecognizer()
        let suite = RecognizerSuite([pan, pinch, rotation, longPress])
        suite.arbiter.allowSimultaneous(pan, pinch)
        suite.arbiter.allowSimultaneous(pan, rotation)
        suite.arbiter.allowSimultaneous(pinch, rotation)
        return (SuiteScript(suite), longPress)
    }

    @Test func aFingerHeldStillHalfASecondIsALongPressAndNothingElse() {
        let (script, longPress) = suite()
        script.down(1, at: Point(100, 100)).move(1, to: Point(103, 101), after: .milliseconds(100))
        #expect(longPress.progress(at: script.now).map { abs($0 - 0.2) < 1e-9 } == true)
        script.wait(.milliseconds(450))
        #expect(script.log == ["longPress recognized", "pan failed", "pinch failed", "rotation failed"])
        // Moving on after the menu opened is not a drag.
        script.clearLog()
        script.move(1, to: Point(200, 100)).up(1)
        #expect(script.log.isEmpty)
    }

    @Test func aHoldThatStartsMovingIsADrag() {
        let (script, _) = suite()
        script.down(1, at: Point(100, 100)).move(1, to: Point(120, 100), after: .milliseconds(300)).wait(.seconds(1))
        #expect(script.log == ["longPress failed", "pan began"])
    }

    @Test func aSecondFingerCancelsTheHoldAndPinches() {
        let (script, _) = suite()
        script.down(1, at: Point(100, 100)).down(2, at: Point(200, 100), after: .milliseconds(300))
        script.move(2, to: Point(260, 100)).wait(.seconds(1))
        #expect(script.log.first == "longPress failed")
        #expect(script.log.contains("pinch began"))
        #expect(!script.log.contains("longPress recognized"))
    }

    @Test func aQuickTapIsNoLongPress() {
        let (script, longPress) = suite()
        script.tap(at: Point(100, 100)).wait(.seconds(1))
        #expect(script.log.contains("longPress failed"))
        #expect(longPress.progress(at: script.now) == nil)
    }
}
