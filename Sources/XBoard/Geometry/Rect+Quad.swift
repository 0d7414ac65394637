extension Rect {
    /// Whether the rectangle and the convex quadrilateral `corners` (in order round it) overlap,
    /// edges included: the separating axis test over the rectangle's two axes and the quad's two
    /// edge normals. Exact for a turned print, where comparing bounding boxes would also catch a
    /// rectangle that only reaches into a turned print's empty corner.
    public func intersects(quad corners: [Point]) -> Bool {
        guard corners.count == 4, size.width >= 0, size.height >= 0 else { return false }
        let mine = self.corners
        let axes = [Point(x: 1, y: 0), Point(x: 0, y: 1), corners[1] - corners[0], corners[2] - corners[1]]
        for edge in axes {
            let axis = Point(x: -edge.y, y: edge.x)
            guard axis.length > 1e-12 else { continue }
            let a = mine.map { $0.dot(axis) }, b = corners.map { $0.dot(axis) }
            guard let aLow = a.min(), let aHigh = a.max(), let bLow = b.min(), let bHigh = b.max() else { return false }
            if aHigh < bLow || bHigh < aLow { return false }
        }
        return true
    }
}
