/// A file name's bytes as text that loses nothing: valid UTF-8 stays as it is, every other byte
/// becomes `\xNN`, and so do control characters (a newline in a name must not break "one line
/// per file"); a backslash itself becomes `\\`, so the notation reads back unambiguously.
///
/// Linux names are bytes, not text: `caf\xe9.png` (Latin-1 from an old disk) and `café.png` are
/// two files. Decoding with U+FFFD replacement would make them collide; this never does.
public enum PathEscaping {
    /// The escaped text of `bytes`.
    public static func escape<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var text = ""
        text.reserveCapacity(bytes.count)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var pending = Array(bytes)[...]
        func escapeBytes(_ count: Int) {
            for byte in pending.prefix(count) { text += "\\x" + hexDigits(byte) }
            pending = pending.dropFirst(count)
        }
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar == "\\" {
                    text += "\\\\"
                    pending = pending.dropFirst()
                } else if needsEscape(scalar) {
                    escapeBytes(encoded.count)
                } else {
                    text.unicodeScalars.append(scalar)
                    pending = pending.dropFirst(encoded.count)
                }
            case .error(let length):
                escapeBytes(length)
            case .emptyInput:
                return text
            }
        }
    }

    /// The bytes an escaped text stands for; `nil` when it holds a backslash that starts no
    /// escape (`\\` or `\x` and two hex digits).
    public static func unescape(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            switch iterator.next() {
            case UInt8(ascii: "\\"):
                bytes.append(byte)
            case UInt8(ascii: "x"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default:
                return nil
            }
        }
        return bytes
    }

    /// Whether the bytes are valid UTF-8 (then they are stored as plain text).
    public static func isValidUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .error: return false
            case .emptyInput: return true
            }
        }
    }

    /// C0 and C1 control characters and DEL: they would break or restyle a terminal line.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        return String(String.UnicodeScalarView([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
