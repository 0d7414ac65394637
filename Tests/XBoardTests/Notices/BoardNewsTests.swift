import Testing
import XBoard

/// The board's news alone: each piece's words, topic, tone and standard error line, and how the
/// queue posts it.
struct BoardNewsTests {
    @Test(arguments: [
        (BoardNews.copied("a.jpg"), "Copied a.jpg", nil as String?),
        (.copied(nil), "Copied the photo", nil),
        (.copyFailed("no owner"), "Copied the file only, not its picture: no owner", "copy: no owner"),
        (.pasteFailed("nothing to paste"), "nothing to paste", "paste: nothing to paste"),
        (.pictureRefused("a.tga is a TGA"), "Not taken: a.tga is a TGA", "a.tga is a TGA"),
        (.dropIgnored("links are not fetched"), "links are not fetched", "drop ignored: links are not fetched"),
        (.cannotOpen("b.png"), "b.png cannot be opened", nil),
        (.alreadyOnBoard, "Those photos are on the board already", nil),
        (
            .exported(path: "/home/me/b.png", home: "/home/me"), "Saved a picture of the board as ~/b.png",
            "saved a picture of the board as /home/me/b.png"
        ),
        (.exportFailed("disk full"), "Could not save the board: disk full", "disk full"),
        (
            .documentSaved(path: "/tmp/t.photoboard", home: "/home/me"), "Saved the board as /tmp/t.photoboard",
            "saved the board as /tmp/t.photoboard"
        ),
        (.documentFailed("cannot write /tmp/t"), "Cannot write /tmp/t", "cannot write /tmp/t"),
    ])
    func eachPieceOfNewsHasItsWordsAndItsLine(news: BoardNews, text: String, report: String?) {
        #expect(news.text == text)
        #expect(news.report == report)
    }

    @Test func problemsAreSaidAsProblemsAndFailingSavesStay() {
        let failing = BoardNews.notSaved(folder: "/home/me/state", why: "no space left on the disk", detail: "ENOSPC", home: "/home/me")
        #expect(failing.text == BoardNotices.notSaved(in: "/home/me/state", why: "no space left on the disk", home: "/home/me"))
        #expect(failing.report == "could not save the arrangement: ENOSPC")
        #expect(failing.tone == .problem && failing.isSticky && failing.topic == BoardNotices.notSavedTopic)
        #expect(BoardNews.copied(nil).tone == .information && !BoardNews.copied(nil).isSticky)
        #expect(BoardNews.captionsTooSmall.topic == BoardNotices.captionsTopic)
        #expect(BoardNews.exported(path: "/p", home: nil).topic == BoardNews.documentFailed("x").topic, "both say how a save went")
    }

    @Test func theQueuePostsNewsReplacingItsTopicAndTheEmptyBoardsNoticeComesAndGoes() {
        var queue = NoticeQueue()
        queue.tell(.copied("a.jpg"), at: .origin)
        queue.tell(.copyFailed("no owner"), at: .origin)
        #expect(queue.notices.map(\.text) == ["Copied the file only, not its picture: no owner"], "one notice on the clipboard")
        #expect(queue.notices.first?.tone == .problem)
        queue.noteWhether(isEmpty: true, at: .origin)
        queue.noteWhether(isEmpty: true, at: .origin)
        #expect(queue.notices.filter { $0.topic == BoardNotices.emptyTopic }.map(\.isSticky) == [true], "posted once, and it stays")
        queue.noteWhether(isEmpty: false, at: .origin)
        #expect(!queue.notices.contains { $0.topic == BoardNotices.emptyTopic })
    }
}
