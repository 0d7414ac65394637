/// The sizes of the freedesktop thumbnail cache, each a folder of `$XDG_CACHE_HOME/thumbnails`
/// whose thumbnails fit a square of its edge: `normal` 128, `large` 256, `x-large` 512 and
/// `xx-large` 1024 pixels (Thumbnail Managing Standard 0.9).
public enum ThumbnailFlavour: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
    case normal = 128
    case large = 256
    case xLarge = 512
    case xxLarge = 1024

    /// The long edge its thumbnails have at most, in pixels.
    public var edge: Int { rawValue }

    /// Its folder's name.
    public var folder: String {
        switch self {
        case .normal: "normal"
        case .large: "large"
        case .xLarge: "x-large"
        case .xxLarge: "xx-large"
        }
    }

    public var description: String { folder }

    public static func < (lhs: ThumbnailFlavour, rhs: ThumbnailFlavour) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The flavours that can serve a copy of at most `wanted` pixels (long edge) of a picture
    /// shown `shown` pixels long, best first: the first is the one made when the cache holds
    /// none of them.
    ///
    /// A flavour serves when it is at least as large as what is shown. Best is the largest of
    /// those within `wanted` (sharp enough, no larger than asked for), else the smallest (a copy
    /// under 128 pixels is served by `normal`, read and scaled down, as the standard asks of
    /// smaller sizes); then the larger ones, smallest first; then the smaller ones, largest
    /// first. Empty when what is shown is over 1024 pixels.
    public static func serving(shown: Double, wanted: Int) -> [ThumbnailFlavour] {
        guard shown.isFinite, wanted > 0 else { return [] }
        let acceptable = allCases.filter { Double($0.edge) >= shown }
        guard let best = acceptable.last(where: { $0.edge <= wanted }) ?? acceptable.first else { return [] }
        return [best] + acceptable.filter { $0 > best } + acceptable.filter { $0 < best }.reversed()
    }
}
