import Foundation

/// Adds `irot` and `imir` properties to the primary item of a HEIF or AVIF file (ISO base media
/// boxes), the way phones store a portrait's turn — libheif 1.15's `heif-enc` does not write
/// them for its input's EXIF orientation, so the tests write them here.
///
/// The new properties are appended to `ipco` and associated (as essential) with the primary
/// item in `ipma`, after its existing properties, irot before imir (MIAF's order); the boxes
/// that contain them grow, and `iloc` file offsets past the `meta` box move by the same amount.
public enum HEIFTransforms {
    /// - Parameters:
    ///   - rotation: `irot` angle, in anticlockwise quarter turns (0…3).
    ///   - mirrorAxis: `imir` axis as libheif and libavif read it: 0 exchanges top and bottom,
    ///     1 left and right.
    public static func adding(rotation: Int?, mirrorAxis: Int?, to file: [UInt8]) throws -> [UInt8] {
        var properties: [[UInt8]] = []
        if let rotation { properties.append(box("irot", [UInt8(rotation & 3)])) }
        if let mirrorAxis { properties.append(box("imir", [UInt8(mirrorAxis & 1)])) }
        guard !properties.isEmpty else { return file }

        guard let meta = children(of: file, in: 0..<file.count).first(where: { $0.type == "meta" }) else {
            throw HarnessError("no meta box")
        }
        let metaChildren = children(of: file, in: (meta.body.lowerBound + 4)..<meta.body.upperBound)  // meta is a full box
        guard let pitm = metaChildren.first(where: { $0.type == "pitm" }), let iprp = metaChildren.first(where: { $0.type == "iprp" }),
            let iloc = metaChildren.first(where: { $0.type == "iloc" })
        else { throw HarnessError("meta lacks pitm, iprp or iloc") }
        let pitmVersion = file[pitm.body.lowerBound]
        let primary = number(file, at: pitm.body.lowerBound + 4, size: pitmVersion == 0 ? 2 : 4)
        let iprpChildren = children(of: file, in: iprp.body)
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }), let ipma = iprpChildren.first(where: { $0.type == "ipma" })
        else {
            throw HarnessError("iprp lacks ipco or ipma")
        }
        let existing = children(of: file, in: ipco.body).count
        let newIPCO = box("ipco", Array(file[ipco.body]) + properties.flatMap { $0 })
        let newIPMA = try rewrittenIPMA(file, ipma, primary: primary, adding: (0..<properties.count).map { existing + 1 + $0 })

        // Rebuild iprp with its children in order, the two boxes replaced.
        var iprpBody: [UInt8] = []
        for child in iprpChildren {
            iprpBody += child.type == "ipco" ? newIPCO : child.type == "ipma" ? newIPMA : Array(file[child.range])
        }
        let newIPRP = box("iprp", iprpBody)
        let growth = newIPRP.count - iprp.range.count
        var metaBody = Array(file[meta.body.lowerBound..<(meta.body.lowerBound + 4)])
        for child in metaChildren {
            if child.type == "iprp" {
                metaBody += newIPRP
            } else if child.type == "iloc" {
                metaBody += try shiftedILOC(file, iloc, by: growth, past: meta.range.upperBound)
            } else {
                metaBody += Array(file[child.range])
            }
        }
        return Array(file[..<meta.range.lowerBound]) + box("meta", metaBody) + Array(file[meta.range.upperBound...])
    }

    struct Box {
        var type: String
        var range: Range<Int>
        var body: Range<Int>
    }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = body.count + 8
        return [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
    }

    static func number(_ bytes: [UInt8], at offset: Int, size: Int) -> Int {
        (0..<size).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    static func bytes(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(value >> (8 * (size - 1 - $0)) & 0xFF) }
    }

    /// The boxes laid end to end in `range` (32-bit sizes; 64-bit and to-the-end sizes too).
    static func children(of bytes: [UInt8], in range: Range<Int>) -> [Box] {
        var boxes: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            var size = number(bytes, at: offset, size: 4), header = 8
            if size == 1 {
                size = number(bytes, at: offset + 8, size: 8)
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, offset + size <= range.upperBound else { break }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            boxes.append(Box(type: type, range: offset..<(offset + size), body: (offset + header)..<(offset + size)))
            offset += size
        }
        return boxes
    }

    /// `ipma` with `indices` (1-based, essential) appended to the primary item's associations.
    static func rewrittenIPMA(_ file: [UInt8], _ ipma: Box, primary: Int, adding indices: [Int]) throws -> [UInt8] {
        let version = Int(file[ipma.body.lowerBound]), flags = number(file, at: ipma.body.lowerBound + 1, size: 3)
        let idSize = version < 1 ? 2 : 4, indexSize = flags & 1 == 1 ? 2 : 1
        var offset = ipma.body.lowerBound + 4
        let count = number(file, at: offset, size: 4)
        offset += 4
        var body = Array(file[ipma.body.lowerBound..<(ipma.body.lowerBound + 8)])
        var found = false
        for _ in 0..<count {
            let item = number(file, at: offset, size: idSize)
            let associations = Int(file[offset + idSize])
            let existing = Array(file[(offset + idSize + 1)..<(offset + idSize + 1 + associations * indexSize)])
            offset += idSize + 1 + associations * indexSize
            var added: [UInt8] = []
            if item == primary {
                found = true
                let essential = indexSize == 2 ? 0x8000 : 0x80
                added = indices.flatMap { bytes(essential | $0, size: indexSize) }
            }
            body += bytes(item, size: idSize) + [UInt8(associations + indices.count * (item == primary ? 1 : 0))] + existing + added
        }
        guard found else { throw HarnessError("the primary item \(primary) has no ipma entry") }
        return box("ipma", body)
    }

    /// `iloc` with every file offset (construction method 0) at or past `boundary` moved by `growth`.
    static func shiftedILOC(_ file: [UInt8], _ iloc: Box, by growth: Int, past boundary: Int) throws -> [UInt8] {
        var body = Array(file[iloc.range])
        let start = iloc.body.lowerBound - iloc.range.lowerBound  // body offsets within `body`
        let version = Int(body[start])
        let sizes = Int(body[start + 4]), more = Int(body[start + 5])
        let offsetSize = sizes >> 4, lengthSize = sizes & 0xF, baseSize = more >> 4, indexSize = version >= 1 ? more & 0xF : 0
        var offset = start + 6
        let count = number(body, at: offset, size: version < 2 ? 2 : 4)
        offset += version < 2 ? 2 : 4
        func shift(at position: Int, size: Int) {
            guard size > 0 else { return }
            let value = number(body, at: position, size: size)
            if value >= boundary { body.replaceSubrange(position..<(position + size), with: bytes(value + growth, size: size)) }
        }
        for _ in 0..<count {
            offset += version < 2 ? 2 : 4  // item id
            var method = 0
            if version >= 1 {
                method = Int(body[offset + 1] & 0xF)
                offset += 2
            }
            offset += 2  // data reference index
            let basePosition = offset
            offset += baseSize
            let extents = number(body, at: offset, size: 2)
            offset += 2
            let base = baseSize > 0 ? number(body, at: basePosition, size: baseSize) : 0
            if method == 0, baseSize > 0 { shift(at: basePosition, size: baseSize) }
            for _ in 0..<extents {
                offset += indexSize
                if method == 0, baseSize == 0 || base == 0 { shift(at: offset, size: offsetSize) }
                offset += offsetSize + lengthSize
            }
            guard offset <= body.count else { throw HarnessError("iloc is shorter than its items") }
        }
        return body
    }
}
