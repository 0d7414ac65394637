@preconcurrency import Glibc
import SystemPackage

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
        var pointers: [UnsafeMutablePointer<CChar>?] = words.map { word in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
            for (index, byte) in word.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[word.count] = 0
            return pointer
        }
        pointers.append(nil)
        defer { pointers.forEach { $0?.deallocate() } }
        var child: pid_t = 0
        let result = posix_spawn(&child, "/bin/sh", nil, nil, pointers, environ)
        guard result == 0 else { throw StoreError("start", executable, errno: result) }
        var status: Int32 = 0
        _ = retryingInterrupts { waitpid(child, &status, 0) }
    }
}
