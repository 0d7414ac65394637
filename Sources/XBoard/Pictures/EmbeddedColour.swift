/// The colour space a picture file states about itself, read from its bytes, in every format the
/// board opens: ICC profiles (JPEG APP2 across several chunks, PNG `iCCP`, WebP `ICCP`, TIFF tag
/// 34675, HEIF/AVIF `colr`), code points (PNG `cICP`, HEIF/AVIF `nclx`), PNG `sRGB`, `gAMA` and
/// `cHRM`, and EXIF's Adobe RGB marker (ColorSpace 0xFFFF with the interoperability index `R03`,
/// as DCF cameras write it instead of a profile).
///
/// When a file states more than one, the one its format ranks first wins: for PNG `cICP`, then
/// `iCCP`, then `sRGB`, then `gAMA`/`cHRM` (PNG, third edition, 4.3); an ICC profile before
/// `nclx` in HEIF (ISO/IEC 23008-12, 6.5.5 leaves the matrix to `nclx`); a profile before EXIF.
/// Every offset and length is checked against what was read, and sizes are capped
/// (`ICCProfileHeader.maximumSize`); a statement that is damaged or absurd is a `ColourProblem`
/// (the picture is then shown as sRGB, with one line) — never a guess.
public enum EmbeddedColour {
    public typealias ByteReader = EmbeddedOrientation.ByteReader

    /// What the file states; `.sRGB` when it states nothing.
    public static func read(
        _ container: EmbeddedOrientation.Container, from bytes: ByteReader
    ) -> Result<StatedColour, ColourProblem> {
        switch container {
        case .jpeg: fromJPEG(bytes)
        case .png: fromPNG(bytes)
        case .tiff: fromTIFF(bytes)
        case .webp: fromWebP(bytes)
        case .isoMedia: fromISOMedia(bytes)
        case .other: .success(.sRGB)
        }
    }

    /// The same, from bytes in memory.
    public static func read(from file: [UInt8]) -> Result<StatedColour, ColourProblem> {
        read(EmbeddedOrientation.Container(head: Array(file.prefix(16))), from: EmbeddedOrientation.reader(over: file))
    }

    static let iccSignature = Array("ICC_PROFILE".utf8) + [0]

    static func damaged(_ what: String) -> ColourProblem { ColourProblem("its ICC profile is damaged (\(what))") }

