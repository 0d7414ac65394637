import Testing

@testable import XBoard

/// The help sheet's layer alone: a lift on it puts it away.
struct HelpLayerTests {
    func event(_ phase: TouchPhase) -> TouchEvent {
        TouchEvent(id: TouchID(source: 2, number: 1), phase: phase, location: Point(x: 400, y: 300), time: .origin)
    }

    @Test func aTapOnTheSheetClosesItWhenTheFingerLifts() {
        var help = HelpLayer()
        help.isShown = true
        help.touch(event(.began))
        help.touch(event(.moved))
        #expect(help.isShown, "a finger down on the sheet leaves it")
        help.touch(event(.cancelled))
        #expect(help.isShown, "a cancelled touch leaves it")
        help.touch(event(.ended))
        #expect(!help.isShown)
    }
}
