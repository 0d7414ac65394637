import Foundation

/// Where a print's pixels are, for drawing only what shows: the opaque part (border and
/// picture), which hides whatever lies under it, and the part that may be touched at all
/// (shadow included), as whole-pixel rectangles.
extension PrintItem {
    /// The print's outline corners in board points.
    public var boardCorners: [Point] { outline.corners.map(photoToBoard.apply(to:)) }

    /// An axis-aligned rectangle of whole pixels inside the print's opaque outline (its border
    /// and picture), as large as the print's own proportions allow when it is turned; `nil`
    /// when the border is translucent or nothing whole fits.
    ///
    /// A centred rectangle of half sizes (k·a, k·b) fits inside a rectangle of half sizes (a, b)
    /// turned by θ when k·(a|cos θ| + b|sin θ|) ≤ a and k·(a|sin θ| + b|cos θ|) ≤ b.
    public var opaqueBounds: Rect? {
        guard borderColor.alpha >= 1 else { return nil }
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

    /// Whole-pixel rectangles, one per band of `bandHeight` rows, that together cover every
    /// pixel the print may touch (its outline and its shadow, turned as it is): tighter than
    /// `boardExtent` for a turned print, whose corners leave most of its bounding box empty.
    public func coverage(bandHeight: Double = 32) -> [Rect] {
        let shadowGrowth = shadowSoftness / max(photoToBoard.scale, 1e-9)
        let shadowCorners = outline.insetBy(-shadowGrowth).corners.map { photoToBoard.apply(to: $0) + shadowOffset }
        let outlineCorners = outline.insetBy(-1 / max(photoToBoard.scale, 1e-9)).corners.map(photoToBoard.apply(to:))
        let extent = boardExtent.integral
        guard extent.size.height > 0, bandHeight >= 1 else { return [] }
        var bands: [Rect] = []
        var top = extent.minY
        while top < extent.maxY {
            let bottom = min(top + bandHeight, extent.maxY)
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
