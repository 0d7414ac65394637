import SystemPackage

/// Orders file names as a file manager does: case-insensitively, with runs of digits compared
/// as numbers (`IMG_2` before `IMG_10`); names whose text is the same (bytes that are not UTF-8
/// shown alike) by their bytes.
public enum NameOrder {
    public static func isOrderedBefore(_ a: FilePath.Component, _ b: FilePath.Component) -> Bool { isOrderedBefore(a.bytes, b.bytes) }

    /// The same, for names as bytes.
    public static func isOrderedBefore(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let left = String(decoding: a, as: UTF8.self), right = String(decoding: b, as: UTF8.self)
        if left.localizedStandardLess(right) { return true }
        if right.localizedStandardLess(left) { return false }
        return a.lexicographicallyPrecedes(b)
    }

    /// A name's place in the order, worked out once, to sort thousands of names without
    /// converting and lower-casing them at every comparison.
    public struct Key: Comparable, Sendable {
        enum Part: Equatable, Sendable {
            /// A run of digits: its first digit, and its significant digits (leading zeros
            /// dropped), compared by length, then by value.
            case number(first: UInt32, digits: [UInt32])
            case character(UInt32)

            /// As `localizedStandardLess` compares them: numbers by value, else the characters.
            static func < (lhs: Part, rhs: Part) -> Bool {
                switch (lhs, rhs) {
                case (.number(_, let left), .number(_, let right)):
                    if left.count != right.count { return left.count < right.count }
                    return left.lexicographicallyPrecedes(right)
                case (.character(let left), .character(let right)): return left < right
                case (.number(let first, _), .character(let character)): return first < character
                case (.character(let character), .number(let first, _)): return character < first
                }
            }
        }

        let parts: [Part]
        /// The name's own text and bytes, for ties (as `isOrderedBefore`).
        let text: String
        let bytes: [UInt8]

        public init(_ name: [UInt8]) {
            bytes = name
            text = String(decoding: name, as: UTF8.self)
            var parts: [Part] = []
            var digits: [UInt32] = []
            func flush() {
                guard !digits.isEmpty else { return }
                let significant = Array(digits.drop { $0 == 0x30 })
                parts.append(.number(first: digits[0], digits: significant))
                digits = []
            }
            for scalar in text.lowercased().unicodeScalars {
                if scalar.properties.numericType != nil {
                    digits.append(scalar.value)
                } else {
                    flush()
                    parts.append(.character(scalar.value))
                }
            }
            flush()
            self.parts = parts
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            // The first part that differs as the order sees it decides (numbers by value) —
            // compared in place: tidying ten thousand photos by name compares keys ~200,000 times.
            for (left, right) in zip(lhs.parts, rhs.parts) {
                switch (left, right) {
                case (.character(let a), .character(let b)) where a != b: return a < b
                case (.number(_, let a), .number(_, let b)) where a != b: return left < right
                case (.number, .character), (.character, .number): return left < right
                default: continue
                }
            }
            if lhs.parts.count != rhs.parts.count { return lhs.parts.count < rhs.parts.count }
            if lhs.text != rhs.text { return lhs.text < rhs.text }
            return lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
        }

        public static func == (lhs: Key, rhs: Key) -> Bool { lhs.bytes == rhs.bytes }
    }

    /// Whether the file at `a` comes before the one at `b` by name (the folder left out), then
    /// by the whole path.
    public static func isOrderedBefore(_ a: FilePath, _ b: FilePath) -> Bool {
        guard let leftName = a.lastComponent, let rightName = b.lastComponent, leftName != rightName else {
            return a.string.localizedStandardLess(b.string)
        }
        return isOrderedBefore(leftName, rightName)
    }
}

extension String {
    /// Orders names as a file manager does: case-insensitively, with runs of digits compared
    /// as numbers ("IMG_2" before "IMG_10").
    public func localizedStandardLess(_ other: String) -> Bool {
        var left = lowercased().unicodeScalars[...], right = other.lowercased().unicodeScalars[...]
        while let a = left.first, let b = right.first {
            if a.properties.numericType != nil, b.properties.numericType != nil {
                let leftDigits = left.prefix { $0.properties.numericType != nil }
                let rightDigits = right.prefix { $0.properties.numericType != nil }
                let leftNumber = String(String.UnicodeScalarView(leftDigits)).drop { $0 == "0" }
                let rightNumber = String(String.UnicodeScalarView(rightDigits)).drop { $0 == "0" }
                if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count }
                if leftNumber != rightNumber { return leftNumber < rightNumber }
                left = left.dropFirst(leftDigits.count)
                right = right.dropFirst(rightDigits.count)
            } else {
                if a != b { return a.value < b.value }
                left = left.dropFirst()
                right = right.dropFirst()
            }
        }
        if left.isEmpty != right.isEmpty { return left.isEmpty }
        return self < other
    }
}
