import SystemPackage

/// A file the board keeps that could not be written, as a value: the folder it goes in, why in
/// words a person reads on the board, and the whole line standard error gets.
public struct WriteFailure: Hashable, Sendable, CustomStringConvertible {
    /// Why nothing could be written, as far as a person can do something about it.
    public enum Reason: Hashable, Sendable {
        /// The disk is full (ENOSPC).
        case noSpace
        /// The user's share of the disk is used up (EDQUOT).
        case quotaExceeded
        /// The disk, or the folder's file system, is mounted read-only (EROFS).
        case readOnly
        /// The folder or the file may not be written by this user (EACCES, EPERM).
        case permissionDenied
        /// Anything else, in the system's words ("input/output error").
        case other(String)

        /// In a few plain words, as the rest of a sentence: "no space left on the disk".
        public var words: String {
            switch self {
            case .noSpace: "no space left on the disk"
            case .quotaExceeded: "the disk quota is used up"
            case .readOnly: "the disk is read-only"
            case .permissionDenied: "permission denied"
            case .other(let words): words
            }
        }
    }

    /// The folder the file goes in, when known.
    public var folder: FilePath?
    public var reason: Reason
    /// The whole failure as standard error says it: "cannot write /…/x.json: no space left on device".
    public var detail: String

    public init(folder: FilePath?, reason: Reason, detail: String) {
        self.folder = folder
        self.reason = reason
        self.detail = detail
    }

    public var description: String { detail }
}
