import SystemPackage
import XBoard

extension System {
    /// Starts this program again with `arguments`, detached (through `/bin/sh -c '… &'`, so
    /// it is nobody's child to wait for): how a board document dropped on the board opens in a
    /// window of its own. Throws a line when it cannot be started.
    public static func startDetachedCopy(arguments: [FilePath]) throws {
        guard let executable = executablePath() else {
            throw StoreError("start", FilePath("photoboard-x11"), reason: "its path is unknown")
        }
        let script = "exec \"$0\" \"$@\" </dev/null &"
        let words: [[UInt8]] = [Array("/bin/sh".utf8), Array("-c".utf8), Array(script.utf8), executable.bytes] + arguments.map(\.bytes)
        switch spawn(FilePath("/bin/sh"), arguments: words) {
        case .success(let shell): _ = waitForChild(shell)
        case .failure(let failure): throw StoreError("start", executable, errno: failure.rawValue)
        }
    }

    /// Opens each board document in a window of its own (`startDetachedCopy`); a document that
    /// cannot be opened is one line on standard error, and the others still open.
    public static func openInNewWindows(_ documents: [FilePath]) {
        for document in documents {
            do {
                try startDetachedCopy(arguments: [document])
            } catch {
                printError("photoboard-x11: \(document.escaped): could not open it in a new window: \(error)")
            }
        }
    }
}
