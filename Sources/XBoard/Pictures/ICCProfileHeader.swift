/// The header and tag table of an ICC profile (ICC.1:2010, section 7), checked before Little CMS
/// is given the profile: the bytes must be what they say they are, so what reaches the library is
/// at least a well-formed profile of a kind a picture or a display can have.
///
/// Checked: the size (at least the header and tag count, at most `maximumSize`, no more than the
/// bytes hold — trailing padding is cut off), the `acsp` signature, a major version of 2 or 4
/// (iccMAX's 5 is another format), the device class (input, display, output or colour space;
/// device links, abstract and named-colour profiles describe no picture), and every tag inside
/// the profile.
public struct ICCProfileHeader: Hashable, Sendable {
    /// The most bytes a profile may have: far above any real one (sRGB is 3 KB, a display
    /// profile with calibration tables a few hundred, a press CMYK profile 2 MB).
    public static let maximumSize = 4 << 20
    /// The most tags a profile may list (real ones have under 50).
    public static let maximumTags = 1000

    public enum ColourSpace: Hashable, Sendable, CustomStringConvertible {
        case rgb
        case grey
        case cmyk
        /// Any other data colour space, by its signature ("Lab ", "YCbr").
        case other(String)

        public var description: String {
            switch self {
            case .rgb: "RGB"
            case .grey: "grey"
            case .cmyk: "CMYK"
            case .other(let signature): signature.trimmingTrailingSpaces
            }
        }
    }

    /// The profile's own size, from its first four bytes.
    public var size: Int
    public var majorVersion: Int
    /// "mntr", "scnr", "prtr" or "spac".
    public var deviceClass: String
    public var colourSpace: ColourSpace

    /// Reads and checks the header of `bytes`; the profile is `bytes.prefix(size)`.
    public init(validating bytes: [UInt8]) throws(ColourProblem) {
        func damaged(_ what: String) -> ColourProblem { ColourProblem("its ICC profile is damaged (\(what))") }
        guard bytes.count <= Self.maximumSize else {
            throw ColourProblem("its ICC profile is \(bytes.count) bytes, over the \(Self.maximumSize >> 20) MiB limit")
        }
        guard bytes.count >= 132 else { throw damaged("\(bytes.count) bytes, shorter than a profile header") }
        func u32(_ offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        func signature(_ offset: Int) -> String { String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self) }
        size = u32(0)
        guard bytes[36..<40].elementsEqual("acsp".utf8) else { throw damaged("no acsp signature") }
        guard size >= 132 else { throw damaged("it declares a size of \(size) bytes") }
        guard size <= bytes.count else { throw damaged("cut short: it declares \(size) bytes and holds \(bytes.count)") }
        majorVersion = Int(bytes[8])
        guard majorVersion == 2 || majorVersion == 4 else {
            throw ColourProblem("its ICC profile is of version \(majorVersion), which the board does not read")
        }
        deviceClass = signature(12)
        switch deviceClass {
        case "scnr", "mntr", "prtr", "spac": break
        case "link": throw ColourProblem("its ICC profile is a device link, which describes no picture")
        case "abst": throw ColourProblem("its ICC profile is an abstract profile, which describes no picture")
        case "nmcl": throw ColourProblem("its ICC profile is a named-colour profile, which describes no picture")
        default: throw damaged("device class \(PathEscaping.escape(Array(bytes[12..<16])))")
        }
        switch signature(16) {
        case "RGB ": colourSpace = .rgb
        case "GRAY": colourSpace = .grey
        case "CMYK": colourSpace = .cmyk
        default: colourSpace = .other(PathEscaping.escape(Array(bytes[16..<20])))
        }
        guard ["XYZ ", "Lab "].contains(signature(20)) else {
            throw damaged("connection space \(PathEscaping.escape(Array(bytes[20..<24])))")
        }
        let count = u32(128)
        guard count >= 1, count <= Self.maximumTags, 132 + count * 12 <= size else { throw damaged("a table of \(count) tags") }
        for index in 0..<count {
            let entry = 132 + index * 12
            let offset = u32(entry + 4), length = u32(entry + 8)
            guard offset >= 132, length >= 8, offset <= size, length <= size - offset else {
                throw damaged("tag \(index + 1) of \(count) lies outside it")
            }
        }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
