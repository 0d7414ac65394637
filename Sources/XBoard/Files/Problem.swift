import SystemPackage

/// Why a path could not be used, as a value: listing, opening, decoding, dropping and storing
/// report problems this way, never as lines to be read back.
public struct Problem: Hashable, Sendable, CustomStringConvertible {
    public var path: FilePath
    /// Why, in a few words for a person ("no such file or folder").
    public var reason: String

    public init(_ path: FilePath, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "path: reason", the path escaped: the line standard error gets.
    public var description: String { "\(path.escaped): \(reason)" }
}
