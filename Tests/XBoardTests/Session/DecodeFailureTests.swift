import SystemPackage
import Testing
import XBoard

/// Decodes that fail, as values (`Problem`): a file that cannot be opened is said and counted; a
/// copy of a photo already shown that cannot be decoded again is said once, and nothing else.
@Suite struct DecodeFailureTests {
    static func reports(_ script: SessionScript) -> [String] { script.log.filter { $0.hasPrefix("report ") } }

    @Test func theReasonANoticeGivesIsTheProblemsOwnNotALineCutApart() {
        // A name with ": " in it, and bytes that are not UTF-8: the reason is carried, not parsed.
        let name = "a: b.jpg"
        let script = SessionScript().open(["ok.jpg", name], failing: [name])
        #expect(Self.reports(script) == ["report /photos/a: b.jpg: not a picture format this system can read"])
        #expect(script.session.notices.notices.map(\.text).contains("Could not open a: b.jpg: not a picture format this system can read"))
        #expect(script.session.catalogue?.failedPaths == [FilePath("/photos/a: b.jpg")])
    }

    @Test func anotherCopyThatCannotBeDecodedIsSaidOncePerPhotoAndTheCopyShownStays() throws {
        let script = SessionScript().open(["a.jpg", "b.jpg"])
        let before = script.session.controller.board.photos
        script.clear().window(.displayProfileChanged)
        #expect(script.log.contains("decode 2"))
        script.clear().decodeAll(failing: ["a.jpg"])
        #expect(
            Self.reports(script) == [
                "report /photos/a.jpg: another copy could not be decoded (not a picture format this system can read); the copy shown stays"
            ])
        #expect(script.session.controller.board.photos == before, "a photo shown stays as it is")
        #expect(!script.session.notices.notices.contains { $0.topic == BoardNotices.unopenedTopic }, "said on standard error only")
        #expect(script.session.catalogue?.failedPaths == [])
        // Asked for again, failing again: said no more.
        script.clear().window(.displayProfileChanged)
        #expect(script.log.contains("decode 2"), "a failed copy is asked for again")
        script.clear().decodeAll(failing: ["a.jpg"])
        #expect(Self.reports(script) == [])
        // The other photo's copy failing is its own line.
        script.clear().window(.displayProfileChanged).clear().decodeAll(failing: ["b.jpg"])
        #expect(Self.reports(script).count == 1 && Self.reports(script).first?.hasPrefix("report /photos/b.jpg: another copy") == true)
    }
}
