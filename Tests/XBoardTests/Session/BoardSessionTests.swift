import SystemPackage
import Testing
import XBoard

/// The board's screen as transcripts: what a person does, and what the session asks of the
/// platform and shows.
@Suite struct BoardSessionTests {
    func opened(_ names: [String] = ["a.jpg", "b.jpg", "c.jpg"]) -> SessionScript {
        SessionScript().open(names).wait(.milliseconds(100)).clear()
    }

    @Test func photosArriveAsTheirDecodesAreReported() {
        let script = SessionScript().open(["a.jpg", "b.jpg"])
        #expect(script.log == ["decode 2"])
        #expect(script.session.controller.board.photos.count == 2)
        #expect(script.session.catalogue?.isLoading == false)
    }

    @Test func escClosesHelpAndTheRemovedPhotosTogetherThenLeavesFullscreen() {
        let script = opened()
        script.key("?").key("r")
        #expect(script.session.showsHelp && script.session.showsRemovedPhotos)
        script.key(.named(.escape))
        #expect(!script.session.showsHelp && !script.session.showsRemovedPhotos)
        #expect(script.log.isEmpty)
        script.key(.named(.escape))
        #expect(script.log == ["leave fullscreen"])
    }

    @Test func escLiftsAPinnedFingerBeforeLeavingFullscreen() {
        let script = opened()
        let photo = script.session.controller.board.photos[0].photoToBoard.center
        script.window(.pointer(PointerEvent(.pressed(.right), at: photo, modifiers: .control, time: script.now)))
        script.key(.named(.escape))
        #expect(script.log.isEmpty, "\(script.log)")
        script.key(.named(.escape))
        #expect(script.log == ["leave fullscreen"])
    }

    @Test func keysGoThroughTheCatalogue() {
        let script = opened()
        script.key("f").key("q")
        #expect(script.log == ["toggle fullscreen", "quit 0"])
        // The session has ended: nothing more happens.
        script.key("f")
        #expect(script.log == ["toggle fullscreen", "quit 0"])
    }

    @Test func theWindowClosedOrDestroyedEndsTheSession() {
        #expect(opened().window(.closeRequested).log == ["quit 0"])
        #expect(opened().window(.windowDestroyed).log == ["report the window was destroyed by another program", "quit 1"])
    }

    @Test func aTapOnANoticeDismissesItAndNeverReachesThePhotoUnderIt() throws {
        let script = opened(["a.jpg"])
        script.window(.dropIgnored("The drop held no files"))
        let panel = try #require(script.frame().panels.first { if case .notice = $0.kind { true } else { false } })
        // Drag the photo slowly under the notice, and let it rest there.
        let start = script.session.controller.board.photos[0].photoToBoard.center
        script.touch(1, .began, at: start)
        for step in 1...20 {
            script.touch(1, .moved, at: start + (panel.frame.center - start) * (Double(step) / 20), after: .milliseconds(50))
        }
        script.touch(1, .ended, at: panel.frame.center, after: .milliseconds(300)).wait(.seconds(1))
        #expect(script.session.controller.board.photo(at: panel.frame.center) != nil, "the photo is not under the notice")
        let revision = script.session.controller.revision
        script.touch(2, .began, at: panel.frame.center)
        #expect(script.session.controller.activeTouchCount == 0)
        script.touch(2, .moved, at: panel.frame.center + Point(x: 30, y: 0)).touch(2, .ended, at: panel.frame.center + Point(x: 30, y: 0))
        #expect(script.session.controller.revision == revision, "the photo under the notice was touched")
        #expect(!script.session.notices.notices.contains { $0.topic == BoardNotices.dropTopic })
    }

    @Test func aTapOnTheRemovedPhotosListPutsThePhotoBackAndMovesNothingElse() throws {
        let script = opened(["a.jpg", "b.jpg"])
        script.key(.named(.delete))
        #expect(script.session.controller.board.photos.count == 1)
        script.key("r")
        let list = script.frame()
        let shelf = try #require(list.items.compactMap { if case .removedPhotos(let shelf) = $0 { shelf } else { nil } }.first)
        let slot = try #require(shelf.slots.first)
        script.tap(at: slot.frame.center)
        #expect(script.session.controller.board.photos.count == 2)
        #expect(script.session.controller.removedPhotos.isEmpty)
    }

