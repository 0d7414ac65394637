import Testing
import XBoard

@Suite struct DeclaredSizeTests {
    static func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) } }
    static func be(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(value >> (8 * (count - 1 - $0)) & 0xFF) } }

    static func webp(_ chunk: String, _ body: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le(4 + 8 + body.count, 4) + Array("WEBP".utf8) + Array(chunk.utf8) + le(body.count, 4) + body
    }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be(body.count + 8, 4) + Array(type.utf8) + body }

    static func read(_ file: [UInt8]) -> (width: Int, height: Int)? {
        DeclaredSize.read(from: file).map { ($0.width, $0.height) }
    }

    @Test func webPHeadersOfEveryKindStateTheirSize() throws {
        let extended = Self.webp("VP8X", [0x12, 0, 0, 0] + Self.le(8_421_504, 3) + Self.le(128, 3))
        let lossless = Self.webp("VP8L", [0x2F] + Self.le((640 - 1) | (480 - 1) << 14, 4) + [0, 0, 0, 0])
        let lossy = Self.webp("VP8 ", [0x50, 0x1D, 0x00, 0x9D, 0x01, 0x2A] + Self.le(4000, 2) + Self.le(3000, 2) + [0, 0])
        #expect(try #require(Self.read(extended)) == (8_421_505, 129))
        #expect(try #require(Self.read(lossless)) == (640, 480))
        #expect(try #require(Self.read(lossy)) == (4000, 3000))
        #expect(Self.read(Array(extended.prefix(20))) == nil)
    }

    @Test func heifStatesItsLargestImageSpatialExtents() throws {
        func ispe(_ width: Int, _ height: Int) -> [UInt8] { Self.box("ispe", [0, 0, 0, 0] + Self.be(width, 4) + Self.be(height, 4)) }
        let ipco = Self.box(
            "ipco", Self.box("hvcC", [1, 2, 3]) + ispe(512, 512) + ispe(30000, 20000) + Self.box("pixi", [0, 0, 0, 0, 3, 8, 8, 8]))
        let meta = Self.box("meta", [0, 0, 0, 0] + Self.box("hdlr", [UInt8](repeating: 0, count: 25)) + Self.box("iprp", ipco))
        let file = Self.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)) + meta + Self.box("mdat", [1, 2, 3])
        #expect(try #require(Self.read(file)) == (30000, 20000))
        #expect(Self.read(Self.box("ftyp", Array("avif".utf8)) + Self.box("mdat", [])) == nil)
    }

    static func png(width: Int, height: Int, interlace: UInt8 = 0) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13, 4) + Array("IHDR".utf8) + be(width, 4) + be(height, 4)
            + [8, 2, 0, 0, interlace] + [0, 0, 0, 0]
    }

    @Test func pngStatesItsSizeAndInterlacingInIHDR() throws {
        let plain = try #require(DeclaredSize.read(from: Self.png(width: 4000, height: 3000)))
        #expect(plain == DeclaredSize(width: 4000, height: 3000) && !plain.isProgressive)
        #expect(try #require(DeclaredSize.read(from: Self.png(width: 10, height: 20, interlace: 1))).isProgressive)
        var notIHDR = Self.png(width: 10, height: 20)
        notIHDR[12] = UInt8(ascii: "X")
        #expect(DeclaredSize.read(from: notIHDR) == nil)
    }

    static func jpegSegment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + be(body.count + 2, 2) + body }

    @Test func jpegStatesItsSizeInTheFirstFrameHeaderBeforeTheScan() throws {
        let app0 = Self.jpegSegment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        let sof0 = Self.jpegSegment(0xC0, [8] + Self.be(3000, 2) + Self.be(4000, 2) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        let sof2 = Self.jpegSegment(0xC2, [8] + Self.be(480, 2) + Self.be(640, 2) + [1, 1, 0x11, 0])
        let dht = Self.jpegSegment(0xC4, [0] + [UInt8](repeating: 0, count: 16))
        let sos = Self.jpegSegment(0xDA, [1, 1, 0, 0, 63, 0])
        let baseline = try #require(DeclaredSize.read(from: [0xFF, 0xD8] + app0 + dht + [0xFF] + sof0 + sos))
        #expect(baseline == DeclaredSize(width: 4000, height: 3000) && !baseline.isProgressive)
        let progressive = try #require(DeclaredSize.read(from: [0xFF, 0xD8] + app0 + sof2 + sos))
        #expect(progressive.width == 640 && progressive.height == 480 && progressive.isProgressive)
        #expect(DeclaredSize.read(from: [0xFF, 0xD8] + app0 + sos + sof0) == nil, "a scan before any frame")
        #expect(DeclaredSize.read(from: [0xFF, 0xD8] + app0 + Array(sof0.prefix(6))) == nil, "a frame header cut off")
    }

    @Test func gifStatesItsLogicalScreen() throws {
        let gif = Array("GIF89a".utf8) + Self.le(320, 2) + Self.le(200, 2) + [0, 0, 0] + [0x3B]
        #expect(try #require(DeclaredSize.read(from: gif)) == DeclaredSize(width: 320, height: 200))
    }

    static func bmp(infoSize: Int, width: Int, height: Int, pixelsAt offset: Int? = nil, total: Int = 80) -> [UInt8] {
        var bytes = Array("BM".utf8) + le(total, 4) + [0, 0, 0, 0] + le(offset ?? (14 + infoSize), 4) + le(infoSize, 4)
        bytes += infoSize == 12 ? le(width, 2) + le(height, 2) : le(width & 0xFFFF_FFFF, 4) + le(height & 0xFFFF_FFFF, 4)
        return bytes + [UInt8](repeating: 0, count: max(0, total - bytes.count))
    }

    @Test func bmpStatesItsSizeInItsInfoHeaderAndIsReadOnlyWhenTheHeaderIsSane() throws {
        #expect(
            try #require(DeclaredSize.read(from: Self.bmp(infoSize: 40, width: 640, height: -480))) == DeclaredSize(width: 640, height: 480)
        )
        #expect(try #require(DeclaredSize.read(from: Self.bmp(infoSize: 12, width: 32, height: 16))) == DeclaredSize(width: 32, height: 16))
        #expect(
            try #require(DeclaredSize.read(from: Self.bmp(infoSize: 124, width: 8, height: 8, total: 160)))
                == DeclaredSize(width: 8, height: 8))
        // What the fuzzer found: info headers and pixel offsets a loader would allocate gigabytes for.
        #expect(DeclaredSize.read(from: Self.bmp(infoSize: 0xEE00_0185, width: 48, height: 32)) == nil)
        #expect(DeclaredSize.read(from: Self.bmp(infoSize: 40, width: 48, height: 32, pixelsAt: 0xFD00_0036)) == nil)
        // An 8-bit BMP's palette may hold 256 colours, not 2³²−1 (biClrUsed at byte 46).
        var palette = Self.bmp(infoSize: 40, width: 48, height: 1)
        palette[28] = 8
        palette.replaceSubrange(46..<50, with: Self.le(256, 4))
        #expect(try #require(DeclaredSize.read(from: palette)) == DeclaredSize(width: 48, height: 1))
        palette.replaceSubrange(46..<50, with: Self.le(0xFFFF_FFFF, 4))
        #expect(DeclaredSize.read(from: palette) == nil)
        palette[28] = 24  // a true-colour BMP's optional palette is only a hint, never read
        #expect(DeclaredSize.read(from: palette) != nil)
    }

    static func tiffEntry(_ tag: Int, type: Int, value: Int, littleEndian: Bool) -> [UInt8] {
        let number: (Int, Int) -> [UInt8] = littleEndian ? { le($0, $1) } : { be($0, $1) }
        let valueField = type == 3 ? number(value, 2) + [0, 0] : number(value, 4)
        return number(tag, 2) + number(type, 2) + number(1, 4) + valueField
    }

    static func tiff(_ entries: [(tag: Int, type: Int, value: Int)], littleEndian: Bool = true) -> [UInt8] {
        let number: (Int, Int) -> [UInt8] = littleEndian ? { le($0, $1) } : { be($0, $1) }
        let header = (littleEndian ? Array("II".utf8) + [42, 0] : Array("MM".utf8) + [0, 42]) + number(8, 4)
        return header + number(entries.count, 2)
            + entries.flatMap { tiffEntry($0.tag, type: $0.type, value: $0.value, littleEndian: littleEndian) }
            + [0, 0, 0, 0]
    }

    @Test func tiffStatesItsSizeAndStripsInItsFirstDirectoryAndATagGivenTwiceCountsOnce() throws {
        for littleEndian in [true, false] {
            let striped = try #require(
                DeclaredSize.read(from: Self.tiff([(256, 3, 6000), (257, 4, 4000), (278, 3, 16)], littleEndian: littleEndian)))
            #expect(striped.width == 6000 && striped.height == 4000 && striped.rowsPerStrip == 16 && !striped.isTiled)
        }
        let tiled = try #require(DeclaredSize.read(from: Self.tiff([(256, 4, 512), (257, 4, 512), (322, 3, 256), (323, 3, 256)])))
        #expect(tiled.isTiled && tiled.rowsPerStrip == nil)
        // libtiff reads the first of a tag given twice; so does the board (the fuzzer's find).
        let twice = try #require(DeclaredSize.read(from: Self.tiff([(256, 4, 4_294_967_250), (257, 4, 32), (256, 3, 17921)])))
        #expect(twice.width == 4_294_967_250 && twice.pixelCount > DecodePlan.pixelLimit)
        #expect(DeclaredSize.read(from: Self.tiff([(257, 4, 32)])) == nil, "no width")
    }

    @Test func icoStatesTheLargestOfItsIconsBelievingTheirBitmapsOverTheDirectory() throws {
        var ico: [UInt8] = [0, 0, 1, 0] + Self.le(2, 2)
        ico += [16, 16, 0, 0] + Self.le(1, 2) + Self.le(32, 2) + Self.le(40, 4) + Self.le(38, 4)
        ico += [0, 0, 0, 0] + Self.le(1, 2) + Self.le(32, 2) + Self.le(40, 4) + Self.le(78, 4)
        ico += Self.le(40, 4) + Self.le(16, 4) + Self.le(32, 4) + [UInt8](repeating: 0, count: 28)
        ico += Self.le(40, 4) + Self.le(3000, 4) + Self.le(6000, 4) + [UInt8](repeating: 0, count: 28)
        #expect(try #require(DeclaredSize.read(from: ico)) == DeclaredSize(width: 3000, height: 3000))
    }
}
