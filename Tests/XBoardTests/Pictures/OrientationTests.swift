import Testing

@testable import XBoard

@Suite struct OrientationTests {
    @Test func eachValueSendsTheStoredCornersWhereAPersonExpects() throws {
        // A 4×3 picture; where does the stored top-left pixel end up, and how big is it upright?
        let expected: [Orientation: (x: Int, y: Int, width: Int, height: Int)] = [
            .identity: (0, 0, 4, 3), .mirroredHorizontally: (3, 0, 4, 3), .rotated180: (3, 2, 4, 3), .mirroredVertically: (0, 2, 4, 3),
            .transposed: (0, 0, 3, 4), .rotatedClockwise: (2, 0, 3, 4), .transversed: (2, 3, 3, 4), .rotatedCounterclockwise: (0, 3, 3, 4),
        ]
        for orientation in Orientation.allCases {
            let want = try #require(expected[orientation])
            let at = orientation.uprightLocation(x: 0, y: 0, width: 4, height: 3)
            let size = orientation.uprightSize(width: 4, height: 3)
            #expect(at == (want.x, want.y) && size == (want.width, want.height), "\(orientation): \(at), \(size)")
            #expect(orientation.swapsAxes == (orientation.exifValue >= 5))
            #expect(Orientation(exifValue: orientation.exifValue) == orientation)
        }
        #expect(Orientation(exifValue: 0) == nil && Orientation(exifValue: 9) == nil)
    }

    @Test func everyPixelLandsOnAPixelAndNoTwoOnTheSame() {
        for orientation in Orientation.allCases {
            let size = orientation.uprightSize(width: 5, height: 2)
            var seen = Set<[Int]>()
            for y in 0..<2 {
                for x in 0..<5 {
                    let to = orientation.uprightLocation(x: x, y: y, width: 5, height: 2)
                    #expect((0..<size.width).contains(to.x) && (0..<size.height).contains(to.y), "\(orientation) (\(x),\(y)) → \(to)")
                    seen.insert([to.x, to.y])
                }
            }
            #expect(seen.count == 10)
        }
    }

    @Test(arguments: Orientation.allCases, Orientation.allCases)
    func composingMatchesApplyingOneAfterTheOther(_ second: Orientation, _ first: Orientation) {
        let (width, height) = (5, 3)
        let middle = first.uprightSize(width: width, height: height)
        for (x, y) in [(0, 0), (4, 0), (1, 2), (3, 1)] {
            let once = first.uprightLocation(x: x, y: y, width: width, height: height)
            let twice = second.uprightLocation(x: once.x, y: once.y, width: middle.width, height: middle.height)
            #expect(second.after(first).uprightLocation(x: x, y: y, width: width, height: height) == twice)
        }
        #expect(first.after(first.inverse) == .identity && first.inverse.after(first) == .identity)
    }
}

