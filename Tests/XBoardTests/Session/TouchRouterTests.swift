import Testing
import XBoard

/// One grab table: a touch belongs to what it began on until it lifts.
@Suite struct TouchRouterTests {
    enum Layer: Hashable, Sendable { case panel, board }

    func event(_ number: UInt32, _ phase: TouchPhase, _ x: Double, _ y: Double, source: UInt32 = 1) -> TouchEvent {
        TouchEvent(id: TouchID(source: source, number: number), phase: phase, location: Point(x, y), time: .origin)
    }

    @Test func touchesStayWithWhatTheyBeganOnUntilTheyLift() {
        var router = TouchRouter<Layer>(fallback: .board)
        let panel = Rect(x: 100, y: 700, width: 300, height: 40)
        let hitTest: (Point) -> Layer = { panel.contains($0) ? .panel : .board }
        var log: [Layer] = []
        log.append(router.route(event(1, .began, 150, 710), hitTest: hitTest))
        log.append(router.route(event(2, .began, 150, 300), hitTest: hitTest))
        log.append(router.route(event(1, .moved, 150, 300), hitTest: hitTest))  // slid off: still the panel's
        log.append(router.route(event(2, .moved, 150, 710), hitTest: hitTest))  // slid on: still the board's
        log.append(router.route(event(1, .ended, 150, 300), hitTest: hitTest))
        log.append(router.route(event(1, .moved, 150, 710), hitTest: hitTest))  // lifted: forgotten
        #expect(log == [.panel, .board, .panel, .board, .panel, .board])
        #expect(router.count == 1)
    }

    @Test func aTouchIsHitTestedWhereItIsRoutedFromAndOnlyOnce() {
        var router = TouchRouter<Layer>(fallback: .board)
        var hitTests = 0
        let hitTest: (Point) -> Layer = { point in
            hitTests += 1
            return point.y > 600 ? .panel : .board
        }
        // An emulated second finger lies far from the pointer that routes it.
        let second = TouchEvent(
            id: TouchID(source: 9, number: 2), phase: .began, location: Point(100, 100), time: .origin, routingLocation: Point(100, 650))
        #expect(router.route(second, hitTest: hitTest) == .panel)
        for _ in 0..<5 { _ = router.route(event(2, .moved, 100, 100, source: 9), hitTest: hitTest) }
        #expect(hitTests == 1)
    }

    @Test func aRemovedDeviceLosesItsTouches() {
        var router = TouchRouter<Layer>(fallback: .board)
        _ = router.route(event(1, .began, 0, 650, source: 3), hitTest: { _ in .panel })
        _ = router.route(event(1, .began, 0, 650, source: 4), hitTest: { _ in .panel })
        // Its touches are told apart, so each is cancelled to its owner (which releases it).
        #expect(router.touches(fromSource: 3) == [TouchID(source: 3, number: 1)])
        #expect(router.route(event(1, .cancelled, 0, 650, source: 3), hitTest: { _ in .board }) == .panel)
        #expect(router.count == 1)
        #expect(router.touches(of: .panel) == [TouchID(source: 4, number: 1)])
    }
}
