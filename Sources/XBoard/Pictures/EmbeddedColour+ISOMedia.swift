extension EmbeddedColour {
    /// The most bytes of an `ipma` box read (a grid of a thousand tiles needs a few KiB).
    static let maximumAssociationBytes = 1 << 20

    /// HEIF and AVIF: the `colr` properties (ISO/IEC 23008-12, 6.5.5) of the primary item (`pitm`),
    /// found through the item property associations (`ipma`); an ICC profile (`prof`, `rICC`)
    /// before code points (`nclx`). When the primary item has none — a grid whose tiles carry
    /// them — the first of the file's `colr` properties count, as libheif takes a grid's profile
    /// from its tiles.
    static func fromISOMedia(_ bytes: ByteReader) -> Result<StatedColour, ColourProblem> {
        withoutActuallyEscaping(bytes) { fromISOMedia(escaping: $0) }
    }

    private static func fromISOMedia(escaping bytes: @escaping ByteReader) -> Result<StatedColour, ColourProblem> {
        let boxes = ISOBoxes(bytes: bytes)
        guard let meta = boxes.children(from: 0, to: Int(Int32.max)).first(where: { $0.type == "meta" }) else { return .success(.sRGB) }
        let metaChildren = boxes.children(from: meta.body.lowerBound + 4, to: meta.body.upperBound)  // a full box
        guard let iprp = metaChildren.first(where: { $0.type == "iprp" }) else { return .success(.sRGB) }
        let iprpChildren = boxes.children(from: iprp.body.lowerBound, to: iprp.body.upperBound)
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }) else { return .success(.sRGB) }
        let properties = boxes.children(from: ipco.body.lowerBound, to: ipco.body.upperBound)
        // Property indices count from 1; `colr` boxes by index.
        let colours = properties.indices.filter { properties[$0].type == "colr" }.map { (index: $0 + 1, body: properties[$0].body) }
        guard !colours.isEmpty else { return .success(.sRGB) }
        var chosen = colours
        if let primary = metaChildren.first(where: { $0.type == "pitm" }).flatMap({ primaryItem(bytes, body: $0.body) }),
            let ipma = iprpChildren.first(where: { $0.type == "ipma" })
        {
            let associated = associations(bytes, body: ipma.body, of: primary)
            let ofPrimary = colours.filter { associated.contains($0.index) }
            if !ofPrimary.isEmpty { chosen = ofPrimary }
        }
        var codePoints: CodePoints?
        for colour in chosen {
            let head = bytes(colour.body.lowerBound, 11)
            guard head.count >= 4 else { return .failure(ColourProblem("its colr box is damaged")) }
            switch String(decoding: head[0..<4], as: UTF8.self) {
            case "prof", "rICC":
                let length = colour.body.count - 4
                guard length <= ICCProfileHeader.maximumSize else { return .failure(tooLarge(length)) }
                let profile = bytes(colour.body.lowerBound + 4, length)
                guard profile.count == length else { return .failure(damaged("the file ends inside its colr box")) }
                return .success(.iccProfile(profile))
            case "nclx" where codePoints == nil:
                guard head.count == 11, colour.body.count >= 11 else { return .failure(ColourProblem("its nclx colour box is damaged")) }
                codePoints = CodePoints(
                    primaries: bigEndian(head[4..<6]), transfer: bigEndian(head[6..<8]), matrix: bigEndian(head[8..<10]),
                    isFullRange: head[10] & 0x80 != 0)
            default:
                continue
            }
        }
        guard let codePoints else { return .success(.sRGB) }
        return stated(codePoints.model, by: "its nclx colour box (\(codePoints))")
    }

    /// `pitm`: a full box, then the item id (16 bits in version 0, 32 after).
    static func primaryItem(_ bytes: ByteReader, body: Range<Int>) -> Int? {
        let read = bytes(body.lowerBound, min(body.count, 8))
        guard read.count >= 6 else { return nil }
        if read[0] == 0 { return bigEndian(read[4..<6]) }
        return read.count >= 8 ? bigEndian(read[4..<8]) : nil
    }

    /// `ipma`: the property indices associated with `item`. A full box (flags bit 0: 15-bit
    /// indices), an entry count, then per entry the item id (16 bits in version 0, 32 after), a
    /// count and the associations, each an "essential" bit and the index.
    static func associations(_ bytes: ByteReader, body: Range<Int>, of item: Int) -> Set<Int> {
        let read = bytes(body.lowerBound, min(body.count, maximumAssociationBytes))
        guard read.count >= 8 else { return [] }
        let version = read[0], isWide = read[3] & 1 != 0
        let count = bigEndian(read[4..<8])
        var offset = 8
        for _ in 0..<count {
            let idSize = version < 1 ? 2 : 4
            guard offset + idSize + 1 <= read.count else { return [] }
            let id = bigEndian(read[offset..<(offset + idSize)])
            let associationCount = Int(read[offset + idSize])
            offset += idSize + 1
            let size = isWide ? 2 : 1
            guard offset + associationCount * size <= read.count else { return [] }
            if id == item {
                return Set(
                    (0..<associationCount).map { index in
                        let value = bigEndian(read[(offset + index * size)..<(offset + index * size + size)])
                        return value & (isWide ? 0x7FFF : 0x7F)
                    })
            }
            offset += associationCount * size
        }
        return []
    }
}
