import SystemPackage
import Testing

@testable import XBoard

/// The photos arriving, without a session: opened, decoded, dropped and picked onto a
/// controller's board, and what is said about those that cannot be opened.
struct PhotoArrivalsTests {
    let size = Size(width: 1000, height: 800)
    let now = Instant.origin + .seconds(100)

    func file(_ name: String) -> ListedFile {
        let path = FilePath("/photos/\(name)")
        return ListedFile(path: path, canonical: PathKey(path))
    }

    func decodes(_ effects: [BoardEffect]) -> [DecodeRequest] {
        var requests: [DecodeRequest] = []
        for case .decode(let more) in effects { requests += more }
        return requests
    }

    func reports(_ requests: [DecodeRequest], failing: Set<String> = []) -> [DecodeReport] {
        requests.map { request in
            let outcome: DecodeReport.Outcome =
                failing.contains(request.path.lastComponent?.string ?? "")
                ? .failed(Problem(request.path, "it is cut short"))
                : .decoded(PictureFacts(pixelSize: Size(width: 400, height: 300), nativeSize: Size(width: 4000, height: 3000)))
            return DecodeReport(request: request, outcome: outcome, duration: .milliseconds(5))
        }
    }

    func opened(_ names: [String], problems: [FilePath] = [], notices: inout NoticeQueue) -> (PhotoArrivals, BoardController, [BoardEffect])
    {
        let controller = BoardController(board: Board(size: size), settings: BoardSettings(), startTime: now)
        var arrivals = PhotoArrivals()
        let opening = BoardOpening(files: names.map(file), named: [], added: [], memory: BoardMemory(), problemPaths: problems)
        let effects = arrivals.open(opening, settings: SessionSettings(), controller: controller, notices: &notices, at: now)
        return (arrivals, controller, effects)
    }

    @Test func openedPhotosAreDecodedAndPlacedAndFailuresCounted() {
        var notices = NoticeQueue()
        var (arrivals, controller, effects) = opened(["a.jpg", "b.jpg"], problems: [FilePath("/gone")], notices: &notices)
        #expect(decodes(effects).count == 2)
        #expect(notices.shown(at: now).map(\.text) == [BoardNotices.unopened(["/gone"])])
        let revision = arrivals.picturesRevision
        effects = arrivals.receive(reports(decodes(effects), failing: ["b.jpg"]), controller: controller, notices: &notices, at: now)
        #expect(controller.board.photos.count == 1 && arrivals.picturesRevision != revision)
        #expect(notices.shown(at: now).map(\.text) == [BoardNotices.unopened(["/gone", "/photos/b.jpg"])])
        #expect(!effects.contains { if case .quit = $0 { true } else { false } }, "one photo opened: the board stays")
    }

    @Test func nothingOpenedEndsTheBoard() {
        var notices = NoticeQueue()
        var (arrivals, controller, effects) = opened(["a.jpg"], notices: &notices)
        effects = arrivals.receive(reports(decodes(effects), failing: ["a.jpg"]), controller: controller, notices: &notices, at: now)
        #expect(notices.shown(at: now).map(\.text) == ["Could not open a.jpg: it is cut short"])
        #expect(effects.contains { if case .quit(status: 1) = $0 { true } else { false } })
    }

    @Test func sharperCopiesAreAskedForOnceARevisionAtRest() {
        var notices = NoticeQueue()
        var (arrivals, controller, effects) = opened(["a.jpg"], notices: &notices)
        _ = arrivals.receive(reports(decodes(effects)), controller: controller, notices: &notices, at: now)
        #expect(arrivals.refine(for: controller, isResting: false, at: now).isEmpty, "not while the board moves")
        _ = arrivals.refine(for: controller, isResting: true, at: now)
        #expect(arrivals.refine(for: controller, isResting: true, at: now).isEmpty, "once for each revision")
    }

    /// While photos still arrive, every arrival changes the board: their sizes are checked at
    /// most every `refineWhileLoadingInterval`, and at once when the last has come.
    @Test func whilePhotosArriveSizesAreCheckedAtMostFourTimesASecond() {
        var notices = NoticeQueue()
        var (arrivals, controller, effects) = opened(["a.jpg", "b.jpg"], notices: &notices)
        let requests = decodes(effects)
        _ = arrivals.receive(reports([requests[0]]), controller: controller, notices: &notices, at: now)
        #expect(arrivals.catalogue?.isLoading == true)
        func zoom(_ index: Int, by factor: Double) {
            let placed = controller.board.photos[index]
            controller.board.setTransform(
                AffineTransform(center: placed.center, scale: placed.scale * factor, rotation: placed.rotation), of: placed.id)
            controller.revision &+= 1
        }
        #expect(arrivals.refine(for: controller, isResting: true, at: now).isEmpty, "checked at once: every copy suits its print")
        zoom(0, by: 4)  // pinched to four times its size: it wants a sharper copy
        #expect(arrivals.refine(for: controller, isResting: true, at: now + .milliseconds(100)).isEmpty, "not again so soon while loading")
        #expect(decodes(arrivals.refine(for: controller, isResting: true, at: now + .milliseconds(260))).count == 1, "a quarter second on")
        _ = arrivals.receive(reports([requests[1]]), controller: controller, notices: &notices, at: now + .milliseconds(270))
        #expect(arrivals.catalogue?.isLoading == false)
        #expect(arrivals.refine(for: controller, isResting: true, at: now + .milliseconds(275)).isEmpty)
        zoom(1, by: 4)
        #expect(
            decodes(arrivals.refine(for: controller, isResting: true, at: now + .milliseconds(280))).count == 1,
            "at once when all have come")
    }

    @Test func picturesPickedAgainAreSaidToBeThereAlready() {
        var notices = NoticeQueue()
        var (arrivals, controller, effects) = opened(["a.jpg"], notices: &notices)
        _ = arrivals.receive(reports(decodes(effects)), controller: controller, notices: &notices, at: now)
        #expect(arrivals.takeIntoBoard([], at: .zero, controller: controller, notices: &notices).isEmpty)
        effects = arrivals.takeIntoBoard([file("c.jpg")], at: Point(x: 500, y: 400), controller: controller, notices: &notices)
        #expect(decodes(effects).map(\.path) == [FilePath("/photos/c.jpg")])
        _ = arrivals.takeIntoBoard([file("a.jpg")], at: Point(x: 500, y: 400), controller: controller, notices: &notices)
        #expect(notices.shown(at: controller.now).map(\.text).contains(BoardNews.alreadyOnBoard.text))
    }

    @Test func aNewDisplayProfileDecodesTheShownPicturesAgain() {
        var notices = NoticeQueue()
        var empty = PhotoArrivals()
        #expect(empty.decodeAgain().isEmpty, "nothing open yet")
        var (arrivals, controller, effects) = opened(["a.jpg"], notices: &notices)
        effects = arrivals.receive(reports(decodes(effects)), controller: controller, notices: &notices, at: now)
        #expect(decodes(arrivals.decodeAgain()).map(\.path) == [FilePath("/photos/a.jpg")])
    }
}
