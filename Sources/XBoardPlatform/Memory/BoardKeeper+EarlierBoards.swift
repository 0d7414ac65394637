import Foundation
import SystemPackage
import XBoard

/// A board with no memory of its own starts from another board's: the largest board it grew
/// from (one more path named), or else the board it is after its folder was moved or renamed.
extension BoardKeeper {
    /// The most memory files looked through: the search stays bounded however many boards the
    /// user has kept.
    static let searchLimit = 2000

    /// The memory of the largest board whose named paths this board names too; else that of a
    /// board whose named paths are all gone and whose photos are this board's files
    /// (`MovedBoardMatch`), said in one line when `isShown` (not with `--fresh`, which lays the
    /// photos out anew but keeps what is remembered). `listing` is the canonical paths opened.
    func memoryOfEarlierBoard(listing: [FilePath], isShown: Bool) -> BoardMemory? {
        guard case .paths(let paths) = identity, let state, case .success(let names) = System.directoryEntries(state.boards) else {
            return nil
        }
        var contained: (count: Int, memory: BoardMemory)?
        var moved: (matched: Int, arguments: [FilePath], memory: BoardMemory)?
        var openedSizes: [Int64]?
        for name in names.prefix(Self.searchLimit) where name.extension == "json" {
            guard let bytes = try? System.readPrivateFile(state.boards.appending(name), limit: BoardFile.sizeLimit),
                let contents = try? BoardFile.decode(Data(bytes)), !contents.arguments.isEmpty
            else { continue }
            let board = BoardIdentity.named(contents.arguments)
            if board.isContained(in: identity) {
                if contents.arguments.count > contained?.count ?? 0 { contained = (contents.arguments.count, contents.memory) }
                continue
            }
            guard contained == nil, board != identity, !listing.isEmpty, contents.arguments.allSatisfy(Self.isGone) else { continue }
            // Sizes come from the file system's records (no photo is read here); only once a
            // candidate turns up.
            let sizes = openedSizes ?? listing.map { path in (try? System.fileInfo(path).get()).map(\.size) ?? -1 }
            openedSizes = sizes
            let match = MovedBoardMatch(openedSizes: sizes, memory: contents.memory)
            guard match.isSameBoard, match.matched > moved?.matched ?? 0 else { continue }
            moved = (match.matched, contents.arguments, contents.memory)
        }
        if let contained { return contained.memory }
        guard let moved else { return nil }
        guard isShown else { return moved.memory }
        let old = moved.arguments.map(\.escaped).joined(separator: ", ")
        let new = paths.map(\.escaped).joined(separator: ", ")
        report("\(new): laid out with the arrangement of \(old) — the folder was moved or renamed")
        return moved.memory
    }

    /// Whether nothing is at `path` any more.
    private static func isGone(_ path: FilePath) -> Bool {
        if case .failure(.missing) = System.fileInfo(path) { return true }
        return false
    }
}
