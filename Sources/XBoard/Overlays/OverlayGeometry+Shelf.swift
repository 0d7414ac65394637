/// Where the removed photos list lies: a band along the bottom edge (above the loading panel
/// while that shows), with a title and one slot per photo, a thumbnail over its name. Sizes are
/// given at ui scale 1 and grow with `uiScale`.
extension OverlayGeometry {
    /// Height of the band.
    public static let shelfHeight = 150.0
    /// The box a thumbnail is fitted into.
    public static let shelfThumbnail = Size(width: 120, height: 90)
    /// Space between slots, and between the first slot and the left edge.
    public static let shelfSpacing = 16.0
    /// Where the title's baseline sits below the band's top edge.
    public static let shelfTitleBaseline = 22.0
    /// Where thumbnails' boxes begin below the band's top edge.
    public static let shelfThumbnailTop = 34.0
    /// Where a slot's name sits below its box (baseline).
    public static let shelfLabelBaseline = 16.0
    /// Font size of the title and names.
    public static let shelfFontSize = 13.0
    /// The most characters of a name shown; longer names lose their middle.
    public static let shelfLabelLength = 18

    /// The band, for a window of `size`, `bottomInset` above the bottom edge.
    public static func shelfBand(in size: Size, scale: Double, bottomInset: Double) -> Rect {
        let height = min(shelfHeight * scale, size.height)
        return Rect(x: 0, y: max(0, size.height - bottomInset - height), width: size.width, height: height)
    }

    /// The box of the slot at `index` in `band`.
    public static func shelfSlot(_ index: Int, in band: Rect, scale: Double) -> Rect {
        let step = (shelfThumbnail.width + shelfSpacing) * scale
        return Rect(
            x: band.minX + shelfSpacing * scale + Double(index) * step, y: band.minY + shelfThumbnailTop * scale,
            width: shelfThumbnail.width * scale, height: shelfThumbnail.height * scale)
    }

    /// How many slots fit across `band`.
    public static func shelfCapacity(of band: Rect, scale: Double) -> Int {
        let step = (shelfThumbnail.width + shelfSpacing) * scale
        return max(0, Int(((band.size.width - shelfSpacing * scale) / step).rounded(.down)))
    }
}
