import SystemPackage
import XBoard

/// What the command line opens: which board (`BoardIdentity`: the paths named, or a board
/// document), the files that open, in order, and what the board remembers of them — worked out
/// off the board's loop (`start`), listing folders and reading the board's memory.
///
/// A paths board opens what its folders and files list now, plus the photos dropped on it
/// before; a document opens the photos it names (relative to itself). Photos that belong to
/// the board but are missing are said one line each, and keep their places for when they
/// return.
public enum BoardOpener {
    /// A board, opened: its keeper (for saving) and what the session opens with.
    public struct Opened: @unchecked Sendable {
        /// Invariant: made on the opening thread and handed over once; from then on used by one
        /// thread at a time (the loop until it gives it to the save worker).
        public let keeper: BoardKeeper
        public var opening: XBoard.BoardOpening
    }

    /// The board documents among `requested` (named `NAME.photoboard`, regular files).
    public static func documents(among requested: [FilePath]) -> [FilePath] {
        requested.filter { BoardFile.isDocument($0) && System.fileInfo($0).kindIsRegular }
    }

    /// For tests only: when this environment variable holds a number of milliseconds, the opening
    /// waits that long before it lists anything, so that a test sees for sure what happens while
    /// a listing is still under way (the window up without it). Never set it otherwise.
    public static let testDelayVariable = "PHOTOBOARD_TEST_LISTING_DELAY"

    /// Lists and opens `requested` on a thread of its own; the result (`nil` when nothing can be
    /// opened, said) comes out of the worker.
    ///
    /// `stateProblem` is why there is no state folder (`state` is `nil`), already said: a board
    /// that then keeps nothing says so on the board too (`BoardOpening.keepingProblem`).
    public static func start(
        _ requested: [FilePath], recursive: Bool, fresh: Bool, state: StateFolder?, stateProblem: String? = nil, openOthers: Bool,
        isReadOnly: Bool = false, report: @escaping @Sendable (String) -> Void
    ) throws -> SerialWorker<Opened?> {
        let worker = try SerialWorker<Opened?>(name: "photoboard-opening")
        let testDelay = System.environmentValue(testDelayVariable).flatMap { Int($0) }
            .map { Duration.milliseconds(max(0, min($0, 60_000))) }
        worker.submit {
            if let testDelay { System.sleep(for: testDelay) }
            var opened = open(
                requested, recursive: recursive, fresh: fresh, state: state, openOthers: openOthers, isReadOnly: isReadOnly, report: report)
            if let keeper = opened?.keeper, keeper.file == nil, !isReadOnly {
                opened?.opening.keepingProblem = keeper.keepingProblem ?? stateProblem
            }
            return opened
        }
        return worker
    }

