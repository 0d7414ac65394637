/// The clipboard's tunables, for reading it (`ClipboardReader`), owning it (`ClipboardOwner`)
/// and taking pictures from drags (`DropTarget`).
public struct ClipboardSettings: Sendable {
    /// The largest picture taken from the clipboard or a drop, in bytes: a 200-megapixel PNG
    /// is rarely over 200 MB (the decode limit refuses bigger pictures anyway).
    public var maximumPictureBytes = 256 << 20
    /// The longest list of files taken, in bytes (thousands of files are a few hundred KiB).
    public var maximumListBytes = 16 << 20
    /// The most targets read from an owner's `TARGETS`.
    public var maximumTargets = 1024
    /// How long the other side may leave a requested answer, or its next INCR piece, unsent (or,
    /// owning, an INCR piece untaken) before the transfer is given up.
    public var patience = Duration.seconds(5)
    /// How long a clipboard manager may take to save the clipboard on quit (freedesktop's
    /// clipboard-manager spec leaves it to the application; GTK waits the same).
    public var handoverPatience = Duration.seconds(5)
    /// The largest piece written into another window's property at once, in bytes; more is
    /// sent in INCR pieces of this size (GTK sends 256 KiB pieces too).
    public var maximumPieceBytes = 256 << 10

    public init() {}
}
