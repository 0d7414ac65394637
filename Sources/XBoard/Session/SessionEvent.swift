import SystemPackage

/// What happens to a board session: the window's input and changes, and the results of the
/// work its effects asked the platform for (listing, decoding, saving, exporting).
public enum SessionEvent: Sendable {
    /// Something in or of the window.
    case window(WindowEvent)
    /// The command line's paths are listed and the board's memory read: the photos to open.
    case opened(BoardOpening)
    /// Decodes finished (the pixels are with the painter).
    case decoded([DecodeReport])
    /// A drop's paths are listed (`BoardEffect.listDrop`).
    case dropListed(DropListing)
    /// A save finished (`BoardEffect.save`).
    case saved(SaveOutcome)
    /// A board document was written, or could not be (`BoardEffect.saveDocument`).
    case documentSaved(DocumentOutcome)
    /// The board was saved as a picture, or could not be (`BoardEffect.exportPicture`).
    case exported(ExportOutcome)
    /// A folder the picker asked for is listed (`BoardEffect.listFolder`).
    case folderListed(FolderListing)
    /// Thumbnails the picker asked for: decoded (and with the painter), or not.
    case thumbnailsDecoded([ThumbnailID: Bool])
    /// A pasted or dropped picture, checked and kept as a file (`BoardEffect.keepPicture`), or
    /// refused; to land at `location`.
    case pictureKept(KeptPicture, at: Point)
    /// A copied photo's picture could not be made for the clipboard (its file is there still):
    /// why, as a line naming the file (`BoardEffect.copy`).
    case copyFailed(String)
}

/// What became of a picture without a file.
public enum KeptPicture: Sendable {
    /// Written into the board's folder of pictures.
    case kept(ListedFile)
    /// Not kept; why, as a line naming what was refused.
    case refused(String)
}

/// What the board opens with: the files, in order, which of them were named or dropped on it
/// before, what it remembers, and the paths that gave nothing.
public struct BoardOpening: Sendable {
    public var files: [ListedFile]
    /// Files named directly, which come back onto the board even when remembered as taken off.
    public var named: Set<PathKey>
    /// Files that belong to the board beyond what its paths list (dropped on it before).
    public var added: Set<PathKey>
    public var memory: BoardMemory
    /// Paths named or listed that cannot be opened (already said, one line each).
    public var problemPaths: [FilePath]
    /// Why nothing of this board will be kept (its state folder cannot be made, its memory file
    /// cannot be read), already said in one line; `nil` while it is kept.
    public var keepingProblem: String?

    public init(
        files: [ListedFile], named: Set<PathKey>, added: Set<PathKey>, memory: BoardMemory, problemPaths: [FilePath],
        keepingProblem: String? = nil
    ) {
        self.files = files
        self.named = named
        self.added = added
        self.memory = memory
        self.problemPaths = problemPaths
        self.keepingProblem = keepingProblem
    }
}

/// A drop's paths, listed: board documents (to open in windows of their own), the picture files
/// of the rest, and the problems of paths that gave none.
public struct DropListing: Sendable {
    /// The paths dropped, as the list named them.
    public var dropped: [FilePath]
    public var documents: [FilePath]
    public var listing: FileListing
    /// Where the drop landed, in board points.
    public var location: Point
    /// Entries of the list that name no file here, each with why.
    public var refused: [DropReport.LeftOut]

    public init(dropped: [FilePath], documents: [FilePath], listing: FileListing, location: Point, refused: [DropReport.LeftOut]) {
        self.dropped = dropped
        self.documents = documents
        self.listing = listing
        self.location = location
        self.refused = refused
    }
}

/// How a save ended.
public enum SaveOutcome: Sendable {
    /// A snapshot was merged into what is stored (`SavedBoard`).
    case saved(SavedBoard)
    /// Nothing had changed since the last save: nothing was written.
    case unchanged
    /// Nothing could be written: where, and why.
    case failed(WriteFailure)
}

extension SaveOutcome {
    /// A word or two, for traces: "written", "unchanged", "failed: …".
    public var summary: String {
        switch self {
        case .saved: "written"
        case .unchanged: "unchanged"
        case .failed(let failure): "failed: \(failure.detail)"
        }
    }
}

/// How saving a board document ended.
public enum DocumentOutcome: Sendable {
    /// Written at `path`; the board is that document from now on, and a snapshot was merged
    /// into what it stores (`SavedBoard`).
    case saved(path: FilePath, board: SavedBoard)
    /// Why none could be written, as a line ("could not save the board as a document: …").
    case failed(String)
}

/// How saving the board as a picture ended.
public enum ExportOutcome: Sendable {
    case saved(FilePath)
    /// Why not, as a line.
    case failed(String)
}
