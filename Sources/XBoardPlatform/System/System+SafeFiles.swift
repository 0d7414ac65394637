import SystemPackage
import XBoard

/// Files the board keeps for itself (board memory, board documents, their locks): private
/// (0600 in 0700 folders), never followed through a symbolic link, written through temporary
/// files with unguessable names created exclusively, read with a size cap. Every failure is a
/// `StoreError`, one readable line.
extension System {
    /// Makes `path` a folder only its owner can use: created (with its missing parents) 0700,
    /// or, when it exists, set to 0700 if the user owns it.
    public static func makePrivateFolder(_ path: FilePath) throws(StoreError) {
        var missing: [FilePath] = []
        var cursor = path
        while !cursor.isEmpty, cursor != FilePath("/") {
            if case .success(let info) = status(of: cursor, followingLinks: false) {
                guard info.kind == .directory || (info.kind == .symbolicLink && isDirectory(cursor)) else {
                    throw StoreError("create the folder", cursor, reason: "something that is not a folder is in the way")
                }
                break
            }
            missing.append(cursor)
            guard cursor.removeLastComponent() else { break }
        }
        for folder in missing.reversed() {
            if case .failure(let failure) = makeFolder(folder, permissions: .ownerReadWriteExecute), failure != .fileExists {
                throw StoreError("create the folder", folder, errno: failure.rawValue)
            }
        }
        guard case .success(let info) = status(of: path, followingLinks: false), info.kind == .directory else {
            throw StoreError("use the folder", path, reason: "it is not a folder (or is a symbolic link)")
        }
        if info.permissions & 0o077 != 0, info.owner == userID {
            _ = setPermissions(of: path, to: .ownerReadWriteExecute)
        }
    }

