import Testing

@testable import XBoard

/// The paths that could not be opened, alone: one notice counts them all, with the reason when
/// only one failed; a drop that brought nothing says so.
struct UnopenedPathsTests {
    let now = Instant.origin + .seconds(5)

    func texts(_ notices: NoticeQueue) -> [String] { notices.shown(at: now).map(\.text) }

    @Test func oneNoticeCountsEveryPathSoFar() {
        var unopened = UnopenedPaths(), notices = NoticeQueue()
        unopened.add([], to: &notices, at: now)
        #expect(texts(notices).isEmpty, "nothing failed, nothing said")
        unopened.add(["/p/broken.png"], reasons: ["/p/broken.png": "it is cut short"], to: &notices, at: now)
        #expect(texts(notices) == ["Could not open broken.png: it is cut short"])
        unopened.add(["/p/a.jpg", "/p/b.jpg"], to: &notices, at: now)
        #expect(texts(notices) == [BoardNotices.unopened(["/p/broken.png", "/p/a.jpg", "/p/b.jpg"])], "replaced, not added")
        #expect(unopened.paths.count == 3)
    }

    @Test func aDropThatBroughtNothingNewSaysSo() {
        var unopened = UnopenedPaths(), notices = NoticeQueue()
        unopened.noteDrop(files: 0, added: 0, problems: [], to: &notices, at: now)
        #expect(texts(notices).isEmpty, "board documents alone: nothing to say")
        unopened.noteDrop(files: 0, added: 0, problems: ["/d/x.txt", "/d/y"], to: &notices, at: now)
        #expect(texts(notices) == ["Nothing in the drop could be opened: x.txt, y"])
        #expect(unopened.paths.isEmpty, "not counted among the unopened")
        notices = NoticeQueue()
        unopened.noteDrop(files: 2, added: 0, problems: ["/d/z.png"], to: &notices, at: now)
        #expect(texts(notices) == [BoardNotices.unopened(["/d/z.png"]), "Those photos are on the board already"])
    }
}