    /// Lists and opens `requested` (documents among them: the first is the board, the others
    /// open in windows of their own when `openOthers`). `nil` when nothing can be opened (said).
    /// With `isReadOnly` (`--export`), the board's memory is only read: nothing is saved,
    /// renamed or set aside.
    public static func open(
        _ requested: [FilePath], recursive: Bool, fresh: Bool, state: StateFolder?, openOthers: Bool, isReadOnly: Bool = false,
        report: @escaping (String) -> Void
    ) -> Opened? {
        let documents = documents(among: requested)
        let others = requested.filter { !documents.contains($0) }
        let listing = PictureFiles.list(others, recursive: recursive)
        listing.problems.map(\.description).forEach(report)
        if openOthers {
            for document in documents.dropFirst() {
                do {
                    try System.startDetachedCopy(arguments: [document])
                } catch {
                    report("\(document.escaped): could not open it in a new window: \(error)")
                }
            }
        }
        let named = Set(others.filter { System.fileInfo($0).kindIsRegular }.map { PathKey(System.canonicalPath($0)) })
        var files: [ListedFile] = []
        var added: Set<PathKey> = []
        let keeper: BoardKeeper
        let memory: BoardMemory
        var bringsBack: Set<PathKey> = []
        var document = documents.first
        var opened: (keeper: BoardKeeper, memory: BoardMemory)?
        var followed: (keeper: BoardKeeper, memory: BoardMemory)?
        if document == nil {
            let identity = BoardIdentity.named(others.map(System.canonicalPath))
            let keeper = BoardKeeper(identity: identity, state: state, isReadOnly: isReadOnly, report: report)
            let memory = keeper.load(listing: listing.files.map(\.canonical.path), fresh: fresh)
            // Saved as a board document since: the board is that document now (with the photos
            // listed here that it lacks), or the folder and the document would drift apart.
            // (A document that cannot be read is not followed: the paths' own board opens.)
            let documentKeeper = keeper.savedAs.flatMap { savedAs in
                !fresh && !isReadOnly && System.fileInfo(savedAs).kindIsRegular
                    ? BoardKeeper(identity: .document(savedAs), state: state, report: report) : nil
            }
            if let documentKeeper, let savedAs = keeper.savedAs, let stored = try? documentKeeper.loadDocument() {
                report("\(others.map(\.escaped).joined(separator: " ")): its board was saved as \(savedAs.escaped); opened that")
                document = savedAs
                followed = (documentKeeper, stored)
            } else {
                opened = (keeper, memory)
            }
        }
        if let document {
            let stored: BoardMemory
            if let followed {
                (keeper, stored) = followed
            } else {
                keeper = BoardKeeper(
                    identity: .document(System.canonicalPath(document)), state: state, isReadOnly: isReadOnly, report: report)
                do {
                    stored = try keeper.loadDocument()
                } catch {
                    report("\(error)")
                    return nil
                }
            }
            memory = fresh ? BoardMemory() : stored
            files = members(of: stored, listed: [], isDocument: true, report: report)
            var open = Set(files.map(\.canonical))
            for file in listing.files where open.insert(file.canonical).inserted {
                files.append(file)
                added.insert(file.canonical)
            }
            bringsBack = named
        } else if let opened {
            keeper = opened.keeper
            memory = opened.memory
            // Naming a photo brings it back when the memory is another board's (carried over);
            // this board's own memory keeps what was taken off it off (the list or a drop
            // brings it back), or reopening the same command could never keep a photo off.
            if keeper.hasCarriedOver { bringsBack = named }
            files = listing.files
            let remembered = members(of: keeper.latest, listed: Set(listing.files.map(\.canonical)), isDocument: false, report: report)
            files += remembered
            added = Set(remembered.map(\.canonical))
        } else {
            return nil  // (either a document or the paths' own board: never neither)
        }
        guard !files.isEmpty else {
            report("nothing to open")
            return nil
        }
        // The board lays every print out before it decodes, from the size its header declares.
        if !isReadOnly {
            let limit = DecodeSettings().maximumFileSize
            files = files.map { withDeclaredSize($0, maximumFileSize: limit) }
        }
        let opening = XBoard.BoardOpening(
            files: files, named: bringsBack, added: added, memory: memory, problemPaths: listing.problems.map(\.path))
        return Opened(keeper: keeper, opening: opening)
    }

    /// `file` with the size its picture's header declares, upright, when it can be read (a
    /// picture of a format the board opens, within its limits): a few small reads, the same
    /// checks as before a decode (`OpenedPicture`).
    static func withDeclaredSize(_ file: ListedFile, maximumFileSize: Int64) -> ListedFile {
        var file = file
        let opened = try? OpenedPicture(path: file.path, maximumLongEdge: 1, maximumFileSize: maximumFileSize)
        file.declaredSize = opened?.uprightSize
        return file
    }

    /// The photos `memory` says belong to the board (all of a document's; the dropped ones of a
    /// paths board) that `listed` does not have; says which are missing.
    private static func members(of memory: BoardMemory, listed: Set<PathKey>, isDocument: Bool, report: (String) -> Void) -> [ListedFile] {
        var files: [ListedFile] = []
        for entry in memory.entries where (isDocument || entry.isAdded) && !listed.contains(entry.key) {
            if System.fileInfo(entry.path).kindIsRegular {
                files.append(ListedFile(path: entry.path, canonical: entry.key))
            } else if !entry.isRemoved {
                report("\(entry.path.escaped): missing; its place on the board is kept for when it returns")
            }
        }
        return files
    }
}

extension Result<FileInfo, FileProblem> {
    /// Whether the path names a regular file (following links).
    public var kindIsRegular: Bool {
        if case .success(let info) = self { return info.kind == .regular }
        return false
    }
}