    /// The whole file at `path`, or `nil` when there is none; refuses a symbolic link, a file
    /// that is not regular, and one larger than `limit` bytes.
    public static func readPrivateFile(_ path: FilePath, limit: Int) throws(StoreError) -> [UInt8]? {
        let descriptor: FileDescriptor
        switch result(of: { try FileDescriptor.open(path, .readOnly, options: [.noFollow, .nonBlocking, .closeOnExec]) }) {
        case .success(let opened): descriptor = opened
        case .failure(.noSuchFileOrDirectory): return nil
        case .failure(.tooManySymbolicLinkLevels):
            throw StoreError("read", path, reason: "it is a symbolic link, which the board does not follow here")
        case .failure(let failure): throw StoreError("read", path, errno: failure.rawValue)
        }
        defer { try? descriptor.close() }
        let info: FileStatus
        switch status(of: descriptor) {
        case .success(let found): info = found
        case .failure(let failure): throw StoreError("read", path, errno: failure.rawValue)
        }
        guard info.kind == .regular else { throw StoreError("read", path, reason: "not a regular file") }
        guard info.size <= Int64(limit) else {
            throw StoreError("read", path, reason: "it is \(info.size) bytes, more than the \(limit) a board file may be")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count: Int
            switch result(of: { try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) } }) {
            case .success(let read): count = read
            case .failure(let failure): throw StoreError("read", path, errno: failure.rawValue)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= limit else {
                throw StoreError("read", path, reason: "it grew beyond the \(limit) bytes a board file may be")
            }
        }
    }

    /// Replaces `path` with `contents` atomically and privately (0600): a temporary file with an
    /// unguessable name in the same folder, created exclusively and never through a link
    /// (O_EXCL|O_NOFOLLOW), fsync, rename over the old one, fsync of the folder. A crash at any
    /// moment leaves the old file or the new one.
    ///
    /// Without `isDurable` (a cache, whose damaged files are only missing ones) nothing is
    /// synced: other programs still only ever see a whole file, but a crash of the machine may
    /// lose it.
    public static func writeFileAtomically(
        _ path: FilePath, contents: [UInt8], permissions: FilePermissions = .ownerReadWrite, isDurable: Bool = true
    ) throws(StoreError) {
        let temporary = try writeTemporary(beside: path, contents: contents, permissions: permissions, isDurable: isDurable)
        if case .failure(let failure) = rename(temporary, to: path) {
            unlink(temporary)
            throw StoreError("write", path, errno: failure.rawValue)
        }
        if isDurable { syncFolder(of: path) }
    }

    /// Writes `contents` as the new file `path` (`permissions`, less the umask: 0600 unless
    /// told), atomically, never replacing a file that is there: throws `StoreError` with reason
    /// "exists" then.
    public static func writeNewFile(
        _ path: FilePath, contents: [UInt8], permissions: FilePermissions = .ownerReadWrite
    ) throws(StoreError) {
        let temporary = try writeTemporary(beside: path, contents: contents, permissions: permissions)
        defer { unlink(temporary) }
        if case .failure(let failure) = link(temporary, as: path) {
            throw failure == .fileExists
                ? StoreError("create", path, reason: "exists") : StoreError("create", path, errno: failure.rawValue)
        }
        syncFolder(of: path)
    }

    /// A whole, synced temporary file holding `contents`, in `path`'s folder.
    private static func writeTemporary(
        beside path: FilePath, contents: [UInt8], permissions: FilePermissions = .ownerReadWrite, isDurable: Bool = true
    ) throws(StoreError) -> FilePath {
        let folder = path.removingLastComponent()
        let name = path.lastComponent?.bytes.prefix(64) ?? []
        var temporary = folder
        var opened: FileDescriptor?
        for _ in 0..<8 {
            temporary = FilePath(bytes: folder.bytes + Array("/.".utf8) + name + Array(".\(randomHex()).tmp".utf8)) ?? folder
            switch result(of: {
                try FileDescriptor.open(
                    temporary, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec], permissions: permissions)
            }) {
            case .success(let descriptor): opened = descriptor
            case .failure(.fileExists): continue
            case .failure(let failure): throw StoreError("write", path, errno: failure.rawValue)
            }
            break
        }
        guard let descriptor = opened else { throw StoreError("write", path, reason: "no temporary name was free") }
        do throws(StoreError) {
            if case .failure(let failure) = result(of: { try descriptor.writeAll(contents) }) {
                throw StoreError("write", path, errno: failure.rawValue)
            }
            if isDurable, case .failure(let failure) = sync(descriptor) {
                throw StoreError("write", path, errno: failure.rawValue)
            }
            try? descriptor.close()
        } catch {
            try? descriptor.close()
            unlink(temporary)
            throw error
        }
        return temporary
    }

    /// Makes a rename or link in `path`'s folder durable.
    private static func syncFolder(of path: FilePath) {
        let folder = path.removingLastComponent()
        if let directory = try? FileDescriptor.open(folder, .readOnly, options: [.directory, .closeOnExec]) {
            _ = sync(directory)
            try? directory.close()
        }
    }

    /// 16 random hex digits (the system generator: getrandom), for names nobody can guess.
    static func randomHex() -> String {
        String(UInt64.random(in: .min ... .max), radix: 16)
    }

    /// Removes the file `path` (not a folder); a file already gone is no error.
    public static func removeFile(_ path: FilePath) throws(StoreError) {
        if case .failure(let failure) = unlink(path), failure != .noSuchFileOrDirectory {
            throw StoreError("remove", path, errno: failure.rawValue)
        }
    }

    /// Keeps a copy of `contents` (a damaged file's bytes) beside `path` for a person to look
    /// at: `path` + `suffix`, or, when that is taken, + `suffix` + "-2", "-3" … — never over an
    /// earlier copy (one holding the same bytes is used again). Returns where it went.
    public static func keepAside(_ path: FilePath, contents: [UInt8], suffix: String) throws(StoreError) -> FilePath {
        var lastError = StoreError("keep a copy of", path, reason: "no free name")
        for number in 1...1000 {
            let name = number == 1 ? suffix : "\(suffix)-\(number)"
            guard let target = FilePath(bytes: path.bytes + Array(name.utf8)) else { break }
            do {
                try writeNewFile(target, contents: contents)
                return target
            } catch {
                // The same bytes kept already (a crash came before the damaged file was replaced).
                if error.reason == "exists", (try? readPrivateFile(target, limit: contents.count)) == contents { return target }
                lastError = error
                guard error.reason == "exists" else { throw error }
            }
        }
        throw lastError
    }
}
