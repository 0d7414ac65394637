/// Decides how many pixels of a picture to keep decoded: about what is shown, so memory stays
/// bounded, sharper when the photo is zoomed in, smaller again when zoomed back out.
public struct PictureResolution: Hashable, Sendable {
    /// The long edge photos are first decoded at, in pixels.
    public var baseLongEdge: Int
    /// Never decode beyond this long edge, in pixels.
    public var maximumLongEdge: Int

    /// The default `maximumLongEdge`: 4096 pixels, about a 4K screen's width.
    public static let defaultMaximumLongEdge = 4096
    /// The smallest first decode, in pixels: a thousand photos laid out at 55 px keep 110 px
    /// copies, ten thousand at 16 px keep 32 px ones (memory follows what is shown), but never
    /// fewer pixels than this.
    public static let minimumBaseLongEdge = 32

    public init(baseLongEdge: Int, maximumLongEdge: Int = defaultMaximumLongEdge) {
        self.baseLongEdge = baseLongEdge
        self.maximumLongEdge = maximumLongEdge
    }

    /// The first decode size for a board: twice the laid-out size (room for some zoom), at
    /// least `minimumBaseLongEdge` and at most 1024 pixels — or, where a big window lays a few photos out larger
    /// than that (one photo on a 2560×1600 window is 1120 px), a quarter more than the laid-out
    /// size, so they are never shown blown up.
    public static func forLayout(_ layout: TossedLayout) -> PictureResolution {
        let ceiling = max(1024, Int((layout.pictureLongEdge * 1.25).rounded(.up)))
        return PictureResolution(baseLongEdge: min(ceiling, max(minimumBaseLongEdge, Int((layout.pictureLongEdge * 2).rounded()))))
    }

    /// The first decode size for photos dropped (or added) among the others, shown
    /// `pictureLongEdge` long: twice that, as for a board's layout, never more than the
    /// board's own first decodes — ten thousand added to a board of three are 16-px prints, not
    /// 512-px copies (and their thumbnails the cache's smallest, not its x-large).
    public func forDrop(pictureLongEdge: Double) -> Int {
        guard pictureLongEdge.isFinite, pictureLongEdge > 0 else { return baseLongEdge }
        return min(baseLongEdge, max(Self.minimumBaseLongEdge, Int((pictureLongEdge * 2).rounded())))
    }

    /// The long edge to re-decode at, or `nil` to keep the current copy.
    ///
    /// - Parameters:
    ///   - shownLongEdge: the picture's long edge on screen, in pixels.
    ///   - decodedLongEdge: the long edge of the copy held now.
    ///   - nativeLongEdge: the picture's full long edge.
    public func wantedLongEdge(shownLongEdge: Double, decodedLongEdge: Int, nativeLongEdge: Int) -> Int? {
        let ceiling = min(nativeLongEdge, maximumLongEdge)
        if Double(decodedLongEdge) < shownLongEdge * 0.9, decodedLongEdge < ceiling {
            // Zoomed in past the copy: decode sharper, with headroom so small pinches do not re-decode.
            return min(ceiling, max(baseLongEdge, Int((shownLongEdge * 1.5).rounded(.up))))
        }
        let comfortable = max(min(baseLongEdge, nativeLongEdge), Int((shownLongEdge * 1.5).rounded(.up)))
        if decodedLongEdge > baseLongEdge, Double(decodedLongEdge) > shownLongEdge * 2.5, comfortable < decodedLongEdge {
            return comfortable  // zoomed back out: let the big copy go
        }
        return nil
    }
}
