import SystemPackage

/// A picture that came from another program without a file of its own: its bytes (pasted, or
/// dropped from a browser), or a file a drag source wrote into the board's folder of pasted
/// pictures (XDND Direct Save). Nothing has looked at it yet: `PastedPictures` decodes it in
/// the confined helpers before the board keeps it.
public enum ReceivedPicture: Equatable, Sendable {
    /// The bytes, and the type the other program offered them as (`image/png`,
    /// `application/octet-stream`): a label only, the content decides.
    case bytes([UInt8], offeredAs: String)
    /// The file the drag source saved, named by the board.
    case savedFile(FilePath)
}

/// What a paste brought: a picture, or files and folders (with the entries of the list that
/// name no file here, each with why).
public enum PastedContent: Equatable, Sendable {
    case picture(ReceivedPicture)
    case files([FilePath], refused: [DropReport.LeftOut])
}
