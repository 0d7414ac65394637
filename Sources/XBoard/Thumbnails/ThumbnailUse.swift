import SystemPackage

/// How a decode may use the shared thumbnail cache: the flavours that serve it, best first (the
/// first is the one made from the decode when the cache holds none), and the picture's
/// canonical path, which names its thumbnails (`ThumbnailName`).
public struct ThumbnailUse: Hashable, Sendable {
    public var flavours: [ThumbnailFlavour]
    /// The picture, absolute with links resolved.
    public var file: FilePath

    public init(flavours: [ThumbnailFlavour], file: FilePath) {
        self.flavours = flavours
        self.file = file
    }

    /// The use for a copy of at most `wanted` pixels of the picture `file`, shown `shown` pixels
    /// long (`ThumbnailFlavour.serving`); `nil` when no flavour serves it.
    public init?(file: FilePath, shown: Double, wanted: Int) {
        let flavours = ThumbnailFlavour.serving(shown: shown, wanted: wanted)
        guard !flavours.isEmpty else { return nil }
        self.init(flavours: flavours, file: file)
    }

    /// The flavour made when the cache holds none.
    public var made: ThumbnailFlavour? { flavours.first }

    /// The long edge to decode a copy at, for at most `wanted` pixels: the made flavour's edge
    /// when it is within `wanted` — the copy is then exactly what the cache holds, so one decode
    /// serves both — else `wanted`.
    public func copyLongEdge(wanted: Int) -> Int {
        guard let made, made.edge <= wanted else { return wanted }
        return made.edge
    }
}
