import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform

/// Saves on real files: a table of another size is written though no photo moved, a failure is
/// told in plain words, and the last save's failure comes back from the worker at the end.
@Suite(.serialized)
final class SaveFailureTests {
    let root: FilePath
    let state: StateFolder

    init() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photoboard-savefailure-\(getpid())-\(UUID().uuidString.prefix(6))")
        root = FilePath(path.path)
        state = StateFolder(root: root.appending("state"))
        try FileManager.default.createDirectory(atPath: state.boards.string, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root.string) }

    static let window = Size(width: 1280, height: 800), fullscreen = Size(width: 1920, height: 1080)

    func keeper() -> BoardKeeper { BoardKeeper(identity: .named([root.appending("photos")]), state: state) { _ in } }

    static func snapshot(_ folder: FilePath) -> BoardMemory.Snapshot {
        let placement = AffineTransform(center: Point(x: 300, y: 200), scale: 1, rotation: 0)
        let photo = PhotoMemory(
            path: folder.appending("a.jpg"), baseLongEdge: 300, placement: placement, initialPlacement: placement, stack: 0)
        return BoardMemory.Snapshot(photos: [photo], order: [photo.path])
    }

    @Test func aTableOfAnotherSizeIsWrittenThoughNoPhotoMoved() throws {
        let keeper = keeper()
        _ = keeper.load(listing: [], fresh: false)
        let shown = Self.snapshot(root.appending("photos"))
        try keeper.save(shown, since: nil, changedAt: 1, boardSize: Self.fullscreen)
        #expect(!keeper.needsSaving(shown, since: shown, boardSize: Self.fullscreen))
        #expect(keeper.needsSaving(shown, since: shown, boardSize: Self.window), "back in the window: the table changed")
        try keeper.save(shown, since: shown, changedAt: 2, boardSize: Self.window)
        let file = try #require(keeper.file)
        let stored = try BoardFile.decode(Data(contentsOf: URL(fileURLWithPath: file.string))).memory
        #expect(stored.boardSize == Self.window)
        #expect(stored.entries.first?.placement == shown.photos[0].placement, "as the window shows it")
    }

    @Test(arguments: [
        (ENOSPC, WriteFailure.Reason.noSpace), (EDQUOT, .quotaExceeded), (EROFS, .readOnly), (EACCES, .permissionDenied),
        (EPERM, .permissionDenied), (EIO, .other("input/output error")),
    ])
    func aFailedWriteSaysWhyInPlainWords(code: Int32, reason: WriteFailure.Reason) {
        let path = FilePath("/home/ann/.local/state/photoboard-x11/boards/x.json")
        let failure = StoreError("write", path, errno: code).writeFailure
        #expect(failure.reason == reason)
        #expect(failure.folder == FilePath("/home/ann/.local/state/photoboard-x11/boards"))
        #expect(failure.detail == StoreError("write", path, errno: code).description)
    }

    /// A session with nothing placed yet still has a save to make: the table's size.
    static func request() -> SaveRequest? {
        let now = Instant(sinceOrigin: .seconds(1))
        let session = BoardSession(size: window, at: now)
        _ = session.handle(.opened(BoardOpening(files: [], named: [], added: [], memory: BoardMemory(), problemPaths: [])), at: now)
        return session.saveRequest()
    }

    @Test func theLastSavesFailureComesBackFromTheWorker() throws {
        let keeper = keeper()
        _ = keeper.load(listing: [], fresh: false)
        try FileManager.default.removeItem(atPath: state.boards.string)  // nowhere to write
        let worker = try SaveWorker(keeper: keeper)
        defer { worker.stop() }
        let last = worker.finish(with: try #require(Self.request()))
        #expect(!last.isSaved)
        let file = try #require(keeper.file)
        #expect(last.lines == ["could not save the arrangement: cannot write \(file.escaped): no such file or directory"])
        #expect(last.exitStatus(endingWith: 0) == 74)
    }

    @Test func aLastSaveThatIsWrittenEndsWell() throws {
        let keeper = keeper()
        _ = keeper.load(listing: [], fresh: false)
        let worker = try SaveWorker(keeper: keeper)
        defer { worker.stop() }
        let last = worker.finish(with: try #require(Self.request()))
        #expect(last.isSaved && last.lines.isEmpty && last.exitStatus(endingWith: 0) == 0)
        #expect(FileManager.default.fileExists(atPath: try #require(keeper.file).string))
    }
}
