import Testing
import XBoard

/// Scaling pixels down by area averaging.
@Suite struct PixelScalingTests {
    func scaled(_ source: [UInt8], width: Int, height: Int, to targetWidth: Int, _ targetHeight: Int) -> [UInt8]? {
        var target = [UInt8](repeating: 0xEE, count: targetWidth * targetHeight * 4)
        let isDone = source.withUnsafeBytes { source in
            target.withUnsafeMutableBytes { target in
                PixelScaling.scaleDown(
                    source, width: width, height: height, stride: width * 4, into: target, width: targetWidth, height: targetHeight,
                    stride: targetWidth * 4)
            }
        }
        return isDone ? target : nil
    }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        // 4×2 pixels: left block black and white, right block two greys; each byte averaged alone.
        let source: [UInt8] = [
            0, 0, 0, 255, 255, 255, 255, 255, 100, 100, 100, 255, 50, 50, 50, 255,
            0, 0, 0, 255, 255, 255, 255, 255, 100, 100, 100, 255, 50, 50, 50, 255,
        ]
        #expect(scaled(source, width: 4, height: 2, to: 2, 1) == [128, 128, 128, 255, 75, 75, 75, 255])
    }

    @Test func aThirdOfAPixelCountsByItsShare() {
        // Three pixels to two: each target covers 1.5 sources.
        let source: [UInt8] = [0, 0, 0, 0, 90, 90, 90, 90, 180, 180, 180, 180]
        #expect(scaled(source, width: 3, height: 1, to: 2, 1) == [30, 30, 30, 30, 150, 150, 150, 150])
    }

    @Test func premultipliedColoursStayWithinTheirAlpha() throws {
        var random = SeededRandom(seed: 7)
        var source: [UInt8] = []
        for _ in 0..<(37 * 23) {
            let alpha = UInt8(random.next(in: 0...255).rounded())
            source += (0..<3).map { _ in UInt8((random.next(in: 0...1) * Double(alpha)).rounded(.down)) } + [alpha]
        }
        let target = try #require(scaled(source, width: 37, height: 23, to: 11, 7))
        for pixel in stride(from: 0, to: target.count, by: 4) {
            #expect(target[pixel] <= target[pixel + 3] && target[pixel + 1] <= target[pixel + 3] && target[pixel + 2] <= target[pixel + 3])
        }
    }

    @Test func aFlatColourStaysThatColourAtAnySize() throws {
        let source = [UInt8]((0..<(100 * 75)).flatMap { _ in [40, 80, 120, 255] as [UInt8] })
        for (width, height) in [(100, 75), (99, 74), (13, 10), (1, 1), (7, 75)] {
            let target = try #require(scaled(source, width: 100, height: 75, to: width, height))
            #expect(Set(stride(from: 0, to: target.count, by: 4).map { Array(target[$0..<($0 + 4)]) }) == [[40, 80, 120, 255]])
        }
    }

    @Test func growingOrUndersizedBuffersAreRefused() {
        let source = [UInt8](repeating: 1, count: 16)
        #expect(scaled(source, width: 2, height: 2, to: 3, 1) == nil)
        #expect(scaled(source, width: 2, height: 3, to: 1, 1) == nil, "the source is shorter than its size says")
        #expect(scaled(source, width: 2, height: 2, to: 0, 1) == nil)
    }
}
