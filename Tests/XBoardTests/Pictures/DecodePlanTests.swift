import Testing
import XBoard

/// A decode is planned from the header alone: refused over the limit, sized, given its decoder,
/// and budgeted.
@Suite struct DecodePlanTests {
    static func declared(_ width: Int, _ height: Int, _ configure: (inout DeclaredSize) -> Void = { _ in }) -> DeclaredSize {
        var size = DeclaredSize(width: width, height: height)
        configure(&size)
        return size
    }

    @Test func picturesOverTheLimitOrEmptyAreRefusedWithTheirSize() {
        #expect(throws: DecodePlan.Refusal.overLimit(Self.declared(20000, 20000))) {
            try DecodePlan(format: .heif, declared: Self.declared(20000, 20000), maximumLongEdge: 1024)
        }
        #expect(throws: DecodePlan.Refusal.empty(.gif, Self.declared(0, 1))) {
            try DecodePlan(format: .gif, declared: Self.declared(0, 1), maximumLongEdge: 1024)
        }
        let refusal = DecodePlan.Refusal.overLimit(Self.declared(60000, 60000))
        #expect(refusal.description == "declares 60000×60000 pixels (3600 megapixels), over the 200-megapixel limit; not opened")
        #expect((try? DecodePlan(format: .png, declared: Self.declared(20000, 10000), maximumLongEdge: 1024)) != nil, "exactly the limit")
    }

    @Test func theDecodeSizeScalesDownNeverUpKeepingTheShape() throws {
        #expect(DecodePlan.decodeSize(width: 4000, height: 3000, maximumLongEdge: 1024) == (1024, 768))
        #expect(DecodePlan.decodeSize(width: 3000, height: 4000, maximumLongEdge: 1024) == (768, 1024))
        #expect(DecodePlan.decodeSize(width: 120, height: 80, maximumLongEdge: 1024) == (120, 80))
        #expect(DecodePlan.decodeSize(width: 200_000, height: 1000, maximumLongEdge: 1024) == (1024, 5))
        #expect(DecodePlan.decodeSize(width: 100_000, height: 1, maximumLongEdge: 1024) == (1024, 1))
    }

    @Test func bigPNGsTIFFsAndStillWebPsAreDecodedRowByRowAndTheRestByTheirLoader() throws {
        func method(_ format: PictureFormat, _ size: DeclaredSize, longEdge: Int = 1024) throws -> DecodePlan.Method {
            try DecodePlan(format: format, declared: size, maximumLongEdge: longEdge).method
        }
        #expect(try method(.png, Self.declared(14142, 10607)) == .scaledRows)
        #expect(try method(.png, Self.declared(14142, 10607) { $0.isProgressive = true }) == .loader, "interlaced")
        #expect(try method(.png, Self.declared(800, 600)) == .loader, "not scaled down")
        #expect(try method(.tiff, Self.declared(8000, 6000) { $0.rowsPerStrip = 8 }) == .scaledRows)
        #expect(try method(.tiff, Self.declared(8000, 6000) { $0.isTiled = true }) == .loader)
        #expect(try method(.webp, Self.declared(8000, 6000)) == .scaledRows)
        #expect(try method(.webp, Self.declared(8000, 6000) { $0.isAnimated = true }) == .loader)
        for format in [PictureFormat.jpeg, .gif, .bmp, .heif, .avif, .ico] {
            #expect(try method(format, Self.declared(8000, 6000)) == .loader)
        }
    }

    @Test func aBigPNGDecodedRowByRowIsBudgetedAtAFractionOfItsFullSize() throws {
        let size = Self.declared(15000, 10000)  // 150 megapixels
        let rows = try DecodePlan(format: .png, declared: size, maximumLongEdge: 1024).memoryEstimate
        let whole = try DecodePlan(
            format: .png,
            declared: {
                var s = size; s.isProgressive = true; return s
            }(), maximumLongEdge: 1024
        ).memoryEstimate
        #expect(rows < 64 << 20, "\(rows >> 20) MiB")
        #expect(whole > 570 << 20, "\(whole >> 20) MiB: the loader holds 150 MP of RGBA")
        let heif = try DecodePlan(format: .heif, declared: Self.declared(12000, 16000), maximumLongEdge: 1024).memoryEstimate
        #expect(heif > 1 << 30, "HEIF holds its planes and an RGBA copy: \(heif >> 20) MiB")
        let jpeg = try DecodePlan(format: .jpeg, declared: Self.declared(12000, 16000), maximumLongEdge: 1024).memoryEstimate
        #expect(jpeg < 64 << 20, "a baseline JPEG scales in its DCT: \(jpeg >> 20) MiB")
    }
}
