/// ISO base media file format boxes (ISO/IEC 14496-12, 4.2), read header by header.
struct ISOBoxes {
    let bytes: EmbeddedColour.ByteReader

    /// The boxes one after another from `start` to `end`: each type and the range of its body.
    /// Stops at a box whose size does not fit.
    func children(from start: Int, to end: Int) -> [(type: String, body: Range<Int>)] {
        var found: [(String, Range<Int>)] = []
        var offset = start
        for _ in 0..<EmbeddedOrientation.maximumBlocks where offset + 8 <= end {
            let header = bytes(offset, 16)
            guard header.count >= 8 else { break }
            var size = EmbeddedColour.bigEndian(header[0..<4]), headerSize = 8
            if size == 1, header.count == 16 {
                size = EmbeddedColour.bigEndian(header[8..<16])
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
}
