import Glibc
import Testing
import XBoard

@Suite struct PanRecognizerTests {
    @Test func dragReadsBeganChangedEnded() {
        let pan = PanGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([pan]))
        script.down(1, at: Point(100, 100)).move(1, to: Point(104, 100)).move(1, to: Point(120, 100)).move(1, to: Point(130, 110)).up(1)
        #expect(script.log == ["pan began", "pan changed", "pan ended"])
        #expect(pan.translation == Point(30, 10))
    }

    @Test func movementWithinTheSlopNeverBegins() {
        let pan = PanGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([pan]))
        script.down(1, at: Point(100, 100)).move(1, to: Point(106, 103)).up(1)
        #expect(script.log == ["pan failed"])
    }

    @Test func aFingerAddedOrLiftedDoesNotJumpTheTranslation() {
        let pan = PanGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([pan]))
        script.down(1, at: Point(0, 0)).move(1, to: Point(20, 0))
        #expect(pan.translation == Point(20, 0))
        script.down(2, at: Point(200, 0))  // centroid jumps to (110, 0); the translation must not
        script.move(2, to: Point(210, 0))
        expectClose(pan.translation, Point(25, 0), within: 1e-12)
        script.up(1).move(2, to: Point(220, 0))
        expectClose(pan.translation, Point(35, 0), within: 1e-12)
    }

    @Test func surplusTouchesAreTrackedButNotMeasured() {
        let pan = PanGestureRecognizer(maximumNumberOfTouches: 1)
        let script = SuiteScript(RecognizerSuite([pan]))
        script.down(1, at: Point(0, 0)).down(2, at: Point(50, 50)).move(2, to: Point(150, 50))
        #expect(pan.core.touches.count == 2)
        #expect(pan.translation == .zero)
        #expect(script.log.isEmpty)
    }

    @Test func cancellationCancelsAnActivePan() {
        let pan = PanGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([pan]))
        script.down(1, at: Point(0, 0)).move(1, to: Point(30, 0)).cancel(1)
        #expect(script.log == ["pan began", "pan cancelled"])
    }
}

@Suite struct PinchAndRotationTests {
    @Test func pinchScaleIsTheDistanceRatio() {
        let pinch = PinchGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([pinch]))
        script.down(1, at: Point(100, 100)).down(2, at: Point(200, 100))
        script.move(1, to: Point(50, 100)).move(2, to: Point(250, 100))
        expectClose(pinch.scale, 2)
        script.up(1).up(2)
        #expect(script.log == ["pinch began", "pinch changed", "pinch ended"])
    }

    @Test func pinchNeedsTwoFingers() {
        let pinch = PinchGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([pinch]))
        script.down(1, at: Point(0, 0)).move(1, to: Point(50, 0)).up(1)
        #expect(script.log == ["pinch failed"])
    }

    @Test func rotationIsContinuousPastHalfATurn() {
        let rotation = RotationGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([rotation]))
        let center = Point(300, 300), radius = 100.0
        func at(_ angle: Double) -> Point { center + Point(cos(angle), sin(angle)) * radius }
        script.down(1, at: at(0)).down(2, at: at(.pi))
        // Two full turns in 10° steps.
        for step in 1...72 {
            let angle = Double(step) * Double.pi / 18
            script.move(1, to: at(angle), after: .milliseconds(8)).move(2, to: at(angle + .pi), after: .zero)
        }
        expectClose(rotation.rotation, 4 * Double.pi, absolute: 1e-6)
    }

    @Test func rotationDeltasAreShortestArcsAcrossTheSeam() {
        let rotation = RotationGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([rotation]))
        let center = Point(0, 0)
        func at(_ angle: Double) -> Point { center + Point(cos(angle), sin(angle)) * 100 }
        // Start just below +π and turn a little further, across the ±π seam.
        script.down(1, at: at(3.0)).down(2, at: at(3.0 + .pi))
        script.move(1, to: at(3.3)).move(2, to: at(3.3 + .pi), after: .zero)
        expectClose(rotation.rotation, 0.3, absolute: 1e-9)
    }
}

