import Testing

import XBoard
@testable import XBoardPlatform

@Suite struct DropTargetTests {
    @Test func fileURIsBecomePathsAndEverythingElseIsSkipped() {
        let list = "# dropped from a file manager\r\nfile:///home/ann/Pictures/IMG%201.jpg\r\nfile://localhost/tmp/b%C3%A9.png\r\nhttp://example.org/x.jpg\r\n\r\n"
        #expect(DropTarget.paths(fromURIList: list) == ["/home/ann/Pictures/IMG 1.jpg", "/tmp/bé.png"])
    }
}
