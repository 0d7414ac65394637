import SystemPackage
import Testing
import XBoard

/// What the board says on itself, and in which tone, for what a person does: keys in, notices
/// out. That a notice shows on screen and fades is `EndToEnd.Notices`'s to prove.
@Suite struct NoticeTranscriptTests {
    func notices(_ script: SessionScript) -> [Notice] { script.session.notices.notices }

    @Test func ctrlSSavesAPictureOfTheBoardAndSaysWhereFromTheHomeFolder() throws {
        var settings = SessionSettings()
        settings.home = "/home/ann"
        let script = SessionScript(settings: settings).open(["a.jpg", "b.jpg"]).clear()
        script.key("s", .control)
        #expect(script.log == ["export picture of 2"])
        #expect(notices(script).isEmpty, "nothing said before it is saved")
        script.clear().send(.exported(.saved(FilePath("/home/ann/photoboard-2026-01-02.png"))))
        #expect(
            script.log == [
                "print /home/ann/photoboard-2026-01-02.png", "report saved a picture of the board as /home/ann/photoboard-2026-01-02.png",
            ])
        let notice = try #require(notices(script).first { $0.topic == BoardNotices.savedTopic })
        #expect(notice.text == "Saved a picture of the board as ~/photoboard-2026-01-02.png")
        #expect(notice.tone == .information)
    }

    @Test func aDocumentThatCannotBeSavedSaysWhyAsAProblem() throws {
        let script = SessionScript().open(["a.jpg"]).clear()
        script.key("s", [.control, .shift])
        #expect(script.log == ["save document of 1"])
        script.clear().send(.documentSaved(.failed("could not save the board as a document: every name is taken")))
        let notice = try #require(notices(script).first { $0.topic == BoardNotices.savedTopic })
        #expect(notice.text == "Could not save the board as a document: every name is taken")
        #expect(notice.tone == .problem)
    }

    @Test func captionsAskedForOnPrintsTooSmallToReadThemSayWhy() throws {
        let script = SessionScript().open((0..<200).map { "small-\($0).jpg" }).wait(.seconds(2)).clear()
        let largest = script.session.controller.board.photos.map { min($0.size.width, $0.size.height) * $0.scale }.max() ?? 0
        #expect(largest < 93, "precondition: every print too small for a readable caption (largest \(largest) points)")
        #expect(!notices(script).contains { $0.topic == BoardNotices.captionsTopic })
        script.key("c")
        let notice = try #require(notices(script).first { $0.topic == BoardNotices.captionsTopic })
        #expect(notice.text == BoardNotices.captionsTooSmall)
        #expect(notice.tone == .information)
        script.key("c")
        #expect(!notices(script).contains { $0.topic == BoardNotices.captionsTopic }, "hidden again, the notice goes")
    }
}
