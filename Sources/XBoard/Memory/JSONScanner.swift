/// A strict JSON scanner over bytes that says where a value ends, or the first byte where it
/// stops being JSON: what reading a damaged board file needs to tell the intact entries from
/// the damaged one (`BoardFile.salvage`). It only checks and measures; values are decoded by
/// `JSONDecoder` from the spans it finds.
///
/// The grammar is RFC 8259's: strings without raw control bytes and with valid escapes, numbers
/// as `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?` (so `NaN`, `Infinity`, `01` and `1.` are
/// damage), `true`, `false`, `null`. Nesting deeper than `depthLimit` counts as damage, so a
/// hostile file cannot exhaust the stack.
struct JSONScanner {
    let bytes: [UInt8]
    /// The deepest nesting accepted.
    static let depthLimit = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Steps `index` past spaces, tabs and line ends.
    func skipWhitespace(_ index: inout Int) {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Whether `index` is at `byte` (after nothing else).
    func isAt(_ byte: UInt8, _ index: Int) -> Bool { index < bytes.count && bytes[index] == byte }

    /// Steps over one JSON value starting at `index`: true with `index` just past it, or false
    /// with `index` at the first byte that is not JSON (`bytes.count` when the value is cut off).
    func scanValue(_ index: inout Int, depth: Int = 0) -> Bool {
        guard index < bytes.count, depth < Self.depthLimit else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return scanContainer(&index, close: UInt8(ascii: "}"), keyed: true, depth: depth)
        case UInt8(ascii: "["): return scanContainer(&index, close: UInt8(ascii: "]"), keyed: false, depth: depth)
        case UInt8(ascii: "\""): return scanString(&index)
        case UInt8(ascii: "t"): return scanLiteral(&index, "true")
        case UInt8(ascii: "f"): return scanLiteral(&index, "false")
        case UInt8(ascii: "n"): return scanLiteral(&index, "null")
        default: return scanNumber(&index)
        }
    }

    private func scanContainer(_ index: inout Int, close: UInt8, keyed: Bool, depth: Int) -> Bool {
        index += 1
        skipWhitespace(&index)
        if isAt(close, index) {
            index += 1
            return true
        }
        while true {
            if keyed {
                guard isAt(UInt8(ascii: "\""), index), scanString(&index) else { return false }
                skipWhitespace(&index)
                guard isAt(UInt8(ascii: ":"), index) else { return false }
                index += 1
                skipWhitespace(&index)
            }
            guard scanValue(&index, depth: depth + 1) else { return false }
            skipWhitespace(&index)
            if isAt(close, index) {
                index += 1
                return true
            }
            guard isAt(UInt8(ascii: ","), index) else { return false }
            index += 1
            skipWhitespace(&index)
        }
    }

    /// Steps over a string (at its opening quote).
    func scanString(_ index: inout Int) -> Bool {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        index += 1
                        guard index < bytes.count, Self.isHexDigit(bytes[index]) else { return false }
                    }
                } else if !Array("\"\\/bfnrt".utf8).contains(bytes[index]) {
                    return false
                }
                index += 1
            case 0..<0x20: return false
            default: index += 1
            }
        }
        return false
    }

    private func scanLiteral(_ index: inout Int, _ word: String) -> Bool {
        for expected in word.utf8 {
            guard isAt(expected, index) else { return false }
            index += 1
        }
        return true
    }

    private func scanNumber(_ index: inout Int) -> Bool {
        if isAt(UInt8(ascii: "-"), index) { index += 1 }
        if isAt(UInt8(ascii: "0"), index) {
            index += 1
        } else {
            guard scanDigits(&index) else { return false }
        }
        if isAt(UInt8(ascii: "."), index) {
            index += 1
            guard scanDigits(&index) else { return false }
        }
        if isAt(UInt8(ascii: "e"), index) || isAt(UInt8(ascii: "E"), index) {
            index += 1
            if isAt(UInt8(ascii: "+"), index) || isAt(UInt8(ascii: "-"), index) { index += 1 }
            guard scanDigits(&index) else { return false }
        }
        // A number runs up to a delimiter: "12x" is damage at the x, not 12 then x.
        return index >= bytes.count || Array(" \t\r\n,]}".utf8).contains(bytes[index])
    }

    /// Steps over one or more decimal digits.
    private func scanDigits(_ index: inout Int) -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// The first index at or after `start` where `pattern` begins, if any.
    func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var index = max(0, start)
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
