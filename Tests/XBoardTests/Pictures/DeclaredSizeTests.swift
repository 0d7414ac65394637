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
}
