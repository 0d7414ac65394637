import SystemPackage
import Testing

@testable import XBoard

/// Photos laid out as plain cards from their headers before any decode, and what their first
/// decode changes.
@Suite struct CardTests {
    static func file(_ name: String, declared: Size? = Size(width: 4000, height: 3000)) -> ListedFile {
        let path = FilePath("/photos/\(name)")
        return ListedFile(path: path, canonical: PathKey(path), declaredSize: declared)
    }

    static func opened(_ files: [ListedFile], memory: BoardMemory = BoardMemory(), settings: SessionSettings = SessionSettings())
        -> SessionScript
    {
        let script = SessionScript(settings: settings)
        script.send(.opened(BoardOpening(files: files, named: [], added: [], memory: memory, problemPaths: [])))
        return script
    }

    static func report(_ request: DecodeRequest, native: Size = Size(width: 4000, height: 3000), failing: Bool = false) -> DecodeReport {
        let outcome: DecodeReport.Outcome =
            failing
            ? .failed(Problem(request.path, "could not be decoded"))
            : .decoded(PictureFacts(pixelSize: native * (108 / native.longEdge), nativeSize: native))
        return DecodeReport(request: request, outcome: outcome, duration: .milliseconds(5))
    }

    /// The next cards put on the board, as the session does a turn.
    static func placeNextCards(of catalogue: inout PhotoCatalogue, on controller: BoardController, limit: Int = PhotoCatalogue.cardsPerTurn)
    {
        let placements = catalogue.nextCards(limit: limit)
        let placed = catalogue
        controller.place(placements) { placed.stackKey(of: $0) }
    }

    @Test func everyPhotoLiesAsACardBeforeAnyDecodeWhereItsDecodeLeavesIt() throws {
        let names = ["a.jpg", "b.jpg", "c.jpg"]
        let cards = Self.opened(names.map { Self.file($0) })
        #expect(cards.log == ["decode 3"])
        let catalogue = try #require(cards.session.catalogue)
        #expect(cards.session.controller.board.photos.count == 3)
        #expect(catalogue.isLoading && (0..<3).allSatisfy { catalogue.isCard(PhotoID($0)) })
        let before = cards.session.controller.board.photos
        cards.send(.decoded(cards.pendingDecodes.map { Self.report($0) }))
        #expect(cards.session.controller.board.photos == before, "a decode moved a card")
        #expect(cards.session.catalogue.map { c in (0..<3).allSatisfy { !c.isCard(PhotoID($0)) } } == true)
        // The same board without headers read, placed as each decode arrives: the same places.
        let plain = SessionScript().open(names)
        #expect(plain.session.controller.board.photos == before)
    }

