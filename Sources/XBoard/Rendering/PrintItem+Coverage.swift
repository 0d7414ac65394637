import Foundation

/// Where a print's pixels are, for drawing only what shows: the opaque part (border and
/// picture), which hides whatever lies under it, and the part that may be touched at all
/// (shadow included), as whole-pixel rectangles.
extension PrintItem {
    /// Whether the print hides what lies under it: its border opaque, and not see-through.
    public var isOpaque: Bool { borderColor.alpha >= 1 && edits.isOpaque }

    /// How far the selection ring reaches outside a selected print's outline, in window pixels:
    /// drawn 2 px out and 4 px wide, and a pixel of antialiasing. What repainting the print must
    /// cover beyond its outline where its shadow does not (specks of ring stayed on the table
    /// after a selection was pinched and turned: the outside review of issue 40).
    public var selectionRingReach: Double { isSelected ? 5 : 0 }

    /// The print's outline corners in board points.
    public var boardCorners: [Point] { outline.corners.map(photoToBoard.apply(to:)) }

    /// An axis-aligned rectangle of whole pixels inside the print's opaque outline (its border
    /// and picture), as large as the print's own proportions allow when it is turned; `nil`
    /// when the border is translucent or nothing whole fits.
    ///
    /// A centred rectangle of half sizes (k·a, k·b) fits inside a rectangle of half sizes (a, b)
    /// turned by θ when k·(a|cos θ| + b|sin θ|) ≤ a and k·(a|sin θ| + b|cos θ|) ≤ b.
    public var opaqueBounds: Rect? {
        guard isOpaque else { return nil }
        let scale = photoToBoard.scale, rotation = photoToBoard.rotation
        let half = Size(width: outline.size.width * scale / 2, height: outline.size.height * scale / 2)
        let cosine = abs(cos(rotation)), sine = abs(sin(rotation))
        let isUpright = sine < 1e-9
        let fit =
            isUpright
            ? 1 : min(half.width / (half.width * cosine + half.height * sine), half.height / (half.width * sine + half.height * cosine))
        let center = photoToBoard.center
        // Whole pixels inward; a turned print keeps a pixel clear of its antialiased edge.
        let inset = isUpright ? 0 : 1.0
        let low = Point(x: (center.x - half.width * fit + inset).rounded(.up), y: (center.y - half.height * fit + inset).rounded(.up))
        let high = Point(x: (center.x + half.width * fit - inset).rounded(.down), y: (center.y + half.height * fit - inset).rounded(.down))
        guard high.x > low.x, high.y > low.y, fit.isFinite else { return nil }
        return Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }

