import Testing
import XBoardPlatform

/// What the board says when it finds no X display: the name it tried, or that none was named.
@Suite struct DisplayMessageTests {
    @Test func aNamedDisplayIsNamed() {
        let line = PlatformError.cannotOpenDisplay(":99").description
        #expect(line.hasPrefix("cannot open display ':99'") && !line.contains("\n"))
    }

    @Test func noDisplayAtAllSaysDISPLAYIsNotSetAndWhatToDo() {
        let line = PlatformError.cannotOpenDisplay("").description
        #expect(line.contains("DISPLAY is not set") && line.contains("--display"), "\(line)")
        #expect(!line.contains("''") && !line.contains("'("), "no empty or made-up display name: \(line)")
    }
}
