internal import CX11

/// MD5 and SHA-256 by GLib's `GChecksum` (linked already, through gdk-pixbuf), so the core
/// hashes nothing itself: it is handed the digests.
///
/// MD5 because the freedesktop Thumbnail Managing Standard names every thumbnail by the MD5 of
/// its picture's URI (`ThumbnailName`): a cache shared with file managers works only with
/// exactly that hash, never for anything that needs a secure one. SHA-256 names pictures that
/// come without a file by their content (`PastedPictures`): the same bytes always get the same
/// name, and different bytes never share one in practice.
public final class GLibChecksum {
    public enum Kind: Sendable {
        /// RFC 1321: 16 bytes.
        case md5
        /// FIPS 180-4: 32 bytes.
        case sha256

        var glibType: GChecksumType {
            switch self {
            case .md5: G_CHECKSUM_MD5
            case .sha256: G_CHECKSUM_SHA256
            }
        }
    }

    public let kind: Kind
    private let checksum: OpaquePointer

    public init(_ kind: Kind) {
        self.kind = kind
        // GLib aborts when it cannot allocate; a known type never gives NULL.
        guard let checksum = g_checksum_new(kind.glibType) else { fatalError("g_checksum_new gave no checksum") }
        self.checksum = checksum
    }

    deinit {
        g_checksum_free(checksum)
    }

    /// Adds `bytes` to what is hashed (not after `digest()`).
    public func update(_ bytes: some Collection<UInt8>) {
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            g_checksum_update(checksum, buffer.baseAddress, gssize(buffer.count))
        }
        if contiguous == nil { update(Array(bytes)) }
    }

    /// The digest of everything added (the checksum is then closed: nothing more can be added).
    public func digest() -> [UInt8] {
        let capacity = Int(g_checksum_type_get_length(kind.glibType))
        var length = gsize(capacity)
        var bytes = [UInt8](repeating: 0, count: capacity)
        bytes.withUnsafeMutableBufferPointer { g_checksum_get_digest(checksum, $0.baseAddress, &length) }
        return Array(bytes.prefix(Int(length)))
    }

    /// The digest of `bytes`.
    public static func digest(_ kind: Kind, of bytes: some Collection<UInt8>) -> [UInt8] {
        let checksum = GLibChecksum(kind)
        checksum.update(bytes)
        return checksum.digest()
    }

    /// The digest of `bytes` in lower-case hex digits.
    public static func hex(_ kind: Kind, of bytes: some Collection<UInt8>) -> String {
        hex(digest(kind, of: bytes))
    }

    /// `digest` in lower-case hex digits, two a byte.
    public static func hex(_ digest: [UInt8]) -> String {
        digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
