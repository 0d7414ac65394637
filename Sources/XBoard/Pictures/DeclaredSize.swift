/// The size a picture file declares in its header, read without decoding anything, for the
/// formats whose loaders do real work just to say their size.
///
/// gdk-pixbuf's WebP loader builds the whole animation canvas to answer
/// `gdk_pixbuf_get_file_info` (a 3-byte canvas width of 8,421,505 kept it busy 20 s), and the
/// HEIF/AVIF loader decodes the image; so the board reads these headers itself and refuses a
/// decompression bomb before any loader sees it. Other formats' loaders read only their header.
public enum DeclaredSize {
    /// Width and height in pixels as declared; `nil` when the header does not say (or is not one
    /// of WebP, HEIF, AVIF).
    public static func read(_ container: EmbeddedOrientation.Container, from bytes: EmbeddedOrientation.ByteReader) -> (
        width: Int, height: Int
    )? {
        switch container {
        case .webp: webp(bytes)
        case .isoMedia: isoMedia(bytes)
        default: nil
        }
    }

    /// WebP: the extended header's canvas, or the first frame's VP8L or VP8 header.
    static func webp(_ bytes: EmbeddedOrientation.ByteReader) -> (width: Int, height: Int)? {
        let header = bytes(12, 30)
        guard header.count >= 13 else { return nil }
        func le(_ offset: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(header[offset + $1]) << (8 * $1) } }
        switch String(decoding: header[0..<4], as: UTF8.self) {
        case "VP8X" where header.count >= 18:
            return (le(12, 3) + 1, le(15, 3) + 1)
        case "VP8L" where header.count >= 13 && header[8] == 0x2F:
            let bits = le(9, 4)
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8 " where header.count >= 18:
            return (le(14, 2) & 0x3FFF, le(16, 2) & 0x3FFF)
        default:
            return nil
        }
    }

    /// HEIF/AVIF: the largest `ispe` (image spatial extents) property in the meta box — the
    /// primary image's, or a grid's, which is larger than its tiles.
    static func isoMedia(_ bytes: EmbeddedOrientation.ByteReader) -> (width: Int, height: Int)? {
        // Walk top-level boxes to `meta`, then meta → iprp → ipco, reading only headers.
        func boxes(from start: Int, to end: Int) -> [(type: String, body: Range<Int>)] {
            var found: [(String, Range<Int>)] = []
            var offset = start
            for _ in 0..<EmbeddedOrientation.maximumBlocks where offset + 8 <= end {
                let header = bytes(offset, 16)
                guard header.count >= 8 else { break }
                var size = header[0..<4].reduce(0) { $0 << 8 | Int($1) }, headerSize = 8
                if size == 1, header.count == 16 {
                    size = header[8..<16].reduce(0) { $0 << 8 | Int($1) }
                    headerSize = 16
                } else if size == 0 {
                    size = end - offset
                }
                guard size >= headerSize, size <= end - offset else { break }
                found.append((String(decoding: header[4..<8], as: UTF8.self), (offset + headerSize)..<(offset + size)))
                offset += size
            }
            return found
        }
        guard let meta = boxes(from: 0, to: Int(Int32.max)).first(where: { $0.type == "meta" }),
            let iprp = boxes(from: meta.body.lowerBound + 4, to: meta.body.upperBound).first(where: { $0.type == "iprp" }),
            let ipco = boxes(from: iprp.body.lowerBound, to: iprp.body.upperBound).first(where: { $0.type == "ipco" })
        else { return nil }
        var largest: (width: Int, height: Int)?
        for property in boxes(from: ipco.body.lowerBound, to: ipco.body.upperBound) where property.type == "ispe" {
            let body = bytes(property.body.lowerBound, 12)
            guard body.count == 12 else { continue }
            let width = body[4..<8].reduce(0) { $0 << 8 | Int($1) }, height = body[8..<12].reduce(0) { $0 << 8 | Int($1) }
            if width * height > (largest.map { $0.width * $0.height } ?? -1) { largest = (width, height) }
        }
        return largest
    }
}
