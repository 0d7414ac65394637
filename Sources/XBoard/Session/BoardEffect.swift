import SystemPackage

/// What a board session asks of the platform: only what needs it (the window, files, helper
/// processes, other programs). The loop carries each out in one switch; results come back as
/// `SessionEvent`s.
public enum BoardEffect: Sendable {
    /// End the board with this exit status (after the last save).
    case quit(status: Int32)
    case toggleFullscreen
    case leaveFullscreen
    /// Decode these pictures and report each (`SessionEvent.decoded`).
    case decode([DecodeRequest])
    /// Let these tiles go (`TileBook`): the budget made room, or their picture left.
    case dropTiles([TileKey])
    /// Merge this into the board's memory and write it, off the loop (`SessionEvent.saved`).
    case save(SaveRequest)
    /// Write the board as a board document (`SessionEvent.documentSaved`), holding the photos
    /// in `members`.
    case saveDocument(SaveRequest, members: Set<PathKey>)
    /// Save the board, as `picture` draws it, as a PNG in the Pictures folder
    /// (`SessionEvent.exported`); its prints show the photos in `files`.
    case exportPicture(DisplayList, files: [PhotoID: FilePath])
    /// List a drop's paths off the loop (`SessionEvent.dropListed`).
    case listDrop([FilePath], at: Point, refused: [DropReport.LeftOut])
    /// Tell the drop's source whether the board took it.
    case finishDrop(accepted: Bool)
    /// Open these board documents, each in a window of its own.
    case openInNewWindows([FilePath])
    /// A line for standard error (the platform adds the program's name).
    case report(String)
    /// A path for standard output, as bytes (for scripts).
    case printPath(FilePath)
    /// List a folder for the photo picker (`SessionEvent.folderListed`).
    case listFolder(FilePath)
    /// Decode thumbnails for the picker and give them to the painter (`SessionEvent.thumbnailsDecoded`).
    case decodeThumbnails([ThumbnailRequest])
    /// The painter may let these thumbnails go.
    case forgetThumbnails([ThumbnailID])
    /// Ask the clipboard's owner for what it holds (`WindowEvent.pasted`, `.pasteFailed`).
    case paste
    /// Own the clipboard with these photos' files, and, for one photo, its picture as a PNG
    /// (made off the loop), as the print shows it (`edits`: flipped, black and white, see-through).
    case copy([FilePath], edits: PrintEdits = .none)
    /// Check a picture without a file in a confined helper and keep it in the board's folder of
    /// pictures (`SessionEvent.pictureKept`), to land at `location`.
    case keepPicture(ReceivedPicture, at: Point)
}

/// A save, as the session hands it over: what this window knows of the board and what it last
/// saved or loaded. Immutable; the merge, the sort and the writing happen on the worker.
public struct SaveRequest: Sendable {
    public var snapshot: BoardMemory.Snapshot
    public var baseline: PhotoCatalogue.Baseline
    /// When the board last changed.
    public var changedAt: Instant
    public var boardSize: Size

    public init(snapshot: BoardMemory.Snapshot, baseline: PhotoCatalogue.Baseline, changedAt: Instant, boardSize: Size) {
        self.snapshot = snapshot
        self.baseline = baseline
        self.changedAt = changedAt
        self.boardSize = boardSize
    }
}

extension BoardEffect: CustomStringConvertible {
    /// One short line, for transcripts and traces: `save`, `decode 3`, `report …`.
    public var description: String {
        switch self {
        case .quit(let status): "quit \(status)"
        case .toggleFullscreen: "toggle fullscreen"
        case .leaveFullscreen: "leave fullscreen"
        case .decode(let requests): "decode \(requests.count)"
        case .dropTiles(let keys): "drop \(keys.count) tiles"
        case .save: "save"
        case .saveDocument(_, let members): "save document of \(members.count)"
        case .exportPicture(_, let files): "export picture of \(files.count)"
        case .listDrop(let paths, _, _): "list drop of \(paths.count)"
        case .finishDrop(let accepted): "finish drop \(accepted ? "accepted" : "refused")"
        case .openInNewWindows(let documents): "open \(documents.count) in new windows"
        case .report(let line): "report \(line)"
        case .printPath(let path): "print \(path.escaped)"
        case .listFolder(let folder): "list folder \(folder.escaped)"
        case .decodeThumbnails(let requests): "decode \(requests.count) thumbnails"
        case .forgetThumbnails(let ids): "forget \(ids.count) thumbnails"
        case .paste: "paste"
        case .copy(let paths, let edits):
            "copy \(paths.map(\.escaped).joined(separator: " "))" + (edits == .none ? "" : " as its print shows it")
        case .keepPicture(.bytes(let bytes, let type), _): "keep \(bytes.count) bytes of \(type)"
        case .keepPicture(.savedFile(let path), _): "keep \(path.escaped)"
        }
    }
}
