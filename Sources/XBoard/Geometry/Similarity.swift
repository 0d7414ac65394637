import Foundation

/// The least-squares similarity (translation, rotation, uniform scale) taking one point set to another.
///
/// With two points it is exact: each point lands on its partner. With three or more it minimizes
/// the summed squared distances (Umeyama without reflection). Both sets are measured about their
/// centroids: in complex notation, with `p` the start offsets and `q` the current ones,
/// `k = Σ q·conj(p) / Σ |p|²`, scale `|k|`, rotation `arg k`.
public struct Similarity: Hashable, Sendable {
    /// Centroid of the start points.
    public var startCentroid: Point
    /// Centroid of the current points.
    public var currentCentroid: Point
    /// Scale factor; 1 when the points neither spread nor gathered, or when fewer than two.
    public var scale: Double
    /// Rotation in radians in (−π, π]; 0 with fewer than two points.
    public var rotation: Double

    /// Fits start to current; `nil` when the arrays are empty or differ in length.
    public init?(from start: [Point], to current: [Point]) {
        guard start.count == current.count, let startCentroid = start.centroid,
            let currentCentroid = current.centroid
        else { return nil }
        self.startCentroid = startCentroid
        self.currentCentroid = currentCentroid
        var real = 0.0, imaginary = 0.0, spread = 0.0
        for (startPoint, currentPoint) in zip(start, current) {
            let p = startPoint - startCentroid, q = currentPoint - currentCentroid
            real += q.dot(p)
            imaginary += p.cross(q)
            spread += p.dot(p)
        }
        let magnitude = (real * real + imaginary * imaginary).squareRoot()
        if spread > 1e-9, magnitude > 1e-12, magnitude.isFinite, spread.isFinite {
            scale = magnitude / spread
            rotation = atan2(imaginary, real)
        } else {
            scale = 1
            rotation = 0
        }
    }
}
