import SystemPackage
import XBoard
import XBoardPlatform

/// What the command line opens: which board (`BoardIdentity`: the paths named, or a board
/// document), the files that open, in order, and what the board remembers of them.
///
/// A paths board opens what its folders and files list now, plus the photos dropped on it
/// before; a document opens the photos it names (relative to itself). Photos that belong to
/// the board but are missing are said one line each, and keep their places for when they
/// return.
struct BoardOpening {
    var keeper: BoardKeeper
    /// The files to open, in order.
    var files: [FilePath]
    /// Canonical paths of files named directly on the command line that come back onto the
    /// board though the memory says they were taken off (see `open`).
    var named: Set<FilePath>
    /// Canonical paths of files that belong to the board beyond what its paths list.
    var added: Set<FilePath>
    /// What the board remembers (empty with `--fresh`).
    var memory: BoardMemory
    /// Paths that were named or listed but cannot be opened (said one line each already).
    var problemPaths: [FilePath] = []

    /// The board documents among `requested` (named `NAME.photoboard`, regular files).
    static func documents(among requested: [FilePath]) -> [FilePath] {
        requested.filter { BoardFile.isDocument($0) && System.fileInfo($0).kindIsRegular }
    }

    /// The paths among `requested` that are listed for pictures (all but the documents): what
    /// `listing` must list (it may be listed off the loop, `BackgroundListing`).
    static func picturePaths(among requested: [FilePath]) -> [FilePath] {
        let documents = documents(among: requested)
        return requested.filter { !documents.contains($0) }
    }

    /// Opens `requested` (documents among them: the first is the board, the others open in
    /// windows of their own when `openOthers`), with `listing` the listing of its
    /// `picturePaths` (its problems are said here). `nil` when nothing can be opened (said).
    /// With `isReadOnly` (`--export`), the board's memory is only read: nothing is saved,
    /// renamed or set aside.
    static func open(
        _ requested: [FilePath], listing: PictureFiles.Listing, fresh: Bool, state: StateFolder?, openOthers: Bool,
        isReadOnly: Bool = false, report: @escaping (String) -> Void
    ) -> BoardOpening? {
        let documents = documents(among: requested)
        let others = requested.filter { !documents.contains($0) }
        listing.problems.forEach(report)
        if openOthers {
            for document in documents.dropFirst() {
                do {
                    try System.startDetachedCopy(arguments: [document])
                } catch {
                    report("\(document.escaped): could not open it in a new window: \(error)")
                }
            }
        }
        let named = Set(others.filter { System.fileInfo($0).kindIsRegular }.map(System.canonicalPath))
        var opening: BoardOpening
        if let document = documents.first {
            let keeper = BoardKeeper(
                identity: .document(System.canonicalPath(document)), state: state, isReadOnly: isReadOnly, report: report)
            let memory: BoardMemory
            do {
                memory = try keeper.loadDocument()
            } catch {
                report("\(error)")
                return nil
            }
            opening = BoardOpening(keeper: keeper, files: [], named: named, added: [], memory: fresh ? BoardMemory() : memory)
            opening.addMembers(of: memory, listed: [], report: report)
            opening.problemPaths += listing.problemPaths
            opening.addFiles(listing.files, asMembers: true)
        } else {
            let identity = BoardIdentity.named(others.map(System.canonicalPath))
            let keeper = BoardKeeper(identity: identity, state: state, isReadOnly: isReadOnly, report: report)
            let canonical = listing.files.map(System.canonicalPath)
            let memory = keeper.load(listing: canonical, fresh: fresh)
            // Naming a photo brings it back when the memory is another board's (carried over);
            // this board's own memory keeps what was taken off it off (the list or a drop
            // brings it back), or reopening the same command could never keep a photo off.
            let bringsBack = keeper.hasCarriedOver ? named : []
            opening = BoardOpening(keeper: keeper, files: listing.files, named: bringsBack, added: [], memory: memory)
            opening.problemPaths = listing.problemPaths
            opening.addMembers(of: keeper.latest, listed: Set(canonical), report: report)
        }
        guard !opening.files.isEmpty else {
            report("nothing to open")
            return nil
        }
        return opening
    }

    /// Adds the photos `memory` says belong to the board (all of a document's; the dropped ones
    /// of a paths board) that `listed` does not have; says which are missing.
    private mutating func addMembers(of memory: BoardMemory, listed: Set<FilePath>, report: (String) -> Void) {
        let isDocument: Bool = if case .document = keeper.identity { true } else { false }
        for entry in memory.entries where (isDocument || entry.isAdded) && !listed.contains(entry.path) {
            if System.fileInfo(entry.path).kindIsRegular {
                files.append(entry.path)
                if !isDocument { added.insert(entry.path) }
            } else if !entry.isRemoved {
                report("\(entry.path.escaped): missing; its place on the board is kept for when it returns")
            }
        }
    }

    /// Adds files that are not open yet; as members of the board when `asMembers`.
    private mutating func addFiles(_ newFiles: [FilePath], asMembers: Bool) {
        var open = Set(files.map(System.canonicalPath))
        for file in newFiles {
            let canonical = System.canonicalPath(file)
            guard open.insert(canonical).inserted else { continue }
            files.append(file)
            if asMembers { added.insert(canonical) }
        }
    }
}

extension Result<FileInfo, FileProblem> {
    /// Whether the path names a regular file (following links).
    var kindIsRegular: Bool {
        if case .success(let info) = self { return info.kind == .regular }
        return false
    }
}
