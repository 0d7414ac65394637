import Foundation
import SystemPackage

/// A layout as versions before board memory saved it (one file per set of paths): each photo's
/// path, placement and stacking order. Read once to carry it over (`BoardFile+Legacy`), never
/// written by the board any more.
///
/// Placements are stored with the picture size they were made at (`baseLongEdge`), so they keep
/// their size when the window, and so the first layout, differs next time. Paths are stored as
/// `StoredPath`s: a JSON string when the path is UTF-8, `{"escaped": …}` when it is not.
public struct LayoutDocument: Decodable, Sendable {
    /// The one version layouts were written in.
    public static let currentVersion = 1

    public var version: Int
    public var boardWidth: Double
    public var boardHeight: Double
    /// Bottom to top.
    public var photos: [Entry]
    /// Photos of this set that were taken off the board (they stay off when it opens again).
    public var removedPaths: [FilePath]? = nil

    public struct Entry: Decodable, Sendable {
        public var path: FilePath
        /// The picture's long edge at scale 1 when saved, in board points.
        public var baseLongEdge: Double
        /// `photoToBoard` as [a, b, c, d, tx, ty].
        public var placement: [Double]
        /// The first layout's placement (triple tap returns there), same form.
        public var initialPlacement: [Double]

        enum CodingKeys: String, CodingKey { case path, baseLongEdge, placement, initialPlacement }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(StoredPath.self, forKey: .path).path
            baseLongEdge = try container.decode(Double.self, forKey: .baseLongEdge)
            placement = try container.decode([Double].self, forKey: .placement)
            initialPlacement = try container.decode([Double].self, forKey: .initialPlacement)
        }
    }

    enum CodingKeys: String, CodingKey { case version, boardWidth, boardHeight, photos, removedPaths }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        boardWidth = try container.decode(Double.self, forKey: .boardWidth)
        boardHeight = try container.decode(Double.self, forKey: .boardHeight)
        photos = try container.decode([Entry].self, forKey: .photos)
        removedPaths = try container.decodeIfPresent([StoredPath].self, forKey: .removedPaths)?.map(\.path)
    }

    /// A stable name for a set of photos, whatever order they were given in (FNV-1a over the
    /// paths' bytes, sorted, NUL between them; for UTF-8 paths the same key as when paths were
    /// text).
    public static func key(for paths: [FilePath]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let sorted = paths.map(\.bytes).sorted { $0.lexicographicallyPrecedes($1) }
        for byte in Array(sorted.joined(separator: [0])) {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    /// Decodes a layout file; throws a one-line reason when it is not one this version reads.
    public static func decode(_ data: Data) throws -> LayoutDocument {
        let document: LayoutDocument
        do {
            document = try JSONDecoder().decode(LayoutDocument.self, from: data)
        } catch {
            throw LayoutError.corrupt("not a layout this program wrote")
        }
        guard document.version == currentVersion else {
            throw LayoutError.corrupt("layout version \(document.version) is not \(currentVersion)")
        }
        return document
    }

    public enum LayoutError: Error, CustomStringConvertible {
        case corrupt(String)
        public var description: String {
            switch self {
            case .corrupt(let reason): reason
            }
        }
    }
}
