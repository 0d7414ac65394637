/// The orientation a picture file states about itself, read from its bytes: the EXIF
/// Orientation (tag 274) of a JPEG's APP1 segment, a TIFF's first IFD, a PNG's eXIf chunk or a
/// WebP's EXIF chunk.
///
/// HEIF and AVIF say it with their own `irot` and `imir` properties, which their decoders apply;
/// their EXIF orientation is informative only (HEIF, ISO/IEC 23008-12, 6.5.10 and libheif's
/// encoder, which writes both), so it is not read here. Every offset and length in the file is
/// checked against what was read; a damaged or absent tag means "no orientation".
public enum EmbeddedOrientation {
    /// Random access to a file: up to `count` bytes from `offset` (fewer at the end of the file).
    public typealias ByteReader = (_ offset: Int, _ count: Int) -> [UInt8]

    /// The containers whose orientation is read, told apart by their first bytes.
    public enum Container: Hashable, Sendable {
        case jpeg
        case png
        case tiff
        case webp
        /// HEIF, HEIC, AVIF: orientation is applied by their decoders.
        case isoMedia
        case other

        /// Recognizes a container from the file's first 12 or more bytes.
        public init(head: [UInt8]) {
            func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
                head.count >= offset + prefix.count && Array(head[offset..<(offset + prefix.count)]) == prefix
            }
            if starts([0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if starts(Array("II".utf8) + [42, 0]) || starts(Array("MM".utf8) + [0, 42]) {
                self = .tiff
            } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
                self = .webp
            } else if starts(Array("ftyp".utf8), at: 4) {
                self = .isoMedia
            } else {
                self = .other
            }
        }
    }

    /// The orientation the file states, or `nil` when it states none (or it cannot be read).
    public static func read(_ container: Container, from bytes: ByteReader) -> Orientation? {
        switch container {
        case .jpeg: fromJPEG(bytes)
        case .png: fromPNG(bytes)
        case .tiff: fromTIFF(bytes, base: 0, limit: .max)
        case .webp: fromWebP(bytes)
        case .isoMedia, .other: nil
        }
    }

    /// The same, from bytes in memory.
    public static func read(from file: [UInt8]) -> Orientation? {
        read(Container(head: Array(file.prefix(16))), from: reader(over: file))
    }

    /// A reader over bytes in memory.
    public static func reader(over file: [UInt8]) -> ByteReader {
        { offset, count in
            guard offset >= 0, offset < file.count, count > 0 else { return [] }
            return Array(file[offset..<min(file.count, offset + min(count, file.count - offset))])
        }
    }

    static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    /// Far more segments or chunks than any real file has: a bound on the walk.
    static let maximumBlocks = 100_000

    /// JPEG: markers from SOI up to the first scan; the first APP1 holding "Exif\0\0" and a TIFF
    /// structure.
    static func fromJPEG(_ bytes: ByteReader) -> Orientation? {
        var offset = 2
        for _ in 0..<maximumBlocks {
            let marker = bytes(offset, 4)
            guard marker.count >= 2, marker[0] == 0xFF else { return nil }
            if marker[1] == 0xFF {  // fill byte before a marker
                offset += 1
                continue
            }
            let code = marker[1]
            if code == 0xD9 || code == 0xDA { return nil }  // end of image, start of scan: no EXIF before the data
            if code == 0x01 || (0xD0...0xD7).contains(code) {
                offset += 2
                continue
            }
            guard marker.count == 4 else { return nil }
            let length = Int(marker[2]) << 8 | Int(marker[3])
            guard length >= 2 else { return nil }
            if code == 0xE1, length >= 2 + exifHeader.count + 8, bytes(offset + 4, exifHeader.count) == exifHeader {
                let start = offset + 4 + exifHeader.count
                return fromTIFF(bytes, base: start, limit: offset + 2 + length - start)
            }
            offset += 2 + length
        }
        return nil
    }

    /// PNG: the eXIf chunk (a TIFF structure; some writers prefix "Exif\0\0", accepted too).
    static func fromPNG(_ bytes: ByteReader) -> Orientation? {
        var offset = 8
        for _ in 0..<maximumBlocks {
            let header = bytes(offset, 8)
            guard header.count == 8 else { return nil }
            let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            let type = Array(header[4..<8])
            if type == Array("IEND".utf8) { return nil }
            if type == Array("eXIf".utf8) { return fromExifPayload(bytes, start: offset + 8, length: length) }
            offset += 12 + length
        }
        return nil
    }

    /// WebP: the EXIF chunk of an extended (VP8X) file, anywhere among its chunks.
    static func fromWebP(_ bytes: ByteReader) -> Orientation? {
        let riff = bytes(4, 4)
        guard riff.count == 4 else { return nil }
        let end = 8 + (Int(riff[0]) | Int(riff[1]) << 8 | Int(riff[2]) << 16 | Int(riff[3]) << 24)
        var offset = 12
        for _ in 0..<maximumBlocks where offset + 8 <= end {
            let header = bytes(offset, 8)
            guard header.count == 8 else { return nil }
            let length = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
            if Array(header[0..<4]) == Array("EXIF".utf8) { return fromExifPayload(bytes, start: offset + 8, length: length) }
            offset += 8 + length + (length & 1)
        }
        return nil
    }

    /// A chunk's EXIF payload: a TIFF structure, after an optional "Exif\0\0".
    private static func fromExifPayload(_ bytes: ByteReader, start: Int, length: Int) -> Orientation? {
        if length >= exifHeader.count, bytes(start, exifHeader.count) == exifHeader {
            return fromTIFF(bytes, base: start + exifHeader.count, limit: length - exifHeader.count)
        }
        return fromTIFF(bytes, base: start, limit: length)
    }

    /// A TIFF structure at `base` (offsets inside it are relative to `base`, and stay below
    /// `limit`): tag 274 of the first IFD, a SHORT (or, from sloppy writers, a LONG) of 1…8.
    static func fromTIFF(_ bytes: ByteReader, base: Int, limit: Int) -> Orientation? {
        let header = bytes(base, 8)
        guard header.count == 8, limit >= 8 else { return nil }
        let isLittleEndian: Bool
        switch (header[0], header[1], header[2], header[3]) {
        case (0x49, 0x49, 42, 0): isLittleEndian = true
        case (0x4D, 0x4D, 0, 42): isLittleEndian = false
        default: return nil
        }
        func number(_ slice: ArraySlice<UInt8>) -> Int {
            let ordered = isLittleEndian ? Array(slice.reversed()) : Array(slice)
            return ordered.reduce(0) { $0 << 8 | Int($1) }
        }
        let directory = number(header[4..<8])
        guard directory >= 8, directory <= limit - 2 else { return nil }
        let countBytes = bytes(base + directory, 2)
        guard countBytes.count == 2 else { return nil }
        let count = number(countBytes[0..<2])
        guard count > 0, directory + 2 + count * 12 <= limit else { return nil }
        let entries = bytes(base + directory + 2, count * 12)
        guard entries.count == count * 12 else { return nil }
        for index in 0..<count {
            let entry = entries[(index * 12)..<(index * 12 + 12)]
            let start = entry.startIndex
            guard number(entry[start..<(start + 2)]) == 274 else { continue }
            let type = number(entry[(start + 2)..<(start + 4)])
            let value: Int
            switch type {
            case 3: value = number(entry[(start + 8)..<(start + 10)])  // SHORT, left-justified in the value field
            case 4: value = number(entry[(start + 8)..<(start + 12)])  // LONG
            default: return nil
            }
            return Orientation(exifValue: value)
        }
        return nil
    }
}
