import SystemPackage
import Testing
import XBoard

/// Saves as transcripts: a failed save stays on the board until a save succeeds, the board
/// tries again by itself, and every save carries the table's size as it is at that save.
@Suite struct SavingSessionTests {
    static let boards = FilePath("/home/ann/.local/state/photoboard-x11/boards")
    static let full = WriteFailure(folder: boards, reason: .noSpace, detail: "cannot write \(boards)/x.json: no space left on device")

    /// One photo open on a board in /home/ann, its first save (after loading) under way.
    func opened() -> SessionScript {
        var settings = SessionSettings()
        settings.home = "/home/ann"
        let script = SessionScript(settings: settings).open(["a.jpg"]).wait(.seconds(2))
        #expect(script.log.filter { $0 == "save" }.count == 1)
        return script.clear()
    }

    func notSavedNotice(_ script: SessionScript) -> Notice? {
        script.session.notices.notices.first { $0.topic == BoardNotices.notSavedTopic }
    }

    func saves(_ script: SessionScript) -> Int { script.log.filter { $0 == "save" }.count }

    @Test func aFailedSaveStaysOnTheBoardAndIsTriedAgainByItselfUntilOneSucceeds() throws {
        let script = opened()
        script.send(.saved(.failed(Self.full)))
        #expect(script.log == ["report could not save the arrangement: cannot write \(Self.boards)/x.json: no space left on device"])
        let notice = try #require(notSavedNotice(script))
        #expect(
            notice.text
                == "Could not save the arrangement in ~/.local/state/photoboard-x11/boards: no space left on the disk. "
                + "Keep the board open: it tries again by itself.")
        #expect(notice.tone == .problem && notice.isSticky)
        // Nobody touches the board: it tries again 2 s later, once (the try is under way).
        script.clear().wait(.milliseconds(1900))
        #expect(saves(script) == 0)
        script.wait(.milliseconds(200)).wait(.seconds(20))
        #expect(saves(script) == 1)
        #expect(notSavedNotice(script) != nil, "the notice stays while saves fail")
        // It failed again, for the same reason: nothing more said, and the next try waits 4 s.
        script.clear().send(.saved(.failed(Self.full))).wait(.milliseconds(3900))
        #expect(script.log.isEmpty)
        script.wait(.milliseconds(200))
        #expect(script.log == ["save"])
        // Space is back.
        let request = try #require(script.session.saveRequest())
        script.clear().send(.saved(.saved(SavedBoard(snapshot: request.snapshot, memory: BoardMemory()))))
        #expect(script.log == ["report the arrangement is saved again"])
        #expect(notSavedNotice(script) == nil)
        script.clear().wait(.seconds(40))
        #expect(script.log.isEmpty, "no more tries once a save succeeded")
    }

    @Test(arguments: [
        (WriteFailure.Reason.noSpace, "no space left on the disk"),
        (.quotaExceeded, "the disk quota is used up"),
        (.readOnly, "the disk is read-only"),
        (.permissionDenied, "permission denied"),
        (.other("input/output error"), "input/output error"),
    ])
    func theNoticeSaysWhyInPlainWords(reason: WriteFailure.Reason, words: String) {
        #expect(
            BoardNotices.notSaved(in: "/media/usb/state/boards", why: reason.words, home: "/home/ann")
                == "Could not save the arrangement in /media/usb/state/boards: \(words). Keep the board open: it tries again by itself.")
    }

    @Test func aDismissedNoticeStaysAwayUntilTheReasonChanges() throws {
        let script = opened()
        script.send(.saved(.failed(Self.full)))
        let panel = try #require(script.frame().panels.first { if case .notice = $0.kind { true } else { false } })
        script.touch(5, .began, at: panel.frame.center).touch(5, .ended, at: panel.frame.center)
        #expect(notSavedNotice(script) == nil)
        script.wait(.seconds(3)).send(.saved(.failed(Self.full)))
        #expect(notSavedNotice(script) == nil, "the same failure again: the person was told")
        let readOnly = WriteFailure(folder: Self.boards, reason: .readOnly, detail: "cannot write x: read-only file system")
        script.wait(.seconds(5)).send(.saved(.failed(readOnly)))
        #expect(notSavedNotice(script)?.text.contains("the disk is read-only") == true)
    }

    @Test func theRetryWaitsWhileAFingerMovesThePhotoAndGoesOnceItRests() {
        let script = opened()
        script.send(.saved(.failed(Self.full))).clear()
        let photo = script.session.controller.board.photos[0].photoToBoard.center
        script.touch(1, .began, at: photo)
        for step in 1...50 { script.touch(1, .moved, at: photo + Point(x: Double(step) * 4, y: 0), after: .milliseconds(100)) }
        #expect(saves(script) == 0, "\(script.log)")
        script.touch(1, .ended, at: photo + Point(x: 200, y: 0), after: .milliseconds(300)).wait(.milliseconds(100))
        #expect(saves(script) == 1, "the retry, due long ago, goes as soon as the board rests: \(script.log)")
    }

    @Test func aBoardThatKeepsNothingSaysSoOnTheBoard() throws {
        var settings = SessionSettings()
        settings.home = "/home/ann"
        let script = SessionScript(settings: settings)
        let problem = "cannot create the folder /home/ann/.local/state/photoboard-x11/boards: read-only file system"
        script.send(
            .opened(
                BoardOpening(
                    files: [SessionScript.file("a.jpg")], named: [], added: [], memory: BoardMemory(), problemPaths: [],
                    keepingProblem: problem)))
        let notice = try #require(notSavedNotice(script))
        #expect(
            notice.text
                == "This board's arrangement will not be kept: cannot create the folder ~/.local/state/photoboard-x11/boards: "
                + "read-only file system")
        #expect(notice.tone == .problem && notice.isSticky)
        // Saves without a file succeed (kept in memory only): the notice stays.
        script.decodeAll().wait(.seconds(2))
        let request = try #require(script.session.saveRequest())
        script.send(.saved(.saved(SavedBoard(snapshot: request.snapshot, memory: BoardMemory())))).wait(.seconds(30))
        #expect(notSavedNotice(script) != nil)
    }

    @Test func aResizeAloneIsSavedWithTheTablesNewSize() throws {
        let script = opened()
        let first = try #require(script.session.saveRequest())
        script.send(.saved(.saved(SavedBoard(snapshot: first.snapshot, memory: BoardMemory())))).clear()
        let fullscreen = Size(width: 1920, height: 1080)
        script.window(.resized(fullscreen)).wait(.seconds(2))
        let requests = script.effects.compactMap { if case .save(let request) = $0 { request } else { nil } }
        #expect(requests.count == 1 && requests.first?.boardSize == fullscreen)
    }
}
