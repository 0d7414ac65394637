import SystemPackage
import Testing

@testable import XBoard

/// A board opens showing the part of itself it showed when it was saved, before any print
/// lands, and a save is due whenever the part shown moves.
struct RememberedViewTests {
    /// A window half as large again as the part of the board remembered, the same shape.
    let window = Size(width: 1500, height: 1200)
    let shown = Rect(x: 200, y: 100, width: 1000, height: 800)
    let now = Instant.origin + .seconds(100)

    func file(_ name: String) -> ListedFile {
        ListedFile(path: FilePath("/photos/\(name)"), canonical: PathKey(FilePath("/photos/\(name)")))
    }

    /// `a.jpg` remembered with its middle at `center` (board points), at the size the layout of
    /// the part shown gives it; `names` opened on a board remembering `shown`, and decoded.
    func opened(_ names: [String], center: Point) throws -> (PhotoArrivals, BoardController) {
        let layout = TossedLayout(count: names.count, boardSize: shown.size, seed: SessionSettings().seed)
        let placement = AffineTransform(center: center, scale: 1, rotation: 0.2)
        let a = PhotoMemory(
            path: FilePath("/photos/a.jpg"), baseLongEdge: layout.pictureLongEdge, placement: placement, initialPlacement: placement,
            stack: 0)
        let memory = BoardMemory(boardSize: Size(width: 1000, height: 800), view: shown, entries: [a])
        let controller = BoardController(board: Board(size: window), settings: BoardSettings(), startTime: now)
        var arrivals = PhotoArrivals()
        var notices = NoticeQueue()
        let opening = BoardOpening(files: names.map(file), named: [], added: [], memory: memory, problemPaths: [])
        let effects = arrivals.open(opening, settings: SessionSettings(), controller: controller, notices: &notices, at: now)
        #expect(controller.board.photos.isEmpty, "the view is set before any print lands")
        var requests: [DecodeRequest] = []
        for case .decode(let more) in effects { requests += more }
        let reports = requests.map { request in
            DecodeReport(
                request: request,
                outcome: .decoded(PictureFacts(pixelSize: Size(width: 400, height: 300), nativeSize: Size(width: 4000, height: 3000))),
                duration: .milliseconds(5))
        }
        _ = arrivals.receive(reports, controller: controller, notices: &notices, at: now)
        #expect(controller.board.photos.count == names.count)
        return (arrivals, controller)
    }

    @Test func aBoardOpensShowingTheRememberedPartOfTheBoardWithFreshPhotosInIt() throws {
        let (_, controller) = try opened(["a.jpg", "b.jpg"], center: Point(x: 700, y: 500))
        #expect(abs(controller.view.zoom - 1.5) < 1e-12)
        RememberedViewTests.expectClose(controller.visibleBounds, shown)
        let a = try #require(controller.board.photos.first { $0.id == PhotoID(0) })
        #expect(a.center == Point(x: 700, y: 500) && abs(a.scale - 1) < 1e-12, "where it lay, at its size")
        let onScreen = controller.view.boardToWindow.apply(to: a.center)
        #expect(abs(onScreen.x - 750) < 1e-9 && abs(onScreen.y - 600) < 1e-9, "\(onScreen)")
        let b = try #require(controller.board.photos.first { $0.id == PhotoID(1) })
        #expect(shown.contains(b.center), "a fresh photo is tossed in the part shown: \(b.center)")
        controller._checkInvariants()
    }

    @Test func aPrintRememberedOutOfViewStaysThere() throws {
        let (_, controller) = try opened(["a.jpg"], center: Point(x: -600, y: 300))
        let a = try #require(controller.board.photos.first)
        #expect(a.center == Point(x: -600, y: 300) && !controller.visibleBounds.contains(a.center))
    }

    @Test func aSaveIsDueWhenThePartShownMovesAndNotBefore() throws {
        let (arrivals, controller) = try opened(["a.jpg"], center: Point(x: 700, y: 500))
        let catalogue = try #require(arrivals.catalogue)
        let opened = catalogue.snapshot(of: controller)
        #expect(opened.view == controller.visibleBounds)
        #expect(!opened.hasChanges(since: catalogue.baseline.snapshot), "opened as remembered: nothing to save")
        controller.show(controller.view.zoomed(by: 2, about: Point(x: 300, y: 200)))
        let zoomed = catalogue.snapshot(of: controller)
        #expect(zoomed.hasChanges(since: catalogue.baseline.snapshot), "a zoom is a change worth a save")
        var memory = BoardMemory(boardSize: window, view: shown)
        memory.merge(zoomed, since: catalogue.baseline.snapshot, changedAt: 200, onTableOf: window)
        #expect(memory.view == controller.visibleBounds)
    }

    static func expectClose(_ a: Rect, _ b: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        BoardRestoreTests.expectClose(a, b, sourceLocation: sourceLocation)
    }
}
