import SystemPackage
import Testing
import XBoard

/// The catalogue says where photos go (`Placement`) and never changes the board itself; the
/// controller applies what it says, in order.
@Suite struct PlacementTests {
    static let size = Size(width: 1280, height: 800)

    static func catalogue(_ names: [String], declared: Size? = nil) -> PhotoCatalogue {
        PhotoCatalogue(
            files: names.map { CardTests.file($0, declared: declared) }, boardSize: size, seed: 3,
            startTime: Instant(sinceOrigin: .seconds(1)))
    }

    @Test func decodesSayWhereEachPhotoGoesAndTheBoardChangesOnlyWhenPlaced() {
        var catalogue = Self.catalogue(["a.jpg", "b.jpg"])
        let requests = catalogue.start()
        let received = catalogue.receive(requests.map { CardTests.report($0) })
        let placed = received.placements.compactMap { placement -> PhotoID? in
            if case .onBoard(let photo, _) = placement { photo.id } else { nil }
        }
        #expect(placed == [PhotoID(0), PhotoID(1)] && received.changed && received.failed.isEmpty)
        let controller = BoardController(board: Board(size: Self.size))
        #expect(controller.board.photos.isEmpty)
        controller.place(received.placements) { catalogue.stackKey(of: $0) }
        #expect(controller.board.photos.map(\.id) == [PhotoID(0), PhotoID(1)])
        controller._checkInvariants()
    }

    @Test func aCardWhoseFileFailsIsWithdrawnAndTheFailureIsAValue() throws {
        var catalogue = Self.catalogue(["a.jpg", "b.jpg"], declared: Size(width: 4000, height: 3000))
        let requests = catalogue.start(layingCards: true)
        let controller = BoardController(board: Board(size: Self.size))
        CardTests.placeNextCards(of: &catalogue, on: controller)
        #expect(controller.board.photos.count == 2)
        let received = catalogue.receive([CardTests.report(requests[1], failing: true)])
        #expect(received.placements == [.withdrawn(PhotoID(1))])
        #expect(received.failed == [Problem(FilePath("/photos/b.jpg"), "could not be decoded")] && received.problems == received.failed)
        controller.place(received.placements) { catalogue.stackKey(of: $0) }
        #expect(controller.board.photos.map(\.id) == [PhotoID(0)])
    }

    @Test func aPhotoTakenOffAndDroppedAgainComesBackWhenPlaced() throws {
        var catalogue = Self.catalogue(["a.jpg", "b.jpg"])
        let controller = BoardController(board: Board(size: Self.size))
        let requests = catalogue.start()
        let arrived = catalogue.receive(requests.map { CardTests.report($0) })
        controller.place(arrived.placements) { catalogue.stackKey(of: $0) }
        controller.remove(PhotoID(0))
        let location = Point(x: 300, y: 200)
        let dropped = catalogue.add([CardTests.file("a.jpg")], at: location, controller: controller)
        #expect(dropped.count == 1 && dropped.decodes.isEmpty)
        guard case .returned(let id, let center)? = dropped.placements.first, dropped.placements.count == 1 else {
            Issue.record("\(dropped.placements)")
            return
        }
        #expect(id == PhotoID(0) && controller.isOffBoard(id), "not back before it is placed")
        controller.place(dropped.placements) { catalogue.stackKey(of: $0) }
        let photo = try #require(controller.board.photo(id))
        #expect(controller.board.photos.last?.id == id && photo.photoToBoard.center == center)
        #expect(abs(center.x - location.x) < 300 && abs(center.y - location.y) < 300)
    }

    @Test func anotherCopyThatFailsIsSaidOnceAndOnlyForTheCopyAskedForLast() {
        var catalogue = Self.catalogue(["a.jpg"])
        _ = catalogue.receive(catalogue.start().map { CardTests.report($0) })
        let superseded = catalogue.decodeAgain(), latest = catalogue.decodeAgain()
        #expect(catalogue.receive(superseded.map { CardTests.report($0, failing: true) }).problems.isEmpty)
        let failed = catalogue.receive(latest.map { CardTests.report($0, failing: true) })
        #expect(
            failed.problems.map(\.description) == [
                "/photos/a.jpg: another copy could not be decoded (could not be decoded); the copy shown stays"
            ])
        #expect(failed.failed.isEmpty && failed.placements.isEmpty && catalogue.failedPaths.isEmpty)
        #expect(catalogue.receive(catalogue.decodeAgain().map { CardTests.report($0, failing: true) }).problems.isEmpty)
    }
}
