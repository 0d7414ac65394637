import Foundation
import SystemPackage
import XBoard

/// Keeps one board's memory on disk: reads it when the board opens (carrying over an old
/// layout, or the memory of a smaller board this one grew from, the first time), and merges
/// each save into what is stored under the board's lock, so nothing another window or an
/// earlier run remembered is lost (`BoardMemory.merge`).
///
/// A board's memory is its state file (`StateFolder`), or its document once it has one
/// (`saveDocument`), or nothing when the state folder is unusable — then the board works
/// without keeping anything, having said so once. A save that fails is one line, said again
/// only when the reason changes.
public final class BoardKeeper {
    public private(set) var identity: BoardIdentity
    let state: StateFolder?
    /// Whether nothing may be written, moved or renamed (`--export`): damage is read around and
    /// said, and the files are left as they are.
    let isReadOnly: Bool
    /// Where the memory is written; `nil` when nothing is kept.
    public private(set) var file: FilePath?
    var lockFile: FilePath?
    /// A document's folder, which its paths are relative to.
    var documentFolder: FilePath?
    /// The board's named paths, written into its state file.
    var arguments: [FilePath]
    /// Memory carried over (an old layout, a smaller board's memory): the stored memory until
    /// the board's own file is first written.
    var carriedOver: BoardMemory?
    /// The memory as last read or written, merged with every save: what a new document holds.
    public private(set) var latest = BoardMemory()
    /// The board's memory under the paths it was opened with, once it became a document: kept
    /// up to date with every save, so opening those paths again shows the arrangement as it is
    /// now, not as it was when the document was made.
    private var opened: BoardKeeper?
    /// The last line said about keeping `opened` (said again only when it changes).
    private var openedProblem: String?
    /// For a board of paths: the board document it was saved as, as its file says (kept in the
    /// file with every save). Opening the paths again opens that document (`BoardOpener`).
    public private(set) var savedAs: FilePath?

    /// Why nothing of this board will be kept, when its memory file could not be read (said).
    public private(set) var keepingProblem: String?

    /// Whether memory carried over from an old layout or a smaller board waits to be written
    /// as this board's own (with its first save, changed or not).
    public var hasCarriedOver: Bool { carriedOver != nil && file != nil }

    /// Whether a save of `snapshot` taken on a table of `boardSize` would write anything: a
    /// photo changed since `baseline`, memory carried over waits to be written, or the table is
    /// not the size last read or written (fullscreen and back, a resized window).
    public func needsSaving(_ snapshot: BoardMemory.Snapshot, since baseline: BoardMemory.Snapshot, boardSize: Size) -> Bool {
        snapshot.hasChanges(since: baseline) || hasCarriedOver || !latest.isSaved(onTableOf: boardSize)
    }
    let report: (String) -> Void
    /// Whether the stored file's problems were said (once: saves read it again).
    var reportedContents = false

    /// A keeper for the board `identity`; `state` is `nil` when nothing can be kept. With
    /// `isReadOnly`, it reads only (nothing is saved, renamed or set aside).
    public init(identity: BoardIdentity, state: StateFolder?, isReadOnly: Bool = false, report: @escaping (String) -> Void) {
        self.identity = identity
        self.state = state
        self.isReadOnly = isReadOnly
        self.report = report
        switch identity {
        case .paths(let paths):
            arguments = paths
            file = state?.memoryFile(for: identity)
        case .document(let path):
            arguments = []
            file = path
            documentFolder = path.removingLastComponent()
        }
        lockFile = state?.lockFile(for: identity)
    }

    // MARK: Opening

    /// What the board remembers, for opening it: its memory file, or else an old layout of
    /// `listing` (the canonical paths its folders list now) or a smaller board's memory. With
    /// `fresh`, nothing is restored (but nothing stored is forgotten either). Problems are said
    /// one line each.
    public func load(listing: [FilePath], fresh: Bool) -> BoardMemory {
        guard let file else { return BoardMemory() }
        do {
            if let stored = try readStored(from: file) {
                latest = stored.memory
                savedAs = stored.document
                return fresh ? BoardMemory() : stored.memory
            }
        } catch {
            report("\(error); this board's arrangement will not be kept")
            keepingProblem = "\(error)"
            self.file = nil
            return BoardMemory()
        }
        carriedOver = legacyLayout(of: listing) ?? memoryOfEarlierBoard(listing: listing, isShown: !fresh)
        latest = carriedOver ?? BoardMemory()
        return fresh ? BoardMemory() : latest
    }

    /// A board document's memory; throws the one line that says why it cannot be opened.
    public func loadDocument() throws -> BoardMemory {
        guard let file else { return BoardMemory() }
        let bytes: [UInt8]?
        do {
            bytes = try System.readPrivateFile(file, limit: BoardFile.sizeLimit)
        } catch {
            throw DocumentError(line: error.description)
        }
        guard let bytes else { throw DocumentError(line: "\(file.escaped): no such file") }
        do {
            let contents = try BoardFile.decode(Data(bytes), relativeTo: documentFolder, file: file)
            contents.problems.forEach(report)
            latest = contents.memory
            return contents.memory
        } catch {
            throw DocumentError(line: "\(file.escaped): \(error)")
        }
    }

    /// Why a board document cannot be opened, in one line.
    public struct DocumentError: Error, CustomStringConvertible {
        public var line: String
        public var description: String { line }
    }

