import Foundation
import XBoard

/// Where arrangements are saved: `$XDG_STATE_HOME/photoboard-x11/layouts/<key>.json`
/// (`~/.local/state` when unset). Saves are atomic — a temporary file in the same folder,
/// fsync, rename, fsync of the folder — so killing the program at any moment leaves the old
/// layout or the new one, never a torn or empty file.
public struct LayoutStore: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The store under `$XDG_STATE_HOME` (or `$HOME/.local/state`).
    public static func standard() -> LayoutStore {
        let environment = ProcessInfo.processInfo.environment
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/tmp") + "/.local/state"
        return LayoutStore(directory: state + "/photoboard-x11/layouts")
    }

    public func path(for key: String) -> String { directory + "/" + key + ".json" }

    /// The saved layout for `key`: `nil` when there is none; throws a one-line reason when the
    /// file is there but unusable.
    public func load(key: String) throws -> LayoutDocument? {
        let file = path(for: key)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        guard let data = FileManager.default.contents(atPath: file) else { throw LayoutDocument.LayoutError.corrupt("cannot be read") }
        return try LayoutDocument.decode(data)
    }

    /// Writes the layout atomically.
    public func save(_ document: LayoutDocument, key: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let data = try document.encoded()
        try System.writeFileAtomically(path(for: key), contents: [UInt8](data))
    }
}
