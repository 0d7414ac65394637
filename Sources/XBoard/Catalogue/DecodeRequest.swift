import SystemPackage

/// A picture to decode: which photo, from which file, at most how large, which copy of it
/// (re-decodes of one photo count up, so a stale result can be dropped), and whether the shared
/// thumbnail cache may serve it (and gets a thumbnail made from it when it lacks one).
public struct DecodeRequest: Hashable, Sendable {
    public var photo: PhotoID
    public var path: FilePath
    public var maximumLongEdge: Int
    public var generation: Int
    /// The cached thumbnails that may serve this decode; `nil`: only the file itself.
    public var thumbnail: ThumbnailUse?
    /// Only this part of the picture, at its scale (a tile, `TilePlan`); `nil`: all of it, at
    /// most `maximumLongEdge` long.
    public var region: DecodeMessage.Region? = nil
    /// The tiles `region` covers (`TileBook`), when it is tiles: `tile` the top left one, and
    /// `tileColumns` × `tileRows` of them from there (a band, decoded in one pass: a JPEG's rows
    /// above a region are read through to reach it, once a band rather than once a tile).
    public var tile: TilePlan.Tile? = nil
    public var tileColumns = 1, tileRows = 1

    /// The tiles of a tile request, each with its pixels' place in the decoded band.
    public var tiles: [(tile: TilePlan.Tile, x: Int, y: Int, width: Int, height: Int)] {
        guard let tile, let region else { return [] }
        var tiles: [(tile: TilePlan.Tile, x: Int, y: Int, width: Int, height: Int)] = []
        let side = TilePlan.tileSize
        for row in 0..<tileRows {
            for column in 0..<tileColumns {
                let x = column * side, y = row * side
                guard x < region.width, y < region.height else { continue }
                tiles.append(
                    (
                        TilePlan.Tile(level: tile.level, column: tile.column + column, row: tile.row + row), x, y,
                        min(side, region.width - x), min(side, region.height - y)
                    ))
            }
        }
        return tiles
    }

    public init(photo: PhotoID, path: FilePath, maximumLongEdge: Int, generation: Int = 0, thumbnail: ThumbnailUse? = nil) {
        self.photo = photo
        self.path = path
        self.maximumLongEdge = maximumLongEdge
        self.generation = generation
        self.thumbnail = thumbnail
    }

    /// A request for a copy of at most `wanted` pixels of a picture shown `shown` pixels long;
    /// with `canonical` (the file, absolute, links resolved), one the shared thumbnail cache may
    /// serve, for a copy the size of its best flavour when that is within `wanted`
    /// (`ThumbnailUse.copyLongEdge`).
    public init(photo: PhotoID, path: FilePath, wanted: Int, shown: Double, generation: Int = 0, canonical: FilePath?) {
        let use = canonical.flatMap { ThumbnailUse(file: $0, shown: shown, wanted: wanted) }
        self.init(
            photo: photo, path: path, maximumLongEdge: use?.copyLongEdge(wanted: wanted) ?? wanted, generation: generation, thumbnail: use)
    }
}

/// What became of a decode, as the catalogue needs to know it: the pixels went to the painter;
/// the facts read while the file was open come here, so nothing opens the file again.
public struct DecodeReport: Sendable {
    public enum Outcome: Sendable {
        case decoded(PictureFacts)
        /// The file, and why it could not be decoded: a value, worded into a line only where
        /// it is said (`Problem.description`).
        case failed(Problem)
    }

    public var request: DecodeRequest
    public var outcome: Outcome
    /// How long the decode took.
    public var duration: Duration

    public init(request: DecodeRequest, outcome: Outcome, duration: Duration) {
        self.request = request
        self.outcome = outcome
        self.duration = duration
    }
}

/// What a decode tells about a picture besides its pixels.
public struct PictureFacts: Hashable, Sendable {
    /// The size of the copy decoded, in pixels.
    public var pixelSize: Size
    /// The picture's full size, upright, in pixels.
    public var nativeSize: Size
    /// When it was taken, seconds since 1970 on the local clock; `nil` when the file tells none.
    public var dateTaken: Double?
    public var fingerprint: PhotoFingerprint?
    /// Something to say about the file that did not stop it opening.
    public var warning: String?
    /// The camera the file says took it (EXIF Make and Model), if it says.
    public var camera: String?
    /// The cached thumbnail the copy was decoded from; `nil`: from the file itself.
    public var thumbnail: ThumbnailFlavour?

    public init(
        pixelSize: Size, nativeSize: Size, dateTaken: Double? = nil, fingerprint: PhotoFingerprint? = nil, warning: String? = nil,
        camera: String? = nil, thumbnail: ThumbnailFlavour? = nil
    ) {
        self.pixelSize = pixelSize
        self.nativeSize = nativeSize
        self.dateTaken = dateTaken
        self.fingerprint = fingerprint
        self.warning = warning
        self.camera = camera
        self.thumbnail = thumbnail
    }
}
