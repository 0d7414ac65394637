internal import CPictureDecoding
import Foundation
import SystemPackage
import XBoard

/// Finding a picture's thumbnail, or its failure record, and checking that it describes the
/// picture as it is now.
extension ThumbnailCache {
    /// A picture as the cache knows it: its thumbnails' name, and what they must say of it.
    struct Lookup {
        let name: ThumbnailName
        var original: ThumbnailOriginal
        /// Its size upright, as its header declares.
        let uprightSize: Size
        /// Whether its thumbnails may show it turned a quarter from `uprightSize` (HEIF and AVIF,
        /// whose `irot` the board does not read).
        let mayBeTurned: Bool
    }

    /// The lookup of the picture `opened`, whose file is `file` (absolute, links resolved) and
    /// holds `fingerprint` (`nil`: not read yet — a thumbnail whose record vouches for the file as
    /// it is now tells it, otherwise it is read when asked); `nil` when the cache has nothing to do
    /// with it: it lies inside the cache, or its file tells no modification time.
    func lookup(_ opened: OpenedPicture, file: FilePath, fingerprint: PhotoFingerprint?) -> Lookup? {
        guard !holds(file), let name = ThumbnailName(file: file),
            let modified = opened.file.modified.flatMap(ThumbnailOriginal.wholeSeconds)
        else { return nil }
        let original = ThumbnailOriginal(
            uri: name.uri, modified: modified, size: opened.file.size, fingerprint: fingerprint, fileIdentity: opened.file.identity)
        return Lookup(name: name, original: original, uprightSize: opened.uprightSize, mayBeTurned: opened.container == .isoMedia)
    }

    /// A thumbnail found for a picture: open, checked, for a helper to decode.
    struct Found {
        let flavour: ThumbnailFlavour
        let opened: OpenedPicture
        /// The picture's full size, upright, as the thumbnail shows it.
        let nativeSize: Size
        /// The picture file's fingerprint: the record's, when it vouches for the file as it is now
        /// (`ThumbnailRecord.vouchedFingerprint`), or the one read.
        let fingerprint: PhotoFingerprint?
    }

    /// The thumbnail of `lookup` in `flavour`, planned for a decode to at most `maximumLongEdge`
    /// pixels, when there is one that describes the picture as it is now; `nil` when it is
    /// missing, stale or unusable — damaged, not a PNG, larger than its folder allows, or of
    /// another shape than the picture. A missing thumbnail is not a problem: nothing is said.
    /// `fingerprint` reads the picture file's, when the lookup knows none and the record cannot
    /// vouch for one: a record with another fingerprint is stale.
    func thumbnail(
        _ flavour: ThumbnailFlavour, of lookup: Lookup, maximumLongEdge: Int, fingerprint: () -> PhotoFingerprint? = { nil }
    ) -> Found? {
        let path = path(of: lookup.name, in: flavour)
        guard let opened = try? OpenedPicture(path: path, maximumLongEdge: maximumLongEdge, maximumFileSize: Self.maximumFileSize),
            opened.plan.format == .png, !opened.plan.declared.isAnimated
        else { return nil }
        let width = opened.plan.declared.width, height = opened.plan.declared.height
        guard max(width, height) <= flavour.edge else { return nil }
        let nativeSize: Size
        if Self.hasShape(width: width, height: height, of: lookup.uprightSize) {
            nativeSize = lookup.uprightSize
        } else if lookup.mayBeTurned, Self.hasShape(width: height, height: width, of: lookup.uprightSize) {
            nativeSize = Size(width: lookup.uprightSize.height, height: lookup.uprightSize.width)
        } else {
            return nil
        }
        guard let record = Self.record(in: opened.file), record.describes(lookup.original) else { return nil }
        guard let known = Self.fingerprint(of: lookup, vouchedBy: record, reading: fingerprint) else { return nil }
        return Found(flavour: flavour, opened: opened, nativeSize: nativeSize, fingerprint: known)
    }

    /// The picture file's fingerprint as the record and the file agree on it: the lookup's, the
    /// record's when it vouches for the file as it is now, or the one `reading` reads; `.none`
    /// when the record states another (stale), `.some(nil)` when none can be told.
    private static func fingerprint(
        of lookup: Lookup, vouchedBy record: ThumbnailRecord, reading: () -> PhotoFingerprint?
    ) -> PhotoFingerprint?? {
        if let known = lookup.original.fingerprint ?? record.vouchedFingerprint(for: lookup.original) { return .some(known) }
        let read = reading()
        if let read, let stated = record.fingerprint, stated != read { return .none }
        return .some(read)
    }

    /// The reason the picture of `lookup` could not be opened when this version last tried, if
    /// a failure record says so of the picture as it is now (`fingerprint` reads the file's when
    /// the record cannot vouch for it).
    func recordedFailure(of lookup: Lookup, fingerprint: () -> PhotoFingerprint? = { nil }) -> String? {
        guard let bytes = try? System.readPrivateFile(failurePath(of: lookup.name), limit: Int(Self.maximumFileSize)),
            let record = Self.record(in: bytes), record.describes(lookup.original),
            Self.fingerprint(of: lookup, vouchedBy: record, reading: fingerprint) != nil
        else { return nil }
        return record.reason ?? "could not be opened when last tried"
    }

    /// Whether a `width`×`height` thumbnail shows a picture of `size`: the same shape, to within
    /// the rounding of scaling it down (a pixel and a half on the short edge).
    static func hasShape(width: Int, height: Int, of size: Size) -> Bool {
        guard width > 0, height > 0, size.width > 0, size.height > 0 else { return false }
        let scale = Double(max(width, height)) / size.longEdge
        return abs(Double(width) - size.width * scale) <= 1.5 && abs(Double(height) - size.height * scale) <= 1.5
    }

    /// The record a thumbnail file's text states, read whole (it is at most `maximumFileSize`).
    static func record(in file: FileReader) -> ThumbnailRecord? {
        guard file.size <= maximumFileSize, case .success(let bytes) = file.read(offset: 0, count: Int(file.size)) else { return nil }
        return record(in: bytes)
    }

    /// The record in a thumbnail's bytes: its text entries, compressed ones inflated (to at most
    /// `maximumTextLength` bytes); the first entry of each key counts.
    static func record(in bytes: [UInt8]) -> ThumbnailRecord? {
        guard let entries = PNGText.entries(in: bytes) else { return nil }
        var text: [String: String] = [:]
        for entry in entries where text[entry.key] == nil {
            switch entry.value {
            case .text(let value): text[entry.key] = value
            case .compressed(let data, let isUTF8):
                guard let inflated = inflate(data) else { continue }
                text[entry.key] = isUTF8 ? String(validating: inflated, as: UTF8.self) : PNGText.latin1(inflated)
            }
        }
        return ThumbnailRecord(text: text)
    }

    /// zlib data inflated, or `nil` when it is damaged or longer than `maximumTextLength`.
    static func inflate(_ data: [UInt8]) -> [UInt8]? {
        guard !data.isEmpty else { return nil }
        var length = 0
        var status: Int32 = 0
        guard let inflated = data.withUnsafeBufferPointer({ cpd_inflate($0.baseAddress, $0.count, maximumTextLength, &length, &status) })
        else { return nil }
        defer { free(inflated) }
        return Array(UnsafeBufferPointer(start: inflated, count: length))
    }
}
