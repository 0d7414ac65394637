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