    /// Whole-pixel rectangles, one per band of `bandHeight` rows, inside the print's opaque
    /// outline (border and picture) by at least `inset` pixels: where its pixels do not depend on
    /// what lies under it, so that moving the print moves them unchanged. For a turned print this
    /// is much more than `opaqueBounds` (one upright rectangle); for an upright one it is one
    /// rectangle. Empty when the border is translucent.
    ///
    /// A convex outline's left edge, as a function of the row, is convex and its right edge
    /// concave, so the columns inside it on every row of a band are those inside it on the
    /// band's first and last rows.
    public func opaqueRegion(bandHeight: Double? = nil, inset: Double = 1) -> [Rect] {
        let bandHeight = bandHeight ?? opaqueBandHeight
        guard isOpaque, bandHeight >= 1 else { return [] }
        let scale = max(photoToBoard.scale, 1e-9)
        let inner = outline.insetBy(inset / scale)
        guard !inner.isEmpty else { return [] }
        let corners = inner.corners.map(photoToBoard.apply(to:))
        let bounds = Rect.bounding(corners)
        let low = Point(x: bounds.minX.rounded(.up), y: bounds.minY.rounded(.up))
        let high = Point(x: bounds.maxX.rounded(.down), y: bounds.maxY.rounded(.down))
        guard high.x > low.x, high.y > low.y else { return [] }
        if isUpright { return [Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)] }
        var bands: [Rect] = []
        var top = low.y
        while top < high.y {
            let bottom = min(Self.nextBandEdge(after: top, bandHeight: bandHeight), high.y)
            defer { top = bottom }
            guard let first = Self.span(of: corners, from: top, to: top), let last = Self.span(of: corners, from: bottom, to: bottom)
            else { continue }
            let left = max(first.lowerBound, last.lowerBound).rounded(.up)
            let right = min(first.upperBound, last.upperBound).rounded(.down)
            if right > left { bands.append(Rect(x: left, y: top, width: right - left, height: bottom - top)) }
        }
        return bands
    }

    /// The board rectangles that repainting this print dirties: its extent when it is upright,
    /// the bands of `coverage()` when it is turned (its corners leave most of its bounding box
    /// empty: a close-up turned 20° that moves would repaint some 2.5 MP of table and prints
    /// around it that it never touches).
    public var damageRegion: [Rect] { isUpright ? [boardExtent] : coverage() }

    /// Whether the print is not turned (its edges run along pixel rows and columns).
    public var isUpright: Bool { abs(sin(photoToBoard.rotation)) < 1e-9 }

    /// How a print is drawn from its sprite: copied at whole pixels, or through a bilinear
    /// transform (a draft that turns or scales).
    public enum SpriteSampling: Sendable { case wholePixels, bilinear }

    /// Where the print's pixels are its own whatever lies under it when drawn from its sprite as
    /// `sampling` says (the print placed as given): what may be drawn with the SOURCE operator.
    /// A turned print's outline pixel is antialiased, and a bilinear draft blends one more.
    public func opaqueRegion(sampledBy sampling: SpriteSampling) -> [Rect] {
        opaqueRegion(inset: (isUpright ? 0 : 1) + (sampling == .bilinear ? 1 : 0))
    }

    /// The part of the print that may go straight into the window, drawn either way: inside
    /// `opaqueRegion(sampledBy:)` by what the painter's placing its centre at whole pixels may
    /// move the outline — half a pixel along a row or column, up to √½ across a turned edge.
    public var directRegion: [Rect] { opaqueRegion(inset: isUpright ? 1.5 : 3) }

    /// Rows per band of a turned print's `opaqueRegion`: 32 as `coverage()`'s, or a multiple of
    /// it for a print so tall that it would take more than 40 bands.
    var opaqueBandHeight: Double {
        let height = boardExtent.size.height
        return 32 * max(1, (height / 40 / 32).rounded(.up))
    }

    /// Whole-pixel rectangles, one per band of the board's rows `bandHeight` apart, that together cover every
    /// pixel the print may touch (its outline and its shadow, turned as it is): tighter than
    /// `boardExtent` for a turned print, whose corners leave most of its bounding box empty.
    public func coverage(bandHeight: Double = 32) -> [Rect] {
        let shadowGrowth = shadowSoftness / max(photoToBoard.scale, 1e-9)
        let shadowCorners = outline.insetBy(-shadowGrowth).corners.map { photoToBoard.apply(to: $0) + shadowOffset }
        let outlineCorners = outline.insetBy(-(1 + selectionRingReach) / max(photoToBoard.scale, 1e-9)).corners.map(
            photoToBoard.apply(to:))
        let extent = boardExtent.integral
        guard extent.size.height > 0, bandHeight >= 1 else { return [] }
        var bands: [Rect] = []
        var top = extent.minY
        while top < extent.maxY {
            let bottom = min(Self.nextBandEdge(after: top, bandHeight: bandHeight), extent.maxY)
            var low = Double.infinity, high = -Double.infinity
            for polygon in [outlineCorners, shadowCorners] {
                guard let span = Self.span(of: polygon, from: top, to: bottom) else { continue }
                low = min(low, span.lowerBound)
                high = max(high, span.upperBound)
            }
            if low < high {
                let left = max(extent.minX, (low - 1).rounded(.down)), right = min(extent.maxX, (high + 1).rounded(.up))
                if right > left { bands.append(Rect(x: left, y: top, width: right - left, height: bottom - top)) }
            }
            top = bottom
        }
        return bands
    }

    /// The first row below `row` on the board's grid of bands of `bandHeight` rows: bands lie on
    /// one grid, so those of a print where it was and where it is share their rows and merge.
    static func nextBandEdge(after row: Double, bandHeight: Double) -> Double {
        ((row / bandHeight).rounded(.down) + 1) * bandHeight
    }

    /// The x-range a convex polygon covers between two rows, or `nil` when it misses them.
    static func span(of polygon: [Point], from top: Double, to bottom: Double) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        for (index, start) in polygon.enumerated() {
            let end = polygon[(index + 1) % polygon.count]
            if start.y >= top, start.y <= bottom {
                low = min(low, start.x)
                high = max(high, start.x)
            }
            for row in [top, bottom] where (start.y - row) * (end.y - row) < 0 {
                let x = start.x + (end.x - start.x) * (row - start.y) / (end.y - start.y)
                low = min(low, x)
                high = max(high, x)
            }
        }
        return low <= high ? low...high : nil
    }
}