    @Test func anEmptyBoardSaysWhatToDoUntilAPhotoIsBack() {
        let script = opened(["a.jpg"])
        script.key(.named(.delete)).wait(.milliseconds(50))
        #expect(script.session.notices.notices.contains { $0.topic == BoardNotices.emptyTopic })
        // Sticky: still there past the longest a notice stays on its own (12 s).
        script.wait(.seconds(13))
        #expect(script.session.notices.notices.contains { $0.topic == BoardNotices.emptyTopic })
        script.key("z", .control).wait(.milliseconds(50))
        #expect(!script.session.notices.notices.contains { $0.topic == BoardNotices.emptyTopic })
    }

    @Test func noEmptyBoardNoticeWhileTheFoldersAreStillListed() {
        let script = SessionScript().wait(.seconds(2))
        #expect(script.session.notices.isEmpty)
        #expect(script.window(.filesDropped([FilePath("/photos/x.jpg")], at: .zero, refused: [])).log == ["finish drop refused"])
    }

    @Test func photosThatCannotBeOpenedAreSaidAndCounted() {
        let script = SessionScript().open(["a.jpg", "broken.jpg"], failing: ["broken.jpg"])
        #expect(script.log.contains("report /photos/broken.jpg: not a picture format this system can read"))
        #expect(script.session.notices.notices.contains { $0.topic == BoardNotices.unopenedTopic })
        // Said on the board too: whoever started it from a file manager never sees standard error.
        #expect(
            script.session.notices.notices.contains { $0.text == "Could not open broken.jpg: not a picture format this system can read" },
            "\(script.session.notices.notices.map(\.text))")
        #expect(!script.log.contains { $0.hasPrefix("quit") })
    }

    @Test func whenNothingOpensTheBoardEndsSayingSo() {
        let script = SessionScript().open(["broken.jpg"], failing: ["broken.jpg"])
        #expect(script.log.suffix(2) == ["report none of the given paths could be opened", "quit 1"])
    }

    @Test func thousandsDroppedOnAFewAskForCopiesTheSizeTheyAreShown() throws {
        let script = opened(["a.jpg", "b.jpg", "c.jpg"])
        let names = (0..<2000).map { "drop\($0).jpg" }
        let listing = DropListing(
            dropped: names.map { FilePath("/photos/\($0)") }, documents: [],
            listing: FileListing(files: names.map(SessionScript.file), problems: []),
            location: Point(x: 500, y: 400), refused: [])
        script.send(.dropListed(listing))
        let requests = script.effects.flatMap { effect -> [DecodeRequest] in if case .decode(let requests) = effect { requests } else { [] }
        }
        #expect(requests.count == 2000)
        // Three photos on the board are decoded large; two thousand more are prints of a few dozen
        // points: copies of about twice that, and the thumbnail cache's smallest flavour.
        let board = try #require(script.session.catalogue?.resolution.baseLongEdge)
        #expect(board >= 256)
        #expect(requests.allSatisfy { $0.maximumLongEdge <= 128 }, "\(requests.first.map(\.maximumLongEdge) ?? 0) px")
        #expect(requests.allSatisfy { $0.thumbnail == nil || $0.thumbnail?.made == .normal })
    }

    @Test func aDropIsAnsweredAtOnceAndListedOffTheLoop() {
        let script = opened(["a.jpg"])
        script.window(.filesDropped([FilePath("/photos/new.jpg"), FilePath("/photos/gone.jpg")], at: Point(x: 500, y: 400), refused: []))
        #expect(script.log == ["finish drop accepted", "list drop of 2"])
        script.clear()
        let listing = DropListing(
            dropped: [FilePath("/photos/new.jpg"), FilePath("/photos/gone.jpg")], documents: [],
            listing: FileListing(
                files: [SessionScript.file("new.jpg")], problems: [Problem(FilePath("/photos/gone.jpg"), "no such file or folder")]),
            location: Point(x: 500, y: 400), refused: [])
        script.send(.dropListed(listing))
        #expect(
            script.log == [
                "report drop: 1 of 2 items not taken: /photos/gone.jpg (no such file or folder); the other one is being opened", "decode 1",
            ])
        script.decodeAll()
        #expect(script.session.controller.board.photos.count == 2)
        // The dropped photo lands on top, where it was dropped.
        #expect(
            script.session.controller.board.photos.last.map { $0.photoToBoard.center.distance(to: Point(x: 500, y: 400)) < 200 } == true)
    }

    @Test func theArrangementIsSavedOnceTheBoardRestsOneSaveAtATime() throws {
        let script = opened(["a.jpg", "b.jpg"])
        let photo = script.session.controller.board.photos[0].photoToBoard.center
        // A slow drag, held still before lifting: no glide after it.
        script.touch(1, .began, at: photo)
        for step in 1...8 { script.touch(1, .moved, at: photo + Point(x: Double(step) * 5, y: 0), after: .milliseconds(50)) }
        script.touch(1, .ended, at: photo + Point(x: 40, y: 0), after: .milliseconds(300))
        script.wait(.milliseconds(900))
        #expect(!script.log.contains("save"), "saved before the board rested a second: \(script.log)")
        script.wait(.seconds(2))
        #expect(script.log.filter { $0 == "save" }.count == 1)
        // A second change while the first save is still being written waits for it.
        script.clear().key(.named(.right)).wait(.seconds(3))
        #expect(!script.log.contains("save"))
        let request = try #require(script.session.saveRequest())
        script.send(.saved(.saved(SavedBoard(snapshot: request.snapshot, memory: BoardMemory()))))
        script.wait(.seconds(2))
        #expect(script.log.filter { $0 == "save" }.count == 1)
    }

    @Test func aFailingSaveIsSaidOnceUntilItsReasonChanges() {
        let script = opened(["a.jpg"])
        let full = WriteFailure(folder: FilePath("/state"), reason: .noSpace, detail: "cannot write /state/x: no space left on device")
        let denied = WriteFailure(folder: FilePath("/state"), reason: .permissionDenied, detail: "cannot write /state/x: permission denied")
        script.send(.saved(.failed(full)))
        script.send(.saved(.failed(full)))
        script.send(.saved(.failed(denied)))
        #expect(
            script.log == [
                "report could not save the arrangement: cannot write /state/x: no space left on device",
                "report could not save the arrangement: cannot write /state/x: permission denied",
            ])
    }

    @Test func aSavedDocumentIsPrintedSaidAndShown() {
        var settings = SessionSettings()
        settings.home = "/home/ann"
        let script = SessionScript(settings: settings).open(["a.jpg"]).clear()
        script.key("s", [.control, .shift])
        #expect(script.log == ["save document of 1"])
        let snapshot = script.session.saveRequest()?.snapshot ?? BoardMemory.Snapshot(photos: [], order: [PathKey]())
        script.clear().send(
            .documentSaved(
                .saved(path: FilePath("/home/ann/Pictures/trip.photoboard"), board: SavedBoard(snapshot: snapshot, memory: BoardMemory()))))
        #expect(script.log == ["print /home/ann/Pictures/trip.photoboard", "report saved the board as /home/ann/Pictures/trip.photoboard"])
        #expect(script.session.notices.notices.contains { $0.text == "Saved the board as ~/Pictures/trip.photoboard" })
        script.clear().send(.documentSaved(.failed("could not save the board as a document: nowhere to put it")))
        #expect(script.session.notices.notices.contains { $0.text == "Could not save the board as a document: nowhere to put it" })
    }

    @Test func tidyByNameOrdersByTheFilesNames() {
        let script = opened(["IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg"])
        script.key("t").wait(.seconds(2))
        let photos = script.session.controller.board.photos.sorted {
            ($0.photoToBoard.center.y, $0.photoToBoard.center.x) < ($1.photoToBoard.center.y, $1.photoToBoard.center.x)
        }
        #expect(photos.map { script.session.catalogue?.name(of: $0.id) } == ["IMG_1.jpg", "IMG_2.jpg", "IMG_10.jpg"])
    }

    @Test func tidyKeepsEveryPrintBelowTheControls() {
        let script = opened((1...30).map { "IMG_\($0).jpg" })
        script.key("t").wait(.seconds(2))
        let barBottom = WidgetMetrics(scale: 1).controlBarBottom
        for photo in script.session.controller.board.photos {
            let top = Rect.bounding(photo.printBounds.corners.map(photo.photoToBoard.apply(to:))).minY
            #expect(top >= barBottom, "a tidied print's top at \(top), under the controls (to \(barBottom))")
        }
    }

    @Test func notHeldTouchesAfterADeviceIsRemoved() {
        let script = opened(["a.jpg"])
        let photo = script.session.controller.board.photos[0].photoToBoard.center
        script.touch(1, .began, at: photo)
        #expect(script.session.controller.activeTouchCount == 1)
        script.window(.deviceRemoved(2))
        #expect(script.session.controller.activeTouchCount == 0)
    }

    @Test func noticesFadeAtTheDisplaysRate() {
        var settings = SessionSettings()
        settings.frameInterval = .microseconds(8_333)  // 120 Hz
        let script = SessionScript(settings: settings).open(["a.jpg"])
        #expect(script.session.notices.settings.frameInterval == .microseconds(8_333))
        #expect(script.session.controller.settings.motion.frameInterval == .microseconds(8_333))
    }
}
