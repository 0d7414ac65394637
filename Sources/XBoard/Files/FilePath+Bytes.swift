import SystemPackage

/// File paths as the bytes the kernel knows them by, shown and stored without loss.
///
/// swift-system's `FilePath` keeps a path's bytes exactly (a `String` made from a `readdir` or
/// `argv` name would replace bytes that are not UTF-8 with U+FFFD). These add the two ways out:
/// the raw bytes, and the escaped text of `PathEscaping` for messages and saved layouts.
extension FilePath {
    /// A path from its bytes; `nil` when they are empty or hold a NUL (no file is named so).
    public init?(bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty, !bytes.contains(0) else { return nil }
        self.init(platformString: bytes.map { CChar(bitPattern: $0) } + [0])
    }

    /// A path from escaped text (see `PathEscaping`); `nil` when the escapes are malformed.
    public init?(escaped text: String) {
        guard let bytes = PathEscaping.unescape(text) else { return nil }
        self.init(bytes: bytes)
    }

    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8] {
        withPlatformString { pointer in
            UnsafeRawBufferPointer(start: pointer, count: length).map { $0 }
        }
    }

    /// The path for a message: UTF-8 as is, other bytes and control characters as `\xNN`, a
    /// backslash as `\\` — never U+FFFD.
    public var escaped: String { PathEscaping.escape(bytes) }

    /// Whether the path is valid UTF-8 (saved layouts store such paths as plain strings).
    public var isValidUTF8: Bool { PathEscaping.isValidUTF8(bytes) }
}

extension FilePath.Component {
    /// A name from its bytes; `nil` when they are empty, hold a NUL or a `/`, or are `.`/`..`
    /// (no file in a folder is named so).
    public init?(bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty, !bytes.contains(0) else { return nil }
        self.init(platformString: bytes.map { CChar(bitPattern: $0) } + [0])
        guard kind == .regular else { return nil }
    }

    /// The component's bytes.
    public var bytes: [UInt8] {
        withPlatformString { pointer in
            var count = 0
            while pointer[count] != 0 { count += 1 }
            return UnsafeRawBufferPointer(start: pointer, count: count).map { $0 }
        }
    }
}
