import Foundation
import SystemPackage
import XBoard
import XBoardPlatform

/// Keeping the arrangement: saves merged into the board's memory (`BoardKeeper`), board
/// documents, and documents dropped on the board.
extension EventLoop {
    /// Saves what this window changed, merged into what the board remembers (atomically, under
    /// the board's lock); a failure is one line, never fatal. Runs from the I/O error handler
    /// when the X server is lost, so it makes no X call.
    func saveLayout() {
        let snapshot = library.snapshot(of: controller)
        let baseline = library.baseline
        guard snapshot.hasChanges(since: baseline) || keeper.hasCarriedOver else { return }
        if let merged = keeper.save(snapshot, since: baseline, changedAt: lastChange.time, boardSize: controller.board.size) {
            library.didSave(snapshot, as: merged)
        }
    }

    /// Ctrl+Shift+S: the board as a board document, `NAME.photoboard` in the photos' folder
    /// (or `~/Pictures`), paths relative to it; the board is that document from then on. The
    /// path is printed on stdout, said on stderr and shown in a notice, as Ctrl+S does; a failure
    /// is a notice saying why (the keeper's report).
    func saveDocument(at time: Instant) {
        let snapshot = library.snapshot(of: controller)
        let candidates = DocumentPath.candidates(for: keeper.identity, photos: snapshot.photos.map(\.path))
        let reportsBefore = reportLog.count
        guard
            let saved = keeper.saveDocument(
                snapshot, since: library.baseline, changedAt: lastChange.time, boardSize: controller.board.size,
                members: Set(library.canonicalKeys), candidates: candidates)
        else {
            // The keeper's line ("could not save the board as a document: …"), as a sentence.
            var text = "Could not save the board as a document (standard error says why)"
            if reportLog.count > reportsBefore, let line = reportLog.last, let first = line.first {
                text = first.uppercased() + line.dropFirst()
            }
            notices.post(text, topic: BoardNotices.savedTopic, tone: .problem, at: time)
            return
        }
        library.didSave(snapshot, as: saved.memory)
        FileHandle.standardOutput.write(Data(saved.path.bytes + [UInt8(ascii: "\n")]))  // the path as bytes, for scripts
        System.printError("photoboard-x11: saved the board as \(saved.path.escaped)")
        let home = ProcessInfo.processInfo.environment["HOME"]
        notices.post(BoardNotices.saved(path: saved.path.escaped, home: home), topic: BoardNotices.savedTopic, at: time)
    }

    /// Opens the board documents among dropped `paths` in windows of their own; returns the
    /// other paths.
    func openDocuments(among paths: [FilePath]) -> [FilePath] {
        let documents = paths.filter(BoardFile.isDocument)
        for document in documents {
            do {
                try System.startDetachedCopy(arguments: [document])
            } catch {
                System.printError("photoboard-x11: \(document.escaped): could not open it in a new window: \(error)")
            }
        }
        return paths.filter { !BoardFile.isDocument($0) }
    }
}