@Suite struct TapTests {
    @Test func singleTapRecognizesOnLift() {
        let tap = TapGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([tap]))
        script.down(1, at: Point(10, 10)).up(1, after: .milliseconds(80))
        #expect(script.log == ["tap recognized"])
    }

    @Test(arguments: [(9.0, ["tap recognized"]), (11.0, ["tap failed"])])
    func tapFailsOncePastTheSlop(distance: Double, expected: [String]) {
        let script = SuiteScript(RecognizerSuite([TapGestureRecognizer()]))
        script.down(1, at: Point(0, 0)).move(1, to: Point(distance, 0)).up(1)
        #expect(script.log == expected)
    }

    @Test func twoFingerTapNeedsBothFingers() {
        let script = SuiteScript(RecognizerSuite([TapGestureRecognizer(numberOfTouchesRequired: 2)]))
        script.down(1, at: Point(0, 0)).down(2, at: Point(30, 0), after: .milliseconds(20)).up(1, after: .milliseconds(50)).up(2)
        #expect(script.log == ["tap recognized"])
        script.clearLog()
        script.down(1, at: Point(0, 0), after: .seconds(1)).up(1, after: .milliseconds(50))
        #expect(script.log == ["tap failed"])
    }

    @Test func tapsTooFarApartInTimeOrSpaceFail() {
        let double = TapGestureRecognizer(numberOfTapsRequired: 2)
        let script = SuiteScript(RecognizerSuite([double]))
        script.tap(at: Point(0, 0)).wait(.milliseconds(450))
        #expect(script.log == ["doubleTap failed"])
        script.clearLog()
        script.tap(at: Point(0, 0)).tap(at: Point(100, 0))
        #expect(script.log == ["doubleTap failed"])
    }

    /// The require-to-fail chain: single waits for double, double for triple.
    private func chain() -> (SuiteScript, TapGestureRecognizer, TapGestureRecognizer, TapGestureRecognizer) {
        let single = TapGestureRecognizer(numberOfTapsRequired: 1)
        let double = TapGestureRecognizer(numberOfTapsRequired: 2)
        let triple = TapGestureRecognizer(numberOfTapsRequired: 3)
        let suite = RecognizerSuite([single, double, triple])
        suite.arbiter.require(single, toFail: double)
        suite.arbiter.require(double, toFail: triple)
        return (SuiteScript(suite), single, double, triple)
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let (script, _, _, _) = chain()
        script.tap(at: Point(50, 50))
        #expect(script.log.isEmpty)  // waiting: a second tap may still come
        script.wait(.milliseconds(390))
        #expect(script.log.isEmpty)
        script.wait(.milliseconds(20))  // 400 ms after the lift the double and triple fail
        #expect(script.log == ["doubleTap failed", "tripleTap failed", "tap recognized"])
    }

    @Test func aTripleTapFiresOnceAndNotAlsoAsSingleOrDouble() {
        let (script, _, _, _) = chain()
        script.tap(at: Point(50, 50)).tap(at: Point(52, 50)).tap(at: Point(50, 53))
        script.wait(.seconds(1))
        #expect(script.log == ["tripleTap recognized", "tap failed", "doubleTap failed"])
    }

    @Test func aDoubleTapFiresAfterTheTripleTimesOut() {
        let (script, _, _, _) = chain()
        script.tap(at: Point(50, 50)).tap(at: Point(50, 50))
        #expect(script.log.isEmpty)
        script.wait(.seconds(1))
        #expect(script.log == ["tripleTap failed", "doubleTap recognized", "tap failed"])
    }

    @Test func recognizersResetForTheNextSequence() {
        let (script, _, _, _) = chain()
        script.tap(at: Point(50, 50)).tap(at: Point(50, 50)).tap(at: Point(50, 50)).wait(.seconds(1))
        script.clearLog()
        script.tap(at: Point(50, 50)).tap(at: Point(50, 50)).tap(at: Point(50, 50)).wait(.seconds(1))
        #expect(script.log == ["tripleTap recognized", "tap failed", "doubleTap failed"])
    }
}

@Suite struct ArbitrationTests {
    @Test func exclusiveRecognizersFailWhenOneBegins() {
        let pan = PanGestureRecognizer()
        let tap = TapGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([pan, tap]))
        script.down(1, at: Point(0, 0)).move(1, to: Point(9, 0)).up(1)
        #expect(script.log == ["pan began", "tap failed", "pan ended"])
    }

    @Test func simultaneousRecognizersBeginTogether() {
        let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
        let suite = RecognizerSuite([pan, pinch, rotation])
        suite.arbiter.allowSimultaneous(pan, pinch)
        suite.arbiter.allowSimultaneous(pan, rotation)
        suite.arbiter.allowSimultaneous(pinch, rotation)
        let script = SuiteScript(suite)
        script.down(1, at: Point(0, 0)).down(2, at: Point(100, 0)).move(2, to: Point(120, 10))
        #expect(script.log == ["pan began", "pinch began", "rotation began"])
    }

    @Test func withoutPermissionTheFirstToBeginWins() {
        let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer()
        let script = SuiteScript(RecognizerSuite([pan, pinch]))
        script.down(1, at: Point(0, 0)).down(2, at: Point(100, 0)).move(2, to: Point(120, 0))
        #expect(script.log == ["pan began", "pinch failed"])
    }

    @Test func recognizersCanBeDisabledEnabledAddedAndRemovedWhileRunning() {
        let pan = PanGestureRecognizer()
        let suite = RecognizerSuite([pan])
        let script = SuiteScript(suite)
        script.down(1, at: Point(0, 0)).move(1, to: Point(30, 0))
        #expect(suite.setEnabled(pan, false).map(\.description) == ["pan cancelled"])
        script.move(1, to: Point(60, 0)).up(1)
        #expect(script.log == ["pan began"])
        suite.setEnabled(pan, true)
        let tap = TapGestureRecognizer()
        suite.add(tap)
        script.clearLog()
        script.tap(at: Point(0, 0))
        #expect(script.log == ["pan failed", "tap recognized"])
        suite.remove(tap)
        script.clearLog()
        script.tap(at: Point(0, 0))
        #expect(script.log == ["pan failed"])
    }

    @Test func illegalTransitionsAreNotInTheTable() {
        #expect(!GestureState.legalTargets(from: .possible, isDiscrete: false).contains(.changed))
        #expect(!GestureState.legalTargets(from: .possible, isDiscrete: true).contains(.began))
        #expect(!GestureState.legalTargets(from: .failed, isDiscrete: false).contains(.began))
        #expect(GestureState.legalTargets(from: .changed, isDiscrete: false) == [.changed, .ended, .cancelled])
    }
}
