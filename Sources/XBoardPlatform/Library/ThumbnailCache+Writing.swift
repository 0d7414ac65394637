internal import CPictureDecoding
import Foundation
import SystemPackage
import XBoard

/// Writing thumbnails and failure records: PNG encoded here from pixels (`cpd_encode_thumbnail_png`),
/// written atomically and privately. A write that fails is said once (`sayWriteProblem`); the
/// board goes on decoding from the files.
extension ThumbnailCache {
    /// Writes the thumbnail of `lookup` in `flavour` from `pixels` (`height` rows of `width`
    /// premultiplied ARGB32 pixels, in sRGB), over any stale or damaged one. Returns whether it
    /// was written.
    @discardableResult
    func write(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, hasAlpha: Bool, as flavour: ThumbnailFlavour, of lookup: Lookup)
        -> Bool
    {
        let native = lookup.uprightSize
        let record = ThumbnailRecord(
            uri: lookup.original.uri, modified: lookup.original.modified, size: lookup.original.size, imageWidth: Int(native.width),
            imageHeight: Int(native.height), software: software, fingerprint: lookup.original.fingerprint,
            fileIdentity: lookup.original.fileIdentity)
        guard pixels.count >= width * 4 * height,
            let png = Self.encode(pixels, width: width, height: height, hasAlpha: hasAlpha, text: record.text)
        else { return false }
        return store(png, at: path(of: lookup.name, in: flavour))
    }

    /// Records that the picture of `lookup` could not be opened, and why (`reason`, as the board
    /// said it), so this version does not try it again until it changes: a 1×1 transparent PNG
    /// with the picture's keys, in this version's failure folder.
    @discardableResult
    func recordFailure(_ reason: String, of lookup: Lookup) -> Bool {
        let record = ThumbnailRecord(
            uri: lookup.original.uri, modified: lookup.original.modified, size: lookup.original.size, software: software,
            fingerprint: lookup.original.fingerprint, fileIdentity: lookup.original.fileIdentity, reason: reason)
        let transparent: [UInt8] = [0, 0, 0, 0]
        guard let png = transparent.withUnsafeBytes({ Self.encode($0, width: 1, height: 1, hasAlpha: true, text: record.text) }) else {
            return false
        }
        return store(png, at: failurePath(of: lookup.name))
    }

    /// Writes `bytes` at `path` atomically, 0600, not synced (a cache), making its folder
    /// (0700) when it is missing (the cache was cleared meanwhile); says the first problem.
    private func store(_ bytes: [UInt8], at path: FilePath) -> Bool {
        do {
            if !System.isDirectory(path.removingLastComponent()) { try System.makePrivateFolder(path.removingLastComponent()) }
            try System.writeFileAtomically(path, contents: bytes, isDurable: false)
            return true
        } catch {
            sayWriteProblem(error)
            return false
        }
    }

    /// Premultiplied ARGB32 pixels as an 8-bit RGBA PNG with `text`, or `nil` when libpng cannot.
    static func encode(
        _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, hasAlpha: Bool, text: [(key: String, value: String)]
    ) -> [UInt8]? {
        guard let base = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let keys = text.map { Array($0.key.utf8) }, values = text.map { Array($0.value.utf8) }
        var length = 0
        let encoded = System.withCStrings(keys) { keys in
            System.withCStrings(values) { values in
                cpd_encode_thumbnail_png(
                    base, Int32(width), Int32(height), width * 4, hasAlpha ? 1 : 0, keys.map { UnsafePointer($0) },
                    values.map { UnsafePointer($0) }, Int32(text.count), &length)
            }
        }
        guard let encoded else { return nil }
        defer { free(encoded) }
        return Array(UnsafeBufferPointer(start: encoded, count: length))
    }
}
