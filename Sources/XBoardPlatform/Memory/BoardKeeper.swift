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
    private let state: StateFolder?
    /// Where the memory is written; `nil` when nothing is kept.
    public private(set) var file: FilePath?
    private var lockFile: FilePath?
    /// A document's folder, which its paths are relative to.
    private var documentFolder: FilePath?
    /// The board's named paths, written into its state file.
    private var arguments: [FilePath]
    /// Memory carried over (an old layout, a smaller board's memory): the stored memory until
    /// the board's own file is first written.
    private var carriedOver: BoardMemory?
    /// The memory as last read or written, merged with every save: what a new document holds.
    public private(set) var latest = BoardMemory()

    /// Whether memory carried over from an old layout or a smaller board waits to be written
    /// as this board's own (with its first save, changed or not).
    public var hasCarriedOver: Bool { carriedOver != nil && file != nil }
    private var lastProblem: String?
    private let report: (String) -> Void

    /// A keeper for the board `identity`; `state` is `nil` when nothing can be kept.
    public init(identity: BoardIdentity, state: StateFolder?, report: @escaping (String) -> Void) {
        self.identity = identity
        self.state = state
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
                latest = stored
                return fresh ? BoardMemory() : stored
            }
        } catch {
            report("\(error); this board's arrangement will not be kept")
            self.file = nil
            return BoardMemory()
        }
        carriedOver = legacyLayout(of: listing) ?? memoryOfContainedBoard()
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
            let contents = try BoardFile.decode(Data(bytes), relativeTo: documentFolder)
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

    /// The stored memory at `path`: `nil` when there is none. A file that is not a board is
    /// moved aside (kept for a person to look at) and reported; one from a newer version throws,
    /// so it is never written over.
    private func readStored(from path: FilePath) throws -> BoardMemory? {
        guard let bytes = try System.readPrivateFile(path, limit: BoardFile.sizeLimit) else { return nil }
        do {
            let contents = try BoardFile.decode(Data(bytes), relativeTo: documentFolder)
            if !reportedContents {
                contents.problems.forEach(report)
                reportedContents = true
            }
            return contents.memory
        } catch .newerVersion(let version) {
            throw StoreError("use", path, reason: "it was written by a newer version of this program (format \(version))")
        } catch {
            let aside = (try? System.moveAside(path, suffix: ".unreadable")).map { "moved to \($0.escaped)" } ?? "left as it is"
            report("\(path.escaped): \(error); \(aside), and this board starts afresh")
            return nil
        }
    }
    private var reportedContents = false

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

    /// The memory of the largest board whose named paths this board names too (it grew from
    /// it: one more folder or file on the command line).
    private func memoryOfContainedBoard() -> BoardMemory? {
        guard case .paths = identity, let state, case .success(let names) = System.directoryEntries(state.boards) else { return nil }
        var best: (count: Int, memory: BoardMemory)?
        for name in names.prefix(2000) where name.extension == "json" {
            guard let bytes = try? System.readPrivateFile(state.boards.appending(name), limit: BoardFile.sizeLimit),
                let contents = try? BoardFile.decode(Data(bytes)), !contents.arguments.isEmpty,
                BoardIdentity.named(contents.arguments).isContained(in: identity), contents.arguments.count > best?.count ?? 0
            else { continue }
            best = (contents.arguments.count, contents.memory)
        }
        return best?.memory
    }

    // MARK: Saving

    /// Merges `snapshot` into the stored memory and writes it, under the board's lock; returns
    /// the memory as merged (`nil` when the save failed, said in one line). Without a file, the
    /// merge is kept in memory only.
    @discardableResult
    public func save(_ snapshot: BoardMemory.Snapshot, since baseline: BoardMemory.Snapshot?, changedAt: Double, boardSize: Size)
        -> BoardMemory?
    {
        guard let file else {
            latest.merge(snapshot, since: baseline, changedAt: changedAt)
            return latest
        }
        let lock = lockFile.flatMap { FileLock($0) }
        defer { withExtendedLifetime(lock) {} }
        do {
            var memory = try readStored(from: file) ?? carriedOver ?? BoardMemory()
            memory.merge(snapshot, since: baseline, changedAt: changedAt)
            memory.boardSize = boardSize
            memory.forgetBeyondLimit(keeping: Set(snapshot.photos.map(\.path)))
            let data = try BoardFile.encode(memory, arguments: arguments, relativeTo: documentFolder)
            try System.writeFileAtomically(file, contents: [UInt8](data))
            carriedOver = nil
            lastProblem = nil
            latest = memory
            return memory
        } catch {
            problem("could not save the arrangement: \(error)")
            return nil
        }
    }

    /// Saves the board as a board document: into its own document when it has one, or else a
    /// new one at the first of `candidates` that can be created (never replacing a file),
    /// holding the photos in `members` (those open now: the board's memory of files long gone
    /// stays behind); from then on the board is that document. Returns the document's path, or
    /// `nil` (said in a line) when none could be written.
    public func saveDocument(
        _ snapshot: BoardMemory.Snapshot, since baseline: BoardMemory.Snapshot?, changedAt: Double, boardSize: Size, members: Set<FilePath>,
        candidates: [FilePath]
    ) -> (path: FilePath, memory: BoardMemory)? {
        if case .document(let path) = identity {
            return save(snapshot, since: baseline, changedAt: changedAt, boardSize: boardSize).map { (path, $0) }
        }
        let merged = save(snapshot, since: baseline, changedAt: changedAt, boardSize: boardSize) ?? latest
        let memory = BoardMemory(boardSize: boardSize, entries: merged.entries.filter { members.contains($0.path) })
        var lastError: Error?
        for candidate in candidates {
            let folder = candidate.removingLastComponent()
            do {
                let data = try BoardFile.encode(memory, relativeTo: folder)
                try System.writeNewFile(candidate, contents: [UInt8](data))
            } catch {
                lastError = error
                continue
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
        report("could not save the board as a document: \(lastError.map { "\($0)" } ?? "nowhere to put it")")
        return nil
    }

    /// Says a save problem, unless it is the one said last.
    private func problem(_ line: String) {
        guard line != lastProblem else { return }
        lastProblem = line
        report(line)
    }
}