    /// Cards go on a few thousand a turn; a picture that comes first puts its photo on the board
    /// once, where its card would have lain, and a file that fails meanwhile never lies there.
    @Test func cardsGoOnTurnByTurnAndAPictureThatComesFirstPlacesItsPhotoOnce() throws {
        let names = (0..<6).map { "photo-\($0).jpg" }
        let allAtOnce = BoardController(board: Board(size: Size(width: 1280, height: 800)))
        var reference = PhotoCatalogue(
            files: names.map { Self.file($0) }, boardSize: allAtOnce.board.size, seed: 3, startTime: Instant(sinceOrigin: .seconds(1)))
        _ = reference.start(layingCards: true)
        allAtOnce.place(reference.nextCards(limit: .max)) { reference.stackKey(of: $0) }
        #expect(allAtOnce.board.photos.count == 6 && !reference.hasPendingCards)

        let controller = BoardController(board: Board(size: Size(width: 1280, height: 800)))
        var catalogue = PhotoCatalogue(
            files: names.map { Self.file($0) }, boardSize: controller.board.size, seed: 3, startTime: Instant(sinceOrigin: .seconds(1)))
        let requests = catalogue.start(layingCards: true)
        Self.placeNextCards(of: &catalogue, on: controller, limit: 2)
        #expect(controller.board.photos.count == 2 && catalogue.hasPendingCards && catalogue.isLoading)
        // The picture of the fifth arrives, and the fourth fails, before their cards go on.
        let fifth = try #require(requests.first { $0.photo == PhotoID(4) }),
            fourth = try #require(requests.first { $0.photo == PhotoID(3) })
        let received = catalogue.receive([Self.report(fifth), Self.report(fourth, failing: true)])
        controller.place(received.placements) { catalogue.stackKey(of: $0) }
        #expect(controller.board.photos.count == 3)
        #expect(received.failed == [Problem(fourth.path, "could not be decoded")])
        Self.placeNextCards(of: &catalogue, on: controller, limit: 2)
        Self.placeNextCards(of: &catalogue, on: controller, limit: 2)
        #expect(!catalogue.hasPendingCards)
        #expect(controller.board.photos.map(\.id) == allAtOnce.board.photos.map(\.id).filter { $0 != PhotoID(3) })
        for photo in controller.board.photos { #expect(photo.photoToBoard == allAtOnce.board.photo(photo.id)?.photoToBoard) }
        controller._checkInvariants()
    }

    @Test func aCardTakesThePicturesTrueShapeAndKeepsItsPlace() throws {
        let script = Self.opened([Self.file("a.jpg"), Self.file("b.jpg")])
        let card = try #require(script.session.controller.board.photos.first { $0.id == PhotoID(0) })
        // The header said 4000×3000; the picture turns out upright, 3000×4000.
        let requests = script.pendingDecodes
        script.send(.decoded([Self.report(requests[0], native: Size(width: 3000, height: 4000)), Self.report(requests[1])]))
        let photo = try #require(script.session.controller.board.photo(PhotoID(0)))
        #expect(photo.photoToBoard == card.photoToBoard && photo.pixelSize == Size(width: 3000, height: 4000))
        #expect(abs(photo.size.longEdge - card.size.longEdge) < 1e-9 && photo.size.height > photo.size.width)
    }

    @Test func aCardWhoseFileFailsLeavesTheBoardAndTheUndoHistory() throws {
        let script = Self.opened([Self.file("a.jpg"), Self.file("b.jpg")])
        // Someone moves the failing card before its decode fails.
        let center = try #require(script.session.controller.board.photo(PhotoID(1))).photoToBoard.center
        let moved = center + Point(x: 40, y: 0)
        script.touch(1, .began, at: center).touch(1, .moved, at: moved).touch(1, .ended, at: moved)
        let requests = script.pendingDecodes
        script.send(.decoded([Self.report(requests[0]), Self.report(requests[1], failing: true)]))
        #expect(script.session.controller.board.photos.map(\.id) == [PhotoID(0)])
        #expect(script.log.contains("report /photos/b.jpg: could not be decoded"))
        script.key("z", .control).wait(.seconds(1))
        #expect(script.session.controller.board.photos.map(\.id) == [PhotoID(0)], "undo brought the failed card back")
        #expect(script.session.catalogue?.isCard(PhotoID(1)) == false)
    }

    @Test func aRememberedBoardOpensAsItWasLeftAtOnce() throws {
        let memory = BoardMemory(entries: [
            BoardMemoryMergeTests.entry("a.jpg", x: 100, stack: 1), BoardMemoryMergeTests.entry("b.jpg", x: 500, stack: 0),
        ])
        let script = Self.opened([Self.file("a.jpg"), Self.file("b.jpg")], memory: memory)
        let photos = script.session.controller.board.photos
        #expect(photos.map(\.id) == [PhotoID(1), PhotoID(0)], "stacked as remembered")
        #expect(photos.map(\.photoToBoard.center.x) == [500, 100])
        // Nothing changed: decoding them asks for no save of anything different.
        script.send(.decoded(script.pendingDecodes.map { Self.report($0) })).wait(.seconds(2))
        let request = try #require(script.effects.compactMap { if case .save(let request) = $0 { request } else { nil } }.last)
        #expect(request.baseline.snapshot.photos.count == 2)
    }

    @Test func photosThatMayBeRenamedOnesWaitForTheirFingerprint() {
        // The memory holds a photo no file opened under its name: a new file may be it, renamed.
        let memory = BoardMemory(entries: [BoardMemoryMergeTests.entry("old.jpg", x: 100, stack: 0)])
        let script = Self.opened([Self.file("new.jpg")], memory: memory)
        #expect(script.session.controller.board.photos.isEmpty)
        #expect(script.log == ["decode 1"])
    }

    @Test func filesWithoutADeclaredSizeArriveWithTheirDecodeAsBefore() {
        let script = Self.opened([Self.file("a.jpg", declared: nil), Self.file("b.jpg")])
        #expect(script.session.controller.board.photos.map(\.id) == [PhotoID(1)])
        script.send(.decoded(script.pendingDecodes.map { Self.report($0) }))
        #expect(script.session.controller.board.photos.count == 2)
    }

    @Test func photosTakenOffWaitAsideAsCards() {
        let memory = BoardMemory(entries: [BoardMemoryMergeTests.entry("a.jpg", x: 100, stack: 0, removed: true)])
        let script = Self.opened([Self.file("a.jpg"), Self.file("b.jpg")], memory: memory)
        #expect(script.session.controller.board.photos.map(\.id) == [PhotoID(1)])
        #expect(script.session.controller.removedPhotos.map(\.id) == [PhotoID(0)])
    }

    @Test func withTheCacheDecodesCarryTheirThumbnailUse() throws {
        var settings = SessionSettings()
        settings.usesThumbnails = true
        let script = Self.opened([Self.file("a.jpg")], settings: settings)
        let request = try #require(script.pendingDecodes.first)
        #expect(request.thumbnail?.file == FilePath("/photos/a.jpg"))
        #expect(request.thumbnail?.made == ThumbnailFlavour.serving(shown: 560, wanted: 1024).first)
        let without = Self.opened([Self.file("a.jpg")])
        #expect(without.pendingDecodes.first?.thumbnail == nil)
    }
}

/// Laying out a hundred thousand cards is one ordered pass: a quadratic step (each card inserted
/// by a scan of the stack) would take minutes here.
@Suite struct CardScaleTests {
    @Test func aHundredThousandRememberedPhotosLieAsCardsInOnePass() throws {
        let count = BoardScaleTests.count
        // Remembered in an order unlike the listing's: each card's stack key is another's index.
        let entries = (0..<count).map { BoardScaleTests.entry($0, stack: Double((count - 1 - $0) * 7919 % count)) }
        let files = (0..<count).map {
            ListedFile(
                path: BoardScaleTests.path($0), canonical: PathKey(BoardScaleTests.path($0)), declaredSize: Size(width: 4, height: 3))
        }
        var catalogue = PhotoCatalogue(
            files: files, boardSize: Size(width: 1920, height: 1080), seed: 1, memory: BoardMemory(entries: entries),
            startTime: Instant(sinceOrigin: .seconds(1)))
        let controller = BoardController(board: Board(size: Size(width: 1920, height: 1080)))
        let clock = ContinuousClock(), started = clock.now
        let requests = catalogue.start(layingCards: true)
        CardTests.placeNextCards(of: &catalogue, on: controller)
        #expect(controller.board.photos.count == PhotoCatalogue.cardsPerTurn, "the first cards go on at once, the rest turn by turn")
        var turns = 1
        while catalogue.hasPendingCards {
            #expect(catalogue.isLoading)
            CardTests.placeNextCards(of: &catalogue, on: controller)
            turns += 1
        }
        let elapsed = clock.now - started
        #expect(turns == (count + PhotoCatalogue.cardsPerTurn - 1) / PhotoCatalogue.cardsPerTurn)
        #expect(requests.count == count && controller.board.photos.count == count)
        let stacks = controller.board.photos.map { entries[$0.id.rawValue].stack }
        #expect(zip(stacks, stacks.dropFirst()).allSatisfy { $0 < $1 }, "stacked as remembered")
        print("placed \(count) remembered cards in \(turns) turns, \(elapsed)")  // the bench times it; a test must not race the clock
        controller._checkInvariants()
    }
}
