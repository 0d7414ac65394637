import Foundation
import SystemPackage
import XBoard

/// Reading the stored memory, and what happens when it is damaged: the intact entries are kept
/// (`BoardFile.salvage`), what is still missing comes from the last good copy (written before
/// each save, `previousFile`), the damaged file is kept aside under a name no later damage
/// writes over, and one line says what happened.
extension BoardKeeper {
    /// The memory as stored, and the file's bytes when it read whole and sound (what becomes
    /// the last good copy when the next save replaces it).
    struct Stored {
        var memory: BoardMemory
        var soundBytes: [UInt8]?
        /// The board document the board was saved as, as the file says.
        var document: FilePath? = nil
    }

    /// The last good copy of the memory: `<key>.json.previous` beside a state file; for a
    /// document, in the state folder (never beside the user's document). `nil` without one.
    var previousFile: FilePath? {
        switch identity {
        case .paths: file.flatMap { FilePath(bytes: $0.bytes + Array(".previous".utf8)) }
        case .document: state?.boards.appending(identity.key + ".previous")
        }
    }

    /// The stored memory at `path`: `nil` when there is none (or nothing of it could be kept).
    /// A damaged file is recovered from (`recover`, under the board's lock unless the caller
    /// is `holdingLock`); one from a newer version throws, so it is never written over.
    func readStored(from path: FilePath, holdingLock: Bool = false) throws -> Stored? {
        guard let bytes = try System.readPrivateFile(path, limit: BoardFile.sizeLimit) else { return nil }
        do {
            let contents = try BoardFile.decode(Data(bytes), relativeTo: documentFolder, file: path)
            if !reportedContents {
                contents.problems.forEach(report)
                reportedContents = true
            }
            return Stored(memory: contents.memory, soundBytes: bytes, document: contents.document)
        } catch .newerVersion(let version) {
            throw Self.newerVersion(path, version)
        } catch {
            guard !holdingLock, !isReadOnly else { return try recover(path, bytes: bytes, error: error) }
            // Another window may be recovering or saving the same board: read again under the lock.
            let lock = lockFile.flatMap { FileLock($0) }
            defer { withExtendedLifetime(lock) {} }
            return try readStored(from: path, holdingLock: true)
        }
    }

    private static func newerVersion(_ path: FilePath, _ version: Int) -> StoreError {
        StoreError("use", path, reason: "it was written by a newer version of this program (format \(version))")
    }

    /// What can be kept of the damaged file `path` holding `bytes`: its intact entries, then
    /// the last good copy's for the photos still missing. Unless read-only, the damaged bytes
    /// are kept aside (`….unreadable`, `….unreadable-2`, …) and the file is replaced by what was
    /// kept (or removed, when nothing was). Said in one line.
    func recover(_ path: FilePath, bytes: [UInt8], error: BoardFile.ReadError) throws -> Stored? {
        let salvage: BoardFile.Salvage?
        do {
            salvage = try BoardFile.salvage(Data(bytes), relativeTo: documentFolder, file: path)
        } catch .newerVersion(let version) {
            throw Self.newerVersion(path, version)
        } catch {
            salvage = nil
        }
        salvage?.contents.problems.forEach(report)
        var memory = salvage?.contents.memory ?? BoardMemory()
        var fromBackup = 0
        if let backup = lastGoodCopy() {
            for entry in backup.entries where memory[entry.path] == nil {
                memory[entry.path] = entry
                fromBackup += 1
            }
            if memory.boardSize == nil { memory.boardSize = backup.boardSize }
            if memory.view == nil { memory.view = backup.view }
        }
        let found = (salvage?.contents.memory.count ?? 0) + (salvage?.lostEntries ?? 0)
        var line = "\(path.escaped): " + (salvage.map { "damaged at byte \($0.damageOffset)" } ?? "\(error)")
        if !memory.isEmpty {
            let total = max(found, memory.count)
            line += "; kept \(memory.count) of \(total) photos' places" + (memory.count < total ? " (the rest laid out anew)" : "")
            if fromBackup > 0 { line += ", \(fromBackup) of them from the last good copy" }
        }
        if isReadOnly {
            line += "; the file is left as it is"
        } else {
            do {
                let aside = try System.keepAside(path, contents: bytes, suffix: ".unreadable")
                if memory.isEmpty {
                    try System.removeFile(path)
                } else {
                    let data = try BoardFile.encode(memory, arguments: arguments, relativeTo: documentFolder)
                    try System.writeFileAtomically(path, contents: [UInt8](data))
                }
                line += "; the damaged file is kept as \(aside.escaped)"
            } catch {
                line += "; \(error)"
            }
        }
        report(line + (memory.isEmpty ? "; nothing in it could be kept, and this board starts afresh" : ""))
        return memory.isEmpty ? nil : Stored(memory: memory, soundBytes: nil)
    }

    /// The memory in the last good copy, if there is one that can be read (damaged, whatever
    /// of it is intact).
    private func lastGoodCopy() -> BoardMemory? {
        guard let previous = previousFile, let bytes = try? System.readPrivateFile(previous, limit: BoardFile.sizeLimit) else {
            return nil
        }
        if let contents = try? BoardFile.decode(Data(bytes), relativeTo: documentFolder) { return contents.memory }
        return (try? BoardFile.salvage(Data(bytes), relativeTo: documentFolder))??.contents.memory
    }
}