    static func tooLarge(_ bytes: Int) -> ColourProblem {
        ColourProblem("its ICC profile is \(bytes) bytes, over the \(ICCProfileHeader.maximumSize >> 20) MiB limit")
    }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }
    static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reversed().reduce(0) { $0 << 8 | Int($1) } }

    // MARK: JPEG

    /// JPEG: APP2 segments "ICC_PROFILE\0", sequence number, count, data — a profile over 64 KiB
    /// is cut into several (ICC.1:2010, B.4), joined here in sequence order, every one present
    /// once — and otherwise the first APP1 EXIF's Adobe RGB marker. Markers up to the first scan.
    static func fromJPEG(_ bytes: ByteReader) -> Result<StatedColour, ColourProblem> {
        var chunks: [Int: Range<Int>] = [:]
        var declaredCount: Int?
        var total = 0
        var exif: Range<Int>?
        var offset = 2
        for _ in 0..<EmbeddedOrientation.maximumBlocks {
            let marker = bytes(offset, 4)
            guard marker.count >= 2, marker[0] == 0xFF else { break }
            if marker[1] == 0xFF {  // fill byte before a marker
                offset += 1
                continue
            }
            let code = marker[1]
            if code == 0xD9 || code == 0xDA { break }  // end of image, start of scan
            if code == 0x01 || (0xD0...0xD7).contains(code) {
                offset += 2
                continue
            }
            guard marker.count == 4 else { break }
            let length = Int(marker[2]) << 8 | Int(marker[3])
            guard length >= 2 else { break }
            if code == 0xE2, length >= 2 + 14, bytes(offset + 4, 12) == iccSignature {
                let numbers = bytes(offset + 16, 2)
                guard numbers.count == 2 else { break }
                let sequence = Int(numbers[0]), count = Int(numbers[1])
                guard count >= 1, (1...count).contains(sequence), declaredCount.map({ $0 == count }) ?? true else {
                    return .failure(damaged("an APP2 chunk numbered \(sequence) of \(count)"))
                }
                guard chunks[sequence] == nil else { return .failure(damaged("chunk \(sequence) of \(count) is there twice")) }
                declaredCount = count
                chunks[sequence] = (offset + 18)..<(offset + 2 + length)
                total += length - 16
            } else if code == 0xE1, exif == nil, length >= 2 + 6 + 8, bytes(offset + 4, 6) == EmbeddedOrientation.exifHeader {
                exif = (offset + 10)..<(offset + 2 + length)
            }
            offset += 2 + length
        }
        if let count = declaredCount {
            guard total <= ICCProfileHeader.maximumSize else { return .failure(tooLarge(total)) }
            var profile: [UInt8] = []
            for sequence in 1...count {
                guard let chunk = chunks[sequence] else { return .failure(damaged("chunk \(sequence) of \(count) is missing")) }
                let part = bytes(chunk.lowerBound, chunk.count)
                guard part.count == chunk.count else { return .failure(damaged("the file ends inside chunk \(sequence) of \(count)")) }
                profile += part
            }
            return .success(.iccProfile(profile))
        }
        if let exif, isAdobeRGBByEXIF(bytes, base: exif.lowerBound, limit: exif.count) { return .success(.model(.adobeRGB)) }
        return .success(.sRGB)
    }

    // MARK: PNG

    /// PNG: the colour chunks before the first IDAT (where the format puts them), ranked.
    static func fromPNG(_ bytes: ByteReader) -> Result<StatedColour, ColourProblem> {
        var chunks: [String: Range<Int>] = [:]
        var offset = 8
        for _ in 0..<EmbeddedOrientation.maximumBlocks {
            let header = bytes(offset, 8)
            guard header.count == 8 else { break }
            let length = bigEndian(header[0..<4])
            let type = String(decoding: header[4..<8], as: UTF8.self)
            guard length <= 0x7FFF_FFFF, type != "IDAT", type != "IEND" else { break }
            if ["cICP", "iCCP", "sRGB", "gAMA", "cHRM", "eXIf"].contains(type), chunks[type] == nil {
                chunks[type] = (offset + 8)..<(offset + 8 + length)
            }
            offset += 12 + length
        }
        func body(_ type: String) -> [UInt8]? {
            guard let range = chunks[type] else { return nil }
            let read = bytes(range.lowerBound, range.count)
            return read.count == range.count ? read : nil
        }
        if chunks["cICP"] != nil {
            guard let points = body("cICP"), points.count == 4 else { return .failure(ColourProblem("its cICP chunk is damaged")) }
            guard points[2] == 0 else {
                return .failure(ColourProblem("its cICP chunk states matrix coefficients \(points[2]), where a PNG holds RGB"))
            }
            guard points[3] == 1 else { return .failure(ColourProblem("its cICP chunk states a narrow range, which a PNG cannot hold")) }
            let codePoints = CodePoints(primaries: Int(points[0]), transfer: Int(points[1]), matrix: 0, isFullRange: true)
            return stated(codePoints.model, by: "its cICP chunk")
        }
        if let range = chunks["iCCP"] {
            // Name (1–79 bytes), NUL, compression method 0 (zlib), the compressed profile.
            guard range.count <= ICCProfileHeader.maximumSize else { return .failure(tooLarge(range.count)) }
            guard let chunk = body("iCCP"), let nul = chunk.prefix(80).firstIndex(of: 0), nul >= 1, nul + 2 <= chunk.count else {
                return .failure(ColourProblem("its iCCP chunk is damaged"))
            }
            guard chunk[nul + 1] == 0 else { return .failure(ColourProblem("its iCCP chunk states compression \(chunk[nul + 1])")) }
            return .success(.deflatedICCProfile(Array(chunk[(nul + 2)...])))
        }
        if chunks["sRGB"] != nil { return .success(.sRGB) }
        if chunks["gAMA"] != nil || chunks["cHRM"] != nil {
            // Present but unreadable is damaged: an empty body says so.
            return pngGammaAndChromaticities(
                gamma: chunks["gAMA"].map { _ in body("gAMA") ?? [] }, chromaticities: chunks["cHRM"].map { _ in body("cHRM") ?? [] })
        }
        if let exif = chunks["eXIf"], isAdobeRGBByEXIFPayload(bytes, start: exif.lowerBound, length: exif.count) {
            return .success(.model(.adobeRGB))
        }
        return .success(.sRGB)
    }

    /// The encoding gamma PNG writers put in `gAMA` for sRGB (1/2.2 × 100000, rounded), and how
    /// far from it a value still means "sRGB's curve": ImageMagick, for one, writes gAMA 45455
    /// with sRGB's chromaticities into every sRGB PNG, and the pure 2.2 power it approximates the
    /// sRGB curve with differs from that curve by up to 6 levels in the shadows.
    static let sRGBGamma = 45455
    static let sRGBGammaTolerance = 0.02

    /// PNG `gAMA` (the encoding exponent × 100000) and `cHRM` (white, red, green, blue x and y ×
    /// 100000): a power curve and primaries; either alone keeps sRGB's other half.
    /// `nil` for a chunk that is not there.
    static func pngGammaAndChromaticities(gamma: [UInt8]?, chromaticities: [UInt8]?) -> Result<StatedColour, ColourProblem> {
        var model = RGBColourModel.sRGB
        if let gamma {
            guard gamma.count == 4 else { return .failure(ColourProblem("its gAMA chunk is damaged")) }
            let value = bigEndian(gamma[0..<4])
            guard value > 0 else { return .failure(ColourProblem("its gAMA chunk states a gamma of 0")) }
            let exponent = 100_000 / Double(value)
            guard (0.25...4).contains(exponent) else {
                return .failure(ColourProblem("its gAMA chunk states an exponent of \(exponent), which no picture has"))
            }
            if abs(Double(value) / Double(sRGBGamma) - 1) > sRGBGammaTolerance { model.toneCurve = .power(exponent) }
        }
        if let chromaticities {
            guard chromaticities.count == 32 else { return .failure(ColourProblem("its cHRM chunk is damaged")) }
            let values = (0..<8).map { Double(bigEndian(chromaticities[($0 * 4)..<($0 * 4 + 4)])) / 100_000 }
            let stated = RGBColourModel(
                white: Chromaticity(x: values[0], y: values[1]), red: Chromaticity(x: values[2], y: values[3]),
                green: Chromaticity(x: values[4], y: values[5]), blue: Chromaticity(x: values[6], y: values[7]), toneCurve: model.toneCurve)
            guard stated.isPlausible else { return .failure(ColourProblem("its cHRM chunk states chromaticities no colour space has")) }
            if !stated.hasChromaticities(of: model, within: 0.01) { model = stated }
        }
        return .success(model == .sRGB ? .sRGB : .model(model))
    }

    static func stated(_ model: Result<RGBColourModel?, ColourProblem>, by source: String) -> Result<StatedColour, ColourProblem> {
        switch model {
        case .success(nil): .success(.sRGB)
        case .success(let model?): .success(.model(model))
        case .failure(let problem): .failure(ColourProblem("\(source) \(problem)"))
        }
    }

    // MARK: WebP

    /// WebP: the ICCP chunk of an extended (VP8X) file, else its EXIF chunk's Adobe RGB marker.
    static func fromWebP(_ bytes: ByteReader) -> Result<StatedColour, ColourProblem> {
        let riff = bytes(4, 4)
        guard riff.count == 4 else { return .success(.sRGB) }
        let end = 8 + littleEndian(riff[0..<4])
        var exif: Range<Int>?
        var offset = 12
        for _ in 0..<EmbeddedOrientation.maximumBlocks where offset + 8 <= end {
            let header = bytes(offset, 8)
            guard header.count == 8 else { break }
            let length = littleEndian(header[4..<8])
            let type = String(decoding: header[0..<4], as: UTF8.self)
            if type == "ICCP" {
                guard length <= ICCProfileHeader.maximumSize else { return .failure(tooLarge(length)) }
                let profile = bytes(offset + 8, length)
                guard profile.count == length else { return .failure(damaged("the file ends inside its ICCP chunk")) }
                return .success(.iccProfile(profile))
            }
            if type == "EXIF", exif == nil { exif = (offset + 8)..<(offset + 8 + length) }
            offset += 8 + length + (length & 1)
        }
        if let exif, isAdobeRGBByEXIFPayload(bytes, start: exif.lowerBound, length: exif.count) { return .success(.model(.adobeRGB)) }
        return .success(.sRGB)
    }

    /// A chunk's EXIF payload: a TIFF structure, after an optional "Exif\0\0".
    static func isAdobeRGBByEXIFPayload(_ bytes: ByteReader, start: Int, length: Int) -> Bool {
        let header = EmbeddedOrientation.exifHeader
        if length >= header.count, bytes(start, header.count) == header {
            return isAdobeRGBByEXIF(bytes, base: start + header.count, limit: length - header.count)
        }
        return isAdobeRGBByEXIF(bytes, base: start, limit: length)
    }
}
