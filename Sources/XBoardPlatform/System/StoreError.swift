import SystemPackage
import XBoard

/// A file the board keeps (a board's memory, a board document, a lock) that could not be read,
/// written or created, worded for a person in one line: `cannot write /path: permission denied`.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was attempted, as a verb: "read", "write", "create", "lock".
    public var action: String
    public var path: FilePath
    /// Why, in words ("permission denied", "no space left on device").
    public var reason: String
    /// The failed call's `errno`, when a call failed.
    public var code: Int32?

    public init(_ action: String, _ path: FilePath, reason: String) {
        self.action = action
        self.path = path
        self.reason = reason
    }

    /// The error for a failed call's `errno`.
    public init(_ action: String, _ path: FilePath, errno code: Int32) {
        self.init(action, path, reason: Self.words(for: code))
        self.code = code
    }

    /// As a person is told on the board: the folder of the file, and why in plain words
    /// (a full disk, a read-only disk, a folder not theirs to write in).
    public var writeFailure: WriteFailure {
        let plain: WriteFailure.Reason =
            switch code.map(Errno.init(rawValue:)) {
            case .noSpace: .noSpace
            case .diskQuotaExceeded: .quotaExceeded
            case .readOnlyFileSystem: .readOnly
            case .permissionDenied, .notPermitted: .permissionDenied
            default: .other(reason)
            }
        return WriteFailure(folder: path.removingLastComponent(), reason: plain, detail: description)
    }

    public var description: String { "cannot \(action) \(path.escaped): \(reason)" }

    /// `strerror`'s text, starting in lower case, as the rest of a sentence.
    static func words(for code: Int32) -> String {
        let text = Errno(rawValue: code).description
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
