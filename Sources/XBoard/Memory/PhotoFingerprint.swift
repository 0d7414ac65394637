/// What a photo's file holds, whatever it is called: its size and a hash of its first bytes, so
/// a photo renamed or moved inside its folder is still recognised.
///
/// The hash is FNV-1a (64 bits) over at most `headLength` bytes: pictures differ early (headers,
/// EXIF thumbnails, the first scan), and with the size alone two files seldom collide. A file
/// edited in place changes its fingerprint; it keeps its place by its path.
public struct PhotoFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// How many bytes of a file's head are hashed: 64 KiB.
    public static let headLength = 65536

    /// The file's size in bytes.
    public var size: Int64
    public var headHash: UInt64

    public init(size: Int64, headHash: UInt64) {
        self.size = size
        self.headHash = headHash
    }

    /// The fingerprint of a file of `size` bytes that begins with `head` (only the first
    /// `headLength` bytes count).
    public init(size: Int64, head: some Collection<UInt8>) {
        self.init(size: size, head: Array(head.prefix(Self.headLength)))
    }

    /// The same over an array, hashed through its buffer: a generic walk of 64 KiB called from
    /// another module goes through the runtime for every byte (it was most of the board's CPU
    /// opening a folder from its thumbnails).
    public init(size: Int64, head: [UInt8]) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        head.withUnsafeBufferPointer { bytes in
            for byte in bytes.prefix(Self.headLength) {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01B3
            }
        }
        self.init(size: size, headHash: hash)
    }

    /// As stored: the size, a colon, and the hash in 16 hex digits (`"48213:00ff…"`).
    public var description: String {
        let hex = String(headHash, radix: 16)
        return "\(size):" + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    /// Reads the stored form back; `nil` when it is not one (a negative size, a malformed hash).
    public init?(stored text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 16, let size = Int64(parts[0]), size >= 0,
            let hash = UInt64(parts[1], radix: 16)
        else { return nil }
        self.init(size: size, headHash: hash)
    }
}
