import Testing
import XBoard

@Suite struct BoardNoticesTests {
    @Test func unopenedFilesAreCountedAndTheFirstNamed() {
        #expect(BoardNotices.unopened(["/tmp/x/broken.png"]) == "Could not open broken.png (standard error says why)")
        #expect(
            BoardNotices.unopened(["/tmp/x/broken.png"], reason: "not a picture format this system can read")
                == "Could not open broken.png: not a picture format this system can read")
        #expect(
            BoardNotices.unopened(["/a/one.png", "/a/two.jpg", "/b/", "/c/four.gif", "/c/five.gif"])
                == "Could not open 5 items: one.png, two.jpg, b and 2 more (standard error says why)")
    }

    @Test func theSavedPathShowsTheHomeFolderAsATilde() {
        #expect(BoardNotices.saved(path: "/home/me/Pictures/a.png", home: "/home/me") == "Saved the board as ~/Pictures/a.png")
        #expect(BoardNotices.saved(path: "/home/melissa/a.png", home: "/home/me") == "Saved the board as /home/melissa/a.png")
        #expect(BoardNotices.saved(path: "/tmp/a.png", home: nil) == "Saved the board as /tmp/a.png")
        // A picture of the board is not the board: Export and Save say which they made.
        #expect(
            BoardNotices.saved(path: "/home/me/Pictures/b.png", home: "/home/me", asPicture: true)
                == "Saved a picture of the board as ~/Pictures/b.png")
    }
}
