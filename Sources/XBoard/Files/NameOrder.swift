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
        /// The name's parts in one flat array, compared in place (tidying ten thousand photos
        /// by name compares keys ~200,000 times; parts as enums of arrays retained and released
        /// an array at each): a character is its scalar; a run of digits is `numberTag | first
        /// digit`, the count of its significant digits (leading zeros dropped), then those digits.
        let parts: [UInt32]
        /// How many parts (characters and numbers) the name has.
        let partCount: Int
        /// The name's own text and bytes, for ties (as `isOrderedBefore`).
        let text: String
        let bytes: [UInt8]

        /// Scalars are at most 0x10FFFF: this bit marks a number's first word.
        static let numberTag: UInt32 = 1 << 31

        public init(_ name: [UInt8]) {
            bytes = name
            text = String(decoding: name, as: UTF8.self)
            var parts: [UInt32] = []
            parts.reserveCapacity(name.count + 4)
            var count = 0
            var digits: [UInt32] = []
            func flush() {
                guard !digits.isEmpty else { return }
                let significant = digits.drop { $0 == 0x30 }
                parts.append(Self.numberTag | digits[0])
                parts.append(UInt32(significant.count))
                parts.append(contentsOf: significant)
                count += 1
                digits.removeAll(keepingCapacity: true)
            }
            for scalar in text.lowercased().unicodeScalars {
                if scalar.properties.numericType != nil {
                    digits.append(scalar.value)
                } else {
                    flush()
                    parts.append(scalar.value)
                    count += 1
                }
            }
            flush()
            self.parts = parts
            partCount = count
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            // The first part that differs as the order sees it decides: numbers by their count of
            // significant digits, then those digits; a number and a character by its first digit.
            lhs.parts.withUnsafeBufferPointer { left in
                rhs.parts.withUnsafeBufferPointer { right in
                    var i = 0, j = 0
                    while i < left.count, j < right.count {
                        let a = left[i], b = right[j]
                        let aIsNumber = a & numberTag != 0, bIsNumber = b & numberTag != 0
                        switch (aIsNumber, bIsNumber) {
                        case (false, false):
                            if a != b { return a < b }
                            i += 1
                            j += 1
                        case (true, true):
                            let aCount = Int(left[i + 1]), bCount = Int(right[j + 1])
                            if aCount != bCount { return aCount < bCount }
                            for k in 0..<aCount where left[i + 2 + k] != right[j + 2 + k] { return left[i + 2 + k] < right[j + 2 + k] }
                            i += 2 + aCount
                            j += 2 + bCount
                        default:
                            // A number's first digit is never a character (digits go to numbers).
                            return a & ~numberTag < b & ~numberTag
                        }
                    }
                    if lhs.partCount != rhs.partCount { return lhs.partCount < rhs.partCount }
                    if lhs.text != rhs.text { return lhs.text < rhs.text }
                    return lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
                }
            }
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