/// Orientation from the file's own bytes, container by container, built byte by byte here.
@Suite struct EmbeddedOrientationTests {
    /// A TIFF structure whose first IFD holds an unrelated tag, then Orientation = `value`.
    static func tiffStructure(_ value: Int, littleEndian: Bool, type: Int = 3) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        let header = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + u16(42) + u32(8)
        let software = u16(305) + u16(2) + u32(4) + Array("abc\0".utf8)
        let orientation = u16(274) + u16(type) + u32(1) + (type == 3 ? u16(value) + u16(0) : u32(value))
        return header + u16(2) + software + orientation + u32(0)
    }

    static func jpeg(exif: [UInt8]?, before: [[UInt8]] = []) -> [UInt8] {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        var bytes: [UInt8] = [0xFF, 0xD8] + segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
        for body in before { bytes += segment(0xE1, body) }
        if let exif { bytes += segment(0xE1, Array("Exif".utf8) + [0, 0] + exif) }
        return bytes + segment(0xDB, [UInt8](repeating: 1, count: 65)) + [0xFF, 0xDA, 0, 2, 0x12, 0x34, 0xFF, 0xD9]
    }

    static func png(exif: [UInt8]?, afterData: Bool = false) -> [UInt8] {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let n = body.count
            return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array(type.utf8) + body + [0, 0, 0, 0]
        }
        let exifChunk = exif.map { chunk("eXIf", $0) } ?? []
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
            + (afterData ? [] : exifChunk) + chunk("IDAT", [1, 2, 3]) + (afterData ? exifChunk : []) + chunk("IEND", [])
    }

    static func webp(exif: [UInt8]?) -> [UInt8] {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let n = body.count
            return Array(type.utf8) + [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)] + body
                + (n % 2 == 1 ? [0] : [])
        }
        let body =
            Array("WEBP".utf8) + chunk("VP8X", [0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + chunk("VP8L", [0x2F, 0, 0, 0, 0])
            + (exif.map { chunk("EXIF", $0) } ?? [])
        let n = body.count
        return Array("RIFF".utf8) + [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)] + body
    }

    @Test(arguments: Orientation.allCases)
    func everyContainerStatesEveryValue(_ orientation: Orientation) {
        let value = orientation.exifValue
        for littleEndian in [true, false] {
            let exif = Self.tiffStructure(value, littleEndian: littleEndian)
            let files: [(String, [UInt8])] = [
                ("JPEG", Self.jpeg(exif: exif)),
                ("JPEG after an XMP APP1", Self.jpeg(exif: exif, before: [Array("http://ns.adobe.com/xap/1.0/\0<x/>".utf8)])),
                ("PNG", Self.png(exif: exif)),
                ("PNG, eXIf with an Exif header", Self.png(exif: Array("Exif".utf8) + [0, 0] + exif)),
                ("PNG, eXIf after the data", Self.png(exif: exif, afterData: true)),
                ("WebP", Self.webp(exif: exif)),
                ("WebP, odd-sized EXIF", Self.webp(exif: exif + [7])),
                ("TIFF", exif + [0, 0, 0, 0]),
                ("TIFF, Orientation as a LONG", Self.tiffStructure(value, littleEndian: littleEndian, type: 4)),
            ]
            for (name, file) in files {
                #expect(EmbeddedOrientation.read(from: file) == orientation, "\(name), \(littleEndian ? "II" : "MM")")
            }
        }
    }

    @Test func filesThatStateNothingOrNonsenseHaveNoOrientation() {
        let seven = Self.tiffStructure(7, littleEndian: true)
        let files: [(String, [UInt8])] = [
            ("JPEG without EXIF", Self.jpeg(exif: nil)),
            ("PNG without eXIf", Self.png(exif: nil)),
            ("WebP without EXIF", Self.webp(exif: nil)),
            ("orientation 0", Self.jpeg(exif: Self.tiffStructure(0, littleEndian: true))),
            ("orientation 9", Self.png(exif: Self.tiffStructure(9, littleEndian: false))),
            ("orientation as ASCII", Self.jpeg(exif: Self.tiffStructure(6, littleEndian: true, type: 2))),
            ("a TIFF structure cut short", Self.jpeg(exif: Array(seven.prefix(20)))),
            ("an IFD offset past the end", Self.jpeg(exif: Array(seven.prefix(4)) + [0xF0, 0xFF, 0, 0] + Array(seven.dropFirst(8)))),
            (
                "HEIF with EXIF (its irot/imir decide)",
                [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + seven
            ),
            ("empty", []),
        ]
        for (name, file) in files { #expect(EmbeddedOrientation.read(from: file) == nil, "\(name)") }
    }

    @Test func damagedFilesNeverTrapAndNeverReadOutOfBounds() {
        var random = SeededRandom(seed: 11)
        let seeds = [
            Self.jpeg(exif: Self.tiffStructure(6, littleEndian: true)), Self.png(exif: Self.tiffStructure(3, littleEndian: false)),
            Self.webp(exif: Self.tiffStructure(8, littleEndian: true)), Self.tiffStructure(5, littleEndian: false),
        ]
        for seed in seeds {
            for _ in 0..<2000 {
                var bytes = seed
                for _ in 0...(random.next() % 4) {
                    let at = Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 3 {
                    case 0: bytes[at] ^= UInt8(1 << (random.next() % 8))
                    case 1: bytes[at] = [0x00, 0xFF, 0x7F, 0x80][Int(random.next() % 4)]
                    default: bytes = Array(bytes.prefix(at))
                    }
                    if bytes.isEmpty { break }
                }
                var reads: [(Int, Int)] = []
                let reader: EmbeddedOrientation.ByteReader = { offset, count in
                    reads.append((offset, count))
                    return EmbeddedOrientation.reader(over: bytes)(offset, count)
                }
                _ = EmbeddedOrientation.read(EmbeddedOrientation.Container(head: Array(bytes.prefix(16))), from: reader)
                #expect(reads.count < 10_000)
            }
        }
    }
}
