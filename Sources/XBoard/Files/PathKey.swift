import SystemPackage

/// A file path with its hash worked out once, for the board's memory: dictionaries and sets of
/// a board's photos hash a `UInt64`, not the path's characters, so a pass over ten thousand
/// photos costs what ten thousand integers cost.
///
/// Two keys are equal exactly when their paths are (the hash is compared first, the bytes only
/// when it matches).
public struct PathKey: Hashable, Sendable, CustomStringConvertible {
    public let path: FilePath
    /// FNV-1a (64 bits) of the path's bytes.
    private let digest: UInt64
    private let bytes: [UInt8]

    public init(_ path: FilePath) {
        self.path = path
        bytes = path.bytes
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01B3
            }
        }
        digest = hash
    }

    public static func == (lhs: PathKey, rhs: PathKey) -> Bool {
        guard lhs.digest == rhs.digest, lhs.bytes.count == rhs.bytes.count else { return false }
        return lhs.bytes.withUnsafeBufferPointer { left in
            rhs.bytes.withUnsafeBufferPointer { right in
                if left.baseAddress == right.baseAddress { return true }  // copies of one key
                var index = 0
                while index < left.count {
                    if left[index] != right[index] { return false }
                    index += 1
                }
                return true
            }
        }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// Orders keys by their paths' bytes.
    public static func precedes(_ lhs: PathKey, _ rhs: PathKey) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }

    public var description: String { path.escaped }
}
