import Testing
import XBoard

@testable import XBoardPlatform

@Suite struct ScrollValuatorsTests {
    private static let axes = [
        ScrollValuators.Axis(source: 9, number: 2, isVertical: true, increment: 120),
        ScrollValuators.Axis(source: 9, number: 3, isVertical: false, increment: -15),
        ScrollValuators.Axis(source: 9, number: 4, isVertical: true, increment: 0),
    ]

    @Test func theFirstValueIsTheBaselineAndLaterOnesCountInNotches() {
        var scroll = ScrollValuators()
        scroll.learn(Self.axes)
        #expect(scroll.notches(source: 9, values: [(2, 1000)]) == .zero)
        #expect(scroll.notches(source: 9, values: [(2, 1120)]) == Point(x: 0, y: 1))
        #expect(scroll.notches(source: 9, values: [(2, 1090)]) == Point(x: 0, y: -0.25))
    }

    @Test func aNegativeIncrementScrollsTheOtherWayAndAxesAddUp() {
        var scroll = ScrollValuators()
        scroll.learn(Self.axes)
        _ = scroll.notches(source: 9, values: [(2, 0), (3, 0)])
        #expect(scroll.notches(source: 9, values: [(2, 240), (3, 30)]) == Point(x: -2, y: 2))
    }

    @Test func unknownDevicesValuatorsAndZeroIncrementsAreIgnored() {
        var scroll = ScrollValuators()
        scroll.learn(Self.axes)
        #expect(scroll.notches(source: 8, values: [(2, 0)]) == .zero)
        #expect(scroll.notches(source: 8, values: [(2, 500)]) == .zero)
        #expect(scroll.notches(source: 9, values: [(0, 5), (1, 7)]) == .zero)
        _ = scroll.notches(source: 9, values: [(4, 0)])
        #expect(scroll.notches(source: 9, values: [(4, 100)]) == .zero)
        _ = scroll.notches(source: 9, values: [(2, 0)])
        #expect(scroll.notches(source: 9, values: [(2, .nan)]) == .zero)
    }
}
