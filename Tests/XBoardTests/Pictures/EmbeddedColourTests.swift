import Testing
import XBoard

/// What each format states about its colours, read from bytes the tests write: which statement
/// wins where several are given, and every damaged or absurd statement refused with its reason.
@Suite struct EmbeddedColourTests {
    /// Stands for an ICC profile: the readers hand bytes over as they are (`ICCProfileHeader`
    /// and Little CMS judge them later).
    static let profile: [UInt8] = Array("a profile's bytes, as they are".utf8) + (0..<200).map { UInt8($0) }

    static func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
    static func le32(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    static func read(_ bytes: [UInt8]) -> Result<StatedColour, ColourProblem> { EmbeddedColour.read(from: bytes) }

    static func problem(_ bytes: [UInt8]) -> String? {
        if case .failure(let problem) = read(bytes) { return problem.description }
        return nil
    }

    // MARK: JPEG

    static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + u16(body.count + 2) + body }

    static func iccSegment(_ number: Int, of count: Int, _ data: [UInt8]) -> [UInt8] {
        segment(0xE2, Array("ICC_PROFILE".utf8) + [0, UInt8(number), UInt8(count)] + data)
    }

    static func jpeg(_ segments: [UInt8]...) -> [UInt8] {
        [0xFF, 0xD8] + segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]) + segments.flatMap { $0 }
            + segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0x34, 0xFF, 0xD9]
    }

    /// EXIF (big-endian TIFF): IFD0 → EXIF IFD (ColorSpace) → interoperability IFD (index).
    static func exif(colourSpace: Int, index: String) -> [UInt8] {
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let ifd0 = u16(1) + entry(0x8769, 4, 1, u32(26)) + u32(0)
        let exif = u16(2) + entry(0xA001, 3, 1, u16(colourSpace)) + entry(0xA005, 4, 1, u32(56)) + u32(0)
        let interop = u16(1) + entry(0x0001, 2, 4, Array(index.utf8) + [0]) + u32(0)
        return Array("MM".utf8) + [0, 42] + u32(8) + ifd0 + exif + interop
    }

    static func exifSegment(colourSpace: Int, index: String) -> [UInt8] {
        segment(0xE1, Array("Exif".utf8) + [0, 0] + exif(colourSpace: colourSpace, index: index))
    }

    @Test func aJPEGProfileIsJoinedFromItsChunksInTheirNumbersOrder() {
        let parts = [Array(Self.profile[0..<100]), Array(Self.profile[100..<150]), Array(Self.profile[150...])]
        #expect(Self.read(Self.jpeg(Self.iccSegment(1, of: 1, Self.profile))) == .success(.iccProfile(Self.profile)))
        let inOrder = Self.jpeg(
            Self.iccSegment(1, of: 3, parts[0]), Self.iccSegment(2, of: 3, parts[1]), Self.iccSegment(3, of: 3, parts[2]))
        #expect(Self.read(inOrder) == .success(.iccProfile(Self.profile)))
        let shuffled = Self.jpeg(
            Self.iccSegment(2, of: 3, parts[1]), Self.iccSegment(3, of: 3, parts[2]), Self.iccSegment(1, of: 3, parts[0]))
        #expect(Self.read(shuffled) == .success(.iccProfile(Self.profile)))
    }

    @Test func aJPEGProfileWithAChunkMissingTwiceOrMisnumberedIsDamaged() {
        let parts = [Array(Self.profile[0..<100]), Array(Self.profile[100...])]
        #expect(Self.problem(Self.jpeg(Self.iccSegment(1, of: 2, parts[0]))) == "its ICC profile is damaged (chunk 2 of 2 is missing)")
        #expect(
            Self.problem(Self.jpeg(Self.iccSegment(1, of: 2, parts[0]), Self.iccSegment(1, of: 2, parts[1])))
                == "its ICC profile is damaged (chunk 1 of 2 is there twice)")
        #expect(
            Self.problem(Self.jpeg(Self.iccSegment(1, of: 2, parts[0]), Self.iccSegment(2, of: 3, parts[1])))
                == "its ICC profile is damaged (an APP2 chunk numbered 2 of 3)")
        #expect(
            Self.problem(Self.jpeg(Self.iccSegment(0, of: 1, parts[0]))) == "its ICC profile is damaged (an APP2 chunk numbered 0 of 1)")
        // A file cut inside the profile.
        let whole = Self.jpeg(Self.iccSegment(1, of: 1, Self.profile))
        #expect(Self.problem(Array(whole.prefix(60))) == "its ICC profile is damaged (the file ends inside chunk 1 of 1)")
    }

    @Test func exifMarksAdobeRGBOnlyWithColourSpaceUncalibratedAndIndexR03() {
        #expect(Self.read(Self.jpeg(Self.exifSegment(colourSpace: 0xFFFF, index: "R03"))) == .success(.model(.adobeRGB)))
        #expect(Self.read(Self.jpeg(Self.exifSegment(colourSpace: 0xFFFF, index: "R98"))) == .success(.sRGB))
        #expect(Self.read(Self.jpeg(Self.exifSegment(colourSpace: 1, index: "R03"))) == .success(.sRGB))
        #expect(Self.read(Self.jpeg()) == .success(.sRGB), "nothing stated")
        // A profile says more than the marker.
        let both = Self.jpeg(Self.exifSegment(colourSpace: 0xFFFF, index: "R03"), Self.iccSegment(1, of: 1, Self.profile))
        #expect(Self.read(both) == .success(.iccProfile(Self.profile)))
    }

    // MARK: PNG

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { u32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0] }

    static func png(_ chunks: [UInt8]..., afterData: [UInt8] = []) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", u32(16) + u32(16) + [8, 2, 0, 0, 0]) + chunks.flatMap { $0 }
            + chunk("IDAT", [1, 2, 3]) + afterData + chunk("IEND", [])
    }

    static func chromaticities(_ values: [Double]) -> [UInt8] { values.flatMap { u32(Int(($0 * 100_000).rounded())) } }
    static let sRGBChromaticities = [0.3127, 0.329, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
    static let adobeChromaticities = [0.3127, 0.329, 0.64, 0.33, 0.21, 0.71, 0.15, 0.06]

    @Test func pngRanksCICPThenICCPThenSRGBThenGammaAndChromaticities() {
        let iccp = Self.chunk("iCCP", Array("Photoshop ICC profile".utf8) + [0, 0] + [0x78, 0x9C, 1, 2, 3])
        let cicp = Self.chunk("cICP", [12, 13, 0, 1])
        #expect(Self.read(Self.png(iccp)) == .success(.deflatedICCProfile([0x78, 0x9C, 1, 2, 3])))
        #expect(Self.read(Self.png(iccp, cicp)) == .success(.model(.displayP3)))
        #expect(Self.read(Self.png(Self.chunk("sRGB", [0]), Self.chunk("gAMA", Self.u32(100_000)))) == .success(.sRGB))
        #expect(Self.read(Self.png(Self.chunk("gAMA", Self.u32(100_000)), iccp)) == .success(.deflatedICCProfile([0x78, 0x9C, 1, 2, 3])))
        #expect(Self.read(Self.png(afterData: cicp)) == .success(.sRGB), "colour chunks after IDAT are not read")
    }

    @Test func pngCodePointsNameSRGBOrAModelOrAreRefused() {
        #expect(Self.read(Self.png(Self.chunk("cICP", [1, 13, 0, 1]))) == .success(.sRGB))
        #expect(
            Self.problem(Self.png(Self.chunk("cICP", [9, 16, 0, 1])))
                == "its cICP chunk is HDR (the PQ transfer of code point 16), which the board does not tone-map")
        #expect(
            Self.problem(Self.png(Self.chunk("cICP", [3, 13, 0, 1]))) == "its cICP chunk states colour primaries 3, which H.273 reserves")
        #expect(
            Self.problem(Self.png(Self.chunk("cICP", [1, 13, 1, 1])))
                == "its cICP chunk states matrix coefficients 1, where a PNG holds RGB")
        #expect(
            Self.problem(Self.png(Self.chunk("cICP", [1, 13, 0, 0]))) == "its cICP chunk states a narrow range, which a PNG cannot hold")
        #expect(Self.problem(Self.png(Self.chunk("cICP", [1, 13, 0]))) == "its cICP chunk is damaged")
    }

    @Test func pngGammaNearOneOverTwoPointTwoWithSRGBChromaticitiesIsSRGB() {
        let imageMagick = Self.png(Self.chunk("gAMA", Self.u32(45455)), Self.chunk("cHRM", Self.chromaticities(Self.sRGBChromaticities)))
        #expect(Self.read(imageMagick) == .success(.sRGB))
        var linear = RGBColourModel.sRGB
        linear.toneCurve = .power(1)
        #expect(Self.read(Self.png(Self.chunk("gAMA", Self.u32(100_000)))) == .success(.model(linear)))
        var adobePrimaries = RGBColourModel.adobeRGB
        adobePrimaries.toneCurve = .sRGB
        let wide = Self.png(Self.chunk("gAMA", Self.u32(45455)), Self.chunk("cHRM", Self.chromaticities(Self.adobeChromaticities)))
        guard case .success(.model(let model)) = Self.read(wide) else {
            Issue.record("Adobe RGB chromaticities: \(Self.read(wide))")
            return
        }
        #expect(model.hasChromaticities(of: .adobeRGB, within: 0.00001) && model.toneCurve == .sRGB)
    }

    @Test func absurdOrDamagedPNGColourChunksAreRefused() {
        #expect(Self.problem(Self.png(Self.chunk("gAMA", Self.u32(0)))) == "its gAMA chunk states a gamma of 0")
        #expect(
            Self.problem(Self.png(Self.chunk("gAMA", Self.u32(1)))) == "its gAMA chunk states an exponent of 100000.0, which no picture has"
        )
        #expect(Self.problem(Self.png(Self.chunk("gAMA", [0, 1]))) == "its gAMA chunk is damaged")
        let flat = Self.chromaticities([0.3127, 0.329, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3])
        #expect(Self.problem(Self.png(Self.chunk("cHRM", flat))) == "its cHRM chunk states chromaticities no colour space has")
        #expect(Self.problem(Self.png(Self.chunk("iCCP", Array(repeating: 65, count: 90)))) == "its iCCP chunk is damaged")
        #expect(Self.problem(Self.png(Self.chunk("iCCP", Array("name".utf8) + [0, 1, 0x78]))) == "its iCCP chunk states compression 1")
    }

    // MARK: WebP and TIFF

    static func webp(_ chunks: [UInt8]...) -> [UInt8] {
        let body = Array("WEBP".utf8) + Array("VP8X".utf8) + le32(10) + [0x28, 0, 0, 0, 15, 0, 0, 15, 0, 0] + chunks.flatMap { $0 }
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    static func riffChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        Array(type.utf8) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    @Test func webpStatesAProfileInICCPOrAdobeRGBInItsEXIF() {
        #expect(Self.read(Self.webp(Self.riffChunk("ICCP", Self.profile))) == .success(.iccProfile(Self.profile)))
        #expect(Self.read(Self.webp(Self.riffChunk("EXIF", Self.exif(colourSpace: 0xFFFF, index: "R03")))) == .success(.model(.adobeRGB)))
        let cut = Self.webp(Array("ICCP".utf8) + Self.le32(5000) + Self.profile)
        #expect(Self.problem(cut) == "its ICC profile is damaged (the file ends inside its ICCP chunk)")
    }

    /// A little-endian TIFF whose first IFD holds `entries` (tag, type, count, value or offset).
    static func tiff(_ entries: [(Int, Int, Int, [UInt8])], data: [UInt8] = []) -> [UInt8] {
        var table: [UInt8] = []
        for (tag, type, count, value) in entries {
            let head: [UInt8] = [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(type), 0]
            table += head + le32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let header: [UInt8] = Array("II".utf8) + [42, 0] + le32(8) + [UInt8(entries.count), 0]
        return header + table + le32(0) + data
    }

    @Test func tiffStatesAProfileInTag34675() {
        let dataOffset = 8 + 2 + 12 + 4
        #expect(
            Self.read(Self.tiff([(34675, 7, Self.profile.count, Self.le32(dataOffset))], data: Self.profile))
                == .success(.iccProfile(Self.profile)))
        #expect(
            Self.problem(Self.tiff([(34675, 3, Self.profile.count, Self.le32(dataOffset))], data: Self.profile))
                == "its ICC profile is damaged (tag 34675 is of TIFF type 3)")
        #expect(
            Self.problem(Self.tiff([(34675, 7, 100_000, Self.le32(dataOffset))], data: Self.profile))
                == "its ICC profile is damaged (tag 34675 reaches past the end of the file)")
        #expect(
            Self.problem(Self.tiff([(34675, 7, 5 << 20, Self.le32(dataOffset))]))
                == "its ICC profile is 5242880 bytes, over the 4 MiB limit")
        #expect(Self.read(Self.tiff([(256, 3, 1, [16, 0])])) == .success(.sRGB))
    }

    // MARK: HEIF and AVIF

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { u32(body.count + 8) + Array(type.utf8) + body }
    static func nclx(_ primaries: Int, _ transfer: Int, _ matrix: Int = 6) -> [UInt8] {
        box("colr", Array("nclx".utf8) + u16(primaries) + u16(transfer) + u16(matrix) + [0x80])
    }

    /// An ISO media file: item 1 is primary; `properties` in ipco; `associations` per item.
    static func heif(_ properties: [[UInt8]], associations: [(item: Int, indices: [Int])]) -> [UInt8] {
        let ipma =
            [0, 0, 0, 0] + u32(associations.count)
            + associations.flatMap { item, indices in u16(item) + [UInt8(indices.count)] + indices.map { UInt8($0 | 0x80) } }
        let iprp = box("iprp", box("ipco", properties.flatMap { $0 }) + box("ipma", ipma))
        let meta = box("meta", [0, 0, 0, 0] + box("pitm", [0, 0, 0, 0] + u16(1)) + iprp)
        return box("ftyp", Array("avif".utf8) + [0, 0, 0, 0] + Array("mif1".utf8)) + meta
    }

    @Test func heifTakesThePrimaryItemsColourAProfileBeforeCodePoints() {
        let ispe = Self.box("ispe", [0, 0, 0, 0] + Self.u32(64) + Self.u32(64))
        let prof = Self.box("colr", Array("prof".utf8) + Self.profile)
        #expect(
            Self.read(Self.heif([ispe, Self.nclx(12, 13), prof], associations: [(1, [1, 2, 3])])) == .success(.iccProfile(Self.profile)))
        #expect(Self.read(Self.heif([ispe, Self.nclx(12, 13)], associations: [(1, [1, 2])])) == .success(.model(.displayP3)))
        #expect(Self.read(Self.heif([ispe, Self.nclx(1, 13)], associations: [(1, [1, 2])])) == .success(.sRGB))
        // Another item's profile does not apply to the primary, which has code points.
        #expect(
            Self.read(Self.heif([ispe, Self.nclx(12, 13), prof], associations: [(1, [1, 2]), (2, [3])])) == .success(.model(.displayP3)))
        // A primary with none (a grid whose tiles carry it): the file's first.
        #expect(Self.read(Self.heif([ispe, Self.nclx(12, 13)], associations: [(1, [1]), (2, [2])])) == .success(.model(.displayP3)))
        #expect(
            Self.problem(Self.heif([ispe, Self.nclx(9, 16, 9)], associations: [(1, [1, 2])]))
                == "its nclx colour box (9/16/9) is HDR (the PQ transfer of code point 16), which the board does not tone-map")
    }

    // MARK: Code points and profile headers

    @Test func codePointsFollowH273() throws {
        let bt2020 = try #require(try CodePoints(primaries: 9, transfer: 14, matrix: 9, isFullRange: false).model.get())
        #expect(bt2020.red == Chromaticity(x: 0.708, y: 0.292) && bt2020.toneCurve == .bt709)
        #expect(try CodePoints(primaries: 12, transfer: 13, matrix: 0, isFullRange: true).model.get() == .displayP3)
        #expect(try CodePoints(primaries: 2, transfer: 2, matrix: 2, isFullRange: true).model.get() == nil, "unspecified is sRGB")
        #expect(try CodePoints(primaries: 1, transfer: 8, matrix: 0, isFullRange: true).model.get()?.toneCurve == .linear)
        #expect(throws: ColourProblem.self) { try CodePoints(primaries: 1, transfer: 18, matrix: 0, isFullRange: true).model.get() }
        #expect(throws: ColourProblem.self) { try CodePoints(primaries: 10, transfer: 13, matrix: 0, isFullRange: true).model.get() }
        #expect(throws: ColourProblem.self) { try CodePoints(primaries: 1, transfer: 3, matrix: 0, isFullRange: true).model.get() }
    }

    /// A well-formed ICC header and tag table: `tags` (signature, data) laid one after another.
    static func iccProfile(
        version: UInt8 = 4, deviceClass: String = "mntr", colourSpace: String = "RGB ", connection: String = "XYZ ",
        tags: [(String, [UInt8])] = [("wtpt", Array("XYZ ".utf8) + [UInt8](repeating: 0, count: 16))]
    ) -> [UInt8] {
        var table: [UInt8] = [], data: [UInt8] = []
        let dataStart = 132 + tags.count * 12
        for (signature, body) in tags {
            table += Array(signature.utf8) + u32(dataStart + data.count) + u32(body.count)
            data += body
        }
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(0..<4, with: u32(128 + 4 + table.count + data.count))
        header[8] = version
        header.replaceSubrange(12..<16, with: Array(deviceClass.utf8))
        header.replaceSubrange(16..<20, with: Array(colourSpace.utf8))
        header.replaceSubrange(20..<24, with: Array(connection.utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return header + u32(tags.count) + table + data
    }

    static func headerProblem(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ICCProfileHeader(validating: bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func anICCProfileHeaderIsCheckedBeforeLittleCMSSeesIt() throws {
        let good = Self.iccProfile()
        let header = try ICCProfileHeader(validating: good + [0, 0, 0])  // padding after it is cut off
        #expect(header.size == good.count && header.colourSpace == .rgb && header.majorVersion == 4 && header.deviceClass == "mntr")
        #expect(
            try ICCProfileHeader(validating: Self.iccProfile(version: 2, deviceClass: "scnr", colourSpace: "GRAY")).colourSpace == .grey)
        #expect(try ICCProfileHeader(validating: Self.iccProfile(colourSpace: "CMYK")).colourSpace == .cmyk)

        var noSignature = good
        noSignature[36] = 0x41
        #expect(Self.headerProblem(noSignature) == "its ICC profile is damaged (no acsp signature)")
        #expect(
            Self.headerProblem(Array(good.prefix(good.count - 1)))
                == "its ICC profile is damaged (cut short: it declares \(good.count) bytes and holds \(good.count - 1))")
        #expect(Self.headerProblem(Array(good.prefix(100))) == "its ICC profile is damaged (100 bytes, shorter than a profile header)")
        #expect(Self.headerProblem(Self.iccProfile(version: 5)) == "its ICC profile is of version 5, which the board does not read")
        #expect(Self.headerProblem(Self.iccProfile(deviceClass: "link")) == "its ICC profile is a device link, which describes no picture")
        #expect(Self.headerProblem(Self.iccProfile(connection: "RGB ")) == "its ICC profile is damaged (connection space RGB )")
        var tagOutside = good
        tagOutside.replaceSubrange(136..<140, with: Self.u32(100_000))
        #expect(Self.headerProblem(tagOutside) == "its ICC profile is damaged (tag 1 of 1 lies outside it)")
        var manyTags = good
        manyTags.replaceSubrange(128..<132, with: Self.u32(1_000_000))
        #expect(Self.headerProblem(manyTags) == "its ICC profile is damaged (a table of 1000000 tags)")
        #expect(
            Self.headerProblem(good + [UInt8](repeating: 0, count: ICCProfileHeader.maximumSize))
                == "its ICC profile is \(good.count + ICCProfileHeader.maximumSize) bytes, over the 4 MiB limit")
    }
}
