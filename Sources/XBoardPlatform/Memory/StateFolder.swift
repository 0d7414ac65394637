import SystemPackage
import XBoard

/// Where the board keeps what it remembers: `$XDG_STATE_HOME/photoboard-x11` (or
/// `$HOME/.local/state/photoboard-x11`), private to the user (0700). Each board's memory is
/// `boards/<key>.json` (`BoardIdentity.key`), with its lock beside it; `layouts/` holds the
/// layouts of earlier versions, carried over once (`BoardKeeper`).
///
/// There is no fallback: when neither variable names an absolute folder, or the folder cannot
/// be made, the board says so in one line and works without keeping anything.
public struct StateFolder: Hashable, Sendable {
    /// `…/photoboard-x11`.
    public let root: FilePath

    public init(root: FilePath) {
        self.root = root
    }

    /// Where boards' memories are.
    public var boards: FilePath { root.appending("boards") }
    /// Where earlier versions saved a layout per set of photos.
    public var legacyLayouts: FilePath { root.appending("layouts") }

    /// The memory file of a board.
    public func memoryFile(for identity: BoardIdentity) -> FilePath { boards.appending(identity.key + ".json") }

    /// The lock taken around reading, merging and writing a board's memory (a document's too).
    public func lockFile(for identity: BoardIdentity) -> FilePath { boards.appending(identity.key + ".lock") }

    /// The state folder the environment names, made private and ready (with `creating`; else
    /// as it is, for reading only); or the one line that says why nothing will be kept.
    public static func standard(creating: Bool = true) -> Result<StateFolder, StoreError> {
        let base: FilePath
        switch System.xdgBaseFolder("XDG_STATE_HOME", else: ".local/state") {
        case .success(let folder): base = folder
        case .failure(let error): return .failure(error)
        }
        let folder = StateFolder(root: base.appending("photoboard-x11"))
        guard creating else { return .success(folder) }
        do {
            try System.makePrivateFolder(folder.boards)
            try System.makePrivateFolder(folder.root)
        } catch {
            return .failure(error)
        }
        return .success(folder)
    }
}