    /// The layout an earlier version saved for exactly these files, carried over once.
    private func legacyLayout(of listing: [FilePath]) -> BoardMemory? {
        guard case .paths = identity, let state, !listing.isEmpty else { return nil }
        let path = state.legacyLayouts.appending(LayoutDocument.key(for: listing) + ".json")
        do {
            guard let bytes = try System.readPrivateFile(path, limit: BoardFile.sizeLimit) else { return nil }
            let contents = BoardFile.contents(ofLegacy: try LayoutDocument.decode(Data(bytes)))
            contents.problems.forEach(report)
            return contents.memory
        } catch {
            report("\(path.escaped): saved layout \(error); ignored")
            return nil
        }
    }

    // MARK: Saving

    /// Merges `snapshot` into the stored memory and writes it, under the board's lock; returns
    /// the memory as merged, or throws why nothing could be written. Without a file, the merge
    /// is kept in memory only.
    @discardableResult
    public func save(_ snapshot: BoardMemory.Snapshot, since baseline: BoardMemory.Snapshot?, changedAt: Double, boardSize: Size) throws
        -> BoardMemory
    {
        guard let file, !isReadOnly else {
            latest.merge(snapshot, since: baseline, changedAt: changedAt, onTableOf: boardSize)
            return latest
        }
        let lock = lockFile.flatMap { FileLock($0) }
        defer { withExtendedLifetime(lock) {} }
        let stored = try readStored(from: file, holdingLock: true)
        var memory = stored?.memory ?? carriedOver ?? BoardMemory()
        // On the window's table as it is at this save: placements are in its points.
        memory.merge(snapshot, since: baseline, changedAt: changedAt, onTableOf: boardSize)
        memory.forgetBeyondLimit(keeping: Set(snapshot.photos.map(\.key)))
        if case .paths = identity, let document = stored?.document, savedAs == nil { savedAs = document }
        let data = [UInt8](try BoardFile.encode(memory, arguments: arguments, document: savedAs, relativeTo: documentFolder))
        // The file as it was, read whole and sound, is kept as the last good copy first: a
        // crash between the two writes leaves both files whole (each write is atomic).
        if let sound = stored?.soundBytes, sound != data, let previous = previousFile {
            try? System.writeFileAtomically(previous, contents: sound)
        }
        // A board document stays an ordinary file (0644 less the umask) each time it is saved
        // again; the board's own memory in the state folder stays the user's alone.
        let permissions: FilePermissions =
            if case .document = identity { [.ownerReadWrite, .groupRead, .otherRead] } else { .ownerReadWrite }
        try System.writeFileAtomically(file, contents: data, permissions: permissions)
        carriedOver = nil
        latest = memory
        if let opened {
            // Its own lock, last good copy and problems (said once each, as for any board).
            do {
                try opened.save(snapshot, since: baseline, changedAt: changedAt, boardSize: boardSize)
                openedProblem = nil
            } catch {
                let line = "\(error); opening \(opened.arguments.map(\.escaped).joined(separator: " ")) again shows an older arrangement"
                if line != openedProblem { report(line) }
                openedProblem = line
            }
        }
        return memory
    }

    /// Saves the board as a board document: into its own document when it has one, or else a
    /// new one at the first of `candidates` that can be created (never replacing a file),
    /// holding the photos in `members` (those open now: the board's memory of files long gone
    /// stays behind); from then on the board is that document. Returns the document's path and
    /// the memory saved, or throws the line that says why none could be written.
    public func saveDocument(
        _ snapshot: BoardMemory.Snapshot, since baseline: BoardMemory.Snapshot?, changedAt: Double, boardSize: Size, members: Set<PathKey>,
        candidates: [FilePath]
    ) throws(DocumentError) -> (path: FilePath, memory: BoardMemory) {
        if case .document(let path) = identity {
            do {
                return (path, try save(snapshot, since: baseline, changedAt: changedAt, boardSize: boardSize))
            } catch {
                throw DocumentError(line: "could not save the board as a document: \(error)")
            }
        }
        // The board as this window has it, even when its own memory cannot be written now.
        let merged =
            (try? save(snapshot, since: baseline, changedAt: changedAt, boardSize: boardSize))
            ?? {
                var memory = latest
                memory.merge(snapshot, since: baseline, changedAt: changedAt, onTableOf: boardSize)
                return memory
            }()
        let memory = BoardMemory(boardSize: boardSize, view: merged.view, entries: merged.entries.filter { members.contains($0.key) })
        var lastError: Error?
        for candidate in candidates {
            let folder = candidate.removingLastComponent()
            do {
                let data = try BoardFile.encode(memory, relativeTo: folder)
                // An ordinary file (0644 less the umask): documents are for sharing.
                try System.writeNewFile(candidate, contents: [UInt8](data), permissions: [.ownerReadWrite, .groupRead, .otherRead])
            } catch {
                lastError = error
                continue
            }
            if case .paths = identity, self.file != nil {
                let opened = BoardKeeper(identity: identity, state: state, report: report)
                opened.latest = merged
                // Its file says where the board went: opening these paths again opens the document.
                opened.savedAs = candidate
                _ = try? opened.save(snapshot, since: baseline, changedAt: changedAt, boardSize: boardSize)
                self.opened = opened
            }
            identity = .document(candidate)
            file = candidate
            documentFolder = folder
            lockFile = state?.lockFile(for: identity)
            arguments = []
            carriedOver = nil
            latest = memory
            return (candidate, memory)
        }
        throw DocumentError(line: "could not save the board as a document: \(lastError.map { "\($0)" } ?? "nowhere to put it")")
    }
}
