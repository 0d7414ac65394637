import Testing

@testable import XBoard

/// The pointer alone: a right-click opens a print's menu or closes the open one, anything else
/// is emulated touches; a paste lands where the pointer was when it was asked for.
struct PointerInputTests {
    let board = Rect(x: 0, y: 0, width: 1280, height: 800)
    let print = Point(x: 300, y: 200), table = Point(x: 900, y: 600)

    func photo(at point: Point) -> PhotoID? { point == print ? PhotoID(4) : nil }

    func send(_ kind: PointerEvent.Kind, at point: Point, _ input: inout PointerInput, menu: Bool = false, control: Bool = false)
        -> PointerInput.Outcome
    {
        let event = PointerEvent(kind, at: point, modifiers: control ? .control : [], time: .origin)
        return input.pointer(event, isMenuOpen: menu, photo: photo(at:), photoCenter: { photo(at: $0) == nil ? nil : $0 })
    }

    @Test func aRightClickOpensAPrintsMenuOrClosesTheOpenOne() {
        var input = PointerInput()
        #expect(send(.pressed(.right), at: print, &input) == .openMenu(PhotoID(4), at: print))
        #expect(send(.pressed(.right), at: print, &input, menu: true) == .closeMenu, "open, a right-click anywhere closes it")
        #expect(send(.pressed(.right), at: table, &input) == .touches([]), "on the empty table it does nothing")
        #expect(send(.pressed(.right), at: print, &input, control: true) != .openMenu(PhotoID(4), at: print), "Ctrl+right-click pins")
        #expect(input.emulator.hasPinnedFinger)
        #expect(send(.pressed(.right), at: print, &input) != .openMenu(PhotoID(4), at: print), "with a finger pinned, it is the emulator's")
    }

    @Test func aLeftPressIsATouch() {
        var input = PointerInput()
        guard case .touches(let touches) = send(.pressed(.left), at: table, &input) else {
            Issue.record("not touches")
            return
        }
        #expect(touches.map(\.phase) == [.began])
        #expect(input.location == table)
    }

    @Test func aShiftClickOnAPrintTogglesItsSelectionAndALeftPressOnTheTableIsABand() {
        var input = PointerInput()
        let shifted = PointerEvent(.pressed(.left), at: print, modifiers: .shift, time: .origin)
        #expect(input.pointer(shifted, isMenuOpen: false, photo: photo(at:), photoCenter: { $0 }) == .toggleSelection(PhotoID(4)))
        let release = PointerEvent(.released(.left), at: print, modifiers: .shift, time: .origin)
        #expect(input.pointer(release, isMenuOpen: false, photo: photo(at:), photoCenter: { $0 }) == .touches([]))
        guard case .touches(let touches) = send(.pressed(.left), at: table, &input) else {
            Issue.record("not touches")
            return
        }
        #expect(touches.map(\.bareTable) == [.band])
        let adding = PointerEvent(.pressed(.left), at: table, modifiers: .control, time: .origin)
        var other = PointerInput()
        guard case .touches(let more) = other.pointer(adding, isMenuOpen: false, photo: photo(at:), photoCenter: { _ in nil }) else {
            Issue.record("not touches")
            return
        }
        #expect(more.map(\.bareTable) == [.addingBand])
    }

    @Test func aPasteLandsWhereThePointerWasWhenItWasAskedFor() {
        var input = PointerInput()
        #expect(input.pasteLanding(on: board) == board.center, "never asked: the middle")
        input.notePaste(on: board)
        #expect(input.pasteLanding(on: board) == board.center, "no pointer seen: the middle")
        _ = send(.moved, at: table, &input)
        #expect(input.pasteLanding(on: board) == board.center, "it lands where it was asked for, not where the pointer went since")
        input.notePaste(on: board)
        _ = send(.moved, at: print, &input)
        #expect(input.pasteLanding(on: board) == table)
        _ = send(.moved, at: Point(x: -5, y: 900), &input)
        input.notePaste(on: board)
        #expect(input.pasteLanding(on: board) == board.center, "off the board: the middle")
    }

    @Test func aPinnedFingerIsPinnedLiftedAndCancelledWhereItIs() throws {
        var input = PointerInput()
        let pinned = input.pinFinger(at: print, time: .origin)
        #expect(pinned.map(\.phase) == [.began] && input.overlay?.marker == print)
        let moved = input.pinFinger(at: table, time: .origin)
        #expect(moved.map(\.phase) == [.ended, .began], "one pinned before lifts first")
        #expect(input.liftPinnedFinger(at: .origin).map(\.phase) == [.ended] && input.overlay == nil)
        #expect(input.liftPinnedFinger(at: .origin).isEmpty)
        _ = send(.pressed(.left), at: table, &input)
        let drag = try #require(input.emulator.isActive ? input.cancelFingers(at: .origin) { _ in Point(x: 7, y: 8) } : nil)
        #expect(drag.map(\.phase) == [.cancelled] && drag.first?.location == Point(x: 7, y: 8), "where its owner last saw it")
        #expect(!input.emulator.isActive && input.cancelFingers(at: .origin) { _ in nil }.isEmpty)
    }
}
