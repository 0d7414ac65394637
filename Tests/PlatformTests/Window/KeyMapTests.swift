import CX11
import Testing
import XBoard

@testable import XBoardPlatform

@Suite struct KeyMapTests {
    private let keys = KeyMap()

    /// The command a key gives: the platform's chord, through the command catalogue.
    private func command(_ keysym: Int32, _ modifiers: KeyMap.Modifiers = []) -> BoardCommand? {
        keys.chord(for: UInt(keysym), modifiers: modifiers).flatMap(CommandCatalogue.board.command(for:))
    }

    @Test func everyBindingTheHelpListsMapsToItsCommand() {
        #expect(command(XK_q) == .quit)
        #expect(command(XK_w, .control) == .quit)
        #expect(command(XK_w) == nil)
        #expect(command(XK_z, .control) == .undo)
        #expect(command(XK_Z, [.control, .shift]) == .redo)
        #expect(command(XK_y, .control) == .redo)
        #expect(command(XK_z) == nil)
        #expect(command(XK_s, .control) == .exportPicture)
        #expect(command(XK_s) == nil)
        #expect(command(XK_Escape) == .escape)
        #expect(command(XK_f) == .toggleFullscreen)
        #expect(command(XK_F11) == .toggleFullscreen)
        #expect(command(XK_Home) == .showWholeBoard && command(XK_KP_Home) == .showWholeBoard)
        #expect(command(XK_0, .control) == .showActualSize && command(XK_0) == nil)
        #expect(command(XK_plus, [.control, .shift]) == .zoomTable(isIn: true) && command(XK_equal, .control) == .zoomTable(isIn: true))
        #expect(command(XK_minus, .control) == .zoomTable(isIn: false) && command(XK_KP_Subtract, .control) == .zoomTable(isIn: false))
        #expect(command(XK_f, .control) == nil)
        #expect(command(XK_space) == .gather)
        #expect(command(XK_g) == .gather)
        #expect(command(XK_Delete) == .removeTarget)
        #expect(command(XK_BackSpace) == .removeTarget)
        #expect(command(XK_question) == .toggleHelp)
        #expect(command(XK_F1) == .toggleHelp)
        #expect(command(XK_plus) == .zoom(isIn: true))
        #expect(command(XK_equal) == .zoom(isIn: true))
        #expect(command(XK_minus) == .zoom(isIn: false))
        #expect(command(XK_bracketright) == .turn(isClockwise: true))
        #expect(command(XK_bracketleft) == .turn(isClockwise: false))
        #expect(command(XK_a) == nil)
    }

    @Test func tabSelectsAndShiftTabOrLeftTabGoesBackwards() {
        #expect(command(XK_Tab) == .selectNext(backwards: false))
        #expect(command(XK_Tab, .shift) == .selectNext(backwards: true))
        #expect(command(XK_ISO_Left_Tab, .shift) == .selectNext(backwards: true))
    }

    @Test func arrowsNudgeAndShiftMakesTheStepLarge() {
        #expect(command(XK_Left) == .nudge(.left, isLarge: false))
        #expect(command(XK_Right, .shift) == .nudge(.right, isLarge: true))
        #expect(command(XK_KP_Up) == .nudge(.up, isLarge: false))
        #expect(command(XK_Down, .shift) == .nudge(.down, isLarge: true))
    }

    @Test func modifiersAreReadFromTheXState() {
        #expect(KeyMap.Modifiers(xState: UInt32(ShiftMask | ControlMask)) == [.shift, .control])
        #expect(KeyMap.Modifiers(xState: UInt32(Mod2Mask)) == [])  // Num Lock changes nothing
    }
}
