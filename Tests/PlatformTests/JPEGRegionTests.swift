import CPictureDecoding
import Foundation
import Testing
import XorgHarness

/// Regions of a JPEG through libjpeg-turbo's cropping and row skipping (the tiles of issue 39):
/// a region decoded alone is exactly the pixels of that part of the whole picture decoded at the same
/// scale, at any offset, at each of the DCT scales, up to the picture's edges.
@Suite struct JPEGRegionTests {
    static let (width, height) = (1000, 700)

    /// A noisy picture (every pixel differs from its neighbours), so a region off by a pixel
    /// cannot pass; written once per test.
    func picture() throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("region-\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try TestPhotos.writeJPEG(to: path, width: Self.width, height: Self.height, left: 0xC0_4020, right: 0x20_40C0, noise: 60)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func decode(_ bytes: [UInt8], denom: Int, x: Int, y: Int, width: Int, height: Int) -> (status: Int32, pixels: [UInt8], message: String)
    {
        var pixels = [UInt8](repeating: 0, count: max(0, width * height * 4))
        var result = cpd_scaled_result()
        var request = cpd_region_request(
            declared_width: Int32(Self.width), declared_height: Int32(Self.height), scale_denom: Int32(denom), x: Int32(x), y: Int32(y),
            width: Int32(width), height: Int32(height))
        let status = bytes.withUnsafeBufferPointer { buffer in
            var source = cpd_source(descriptor: -1, bytes: buffer.baseAddress, size: Int64(buffer.count))
            return pixels.withUnsafeMutableBufferPointer { cpd_decode_jpeg_region(&source, &request, $0.baseAddress, &result) }
        }
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return (status, pixels, message)
    }

    @Test(arguments: [1, 2, 8])
    func aRegionIsThatPartOfTheWholePicture(denom: Int) throws {
        let bytes = try picture()
        let (w, h) = ((Self.width + denom - 1) / denom, (Self.height + denom - 1) / denom)
        let whole = decode(bytes, denom: denom, x: 0, y: 0, width: w, height: h)
        #expect(whole.status == 0, "\(whole.message)")
        // Off the blocks' grid, in the middle; and the last pixels at the right and bottom edges.
        for (x, y, rw, rh) in [(w / 3 + 5, h / 4 + 3, w / 3, h / 5), (w - w / 4, h - h / 3, w / 4, h / 3), (0, 0, 17, 9)] {
            let region = decode(bytes, denom: denom, x: x, y: y, width: rw, height: rh)
            #expect(region.status == 0, "\(region.message)")
            var differing = 0, largest = 0
            for row in 0..<rh {
                for index in 0..<(rw * 4) {
                    let a = Int(region.pixels[row * rw * 4 + index]), b = Int(whole.pixels[((y + row) * w + x) * 4 + index])
                    if a != b { differing += 1 }
                    largest = max(largest, abs(a - b))
                }
            }
            // libjpeg-turbo crops whole iMCUs and upsamples them as in the whole decode: the same values.
            #expect(differing == 0, "1/\(denom) at (\(x), \(y)): \(differing) values differ, by up to \(largest)")
        }
    }

    @Test func aRegionOutsideThePictureOrAnUnknownScaleIsRefusedInOneLine() throws {
        let bytes = try picture()
        let outside = decode(bytes, denom: 2, x: 400, y: 300, width: 200, height: 100)
        #expect(outside.status == -1 && outside.message == "the region 200x100 at (400, 300) is not inside the 500x350 picture")
        let scale = decode(bytes, denom: 3, x: 0, y: 0, width: 10, height: 10)
        #expect(scale.status == -1 && scale.message.hasPrefix("a scale of 1/3 is not one JPEG decodes at"))
    }

    @Test func aFileCutShortGivesTheRowsThatArrived() throws {
        let bytes = try picture()
        let cut = decode(Array(bytes.prefix(bytes.count / 2)), denom: 1, x: 100, y: 0, width: 300, height: 700)
        #expect(cut.status == 1, "\(cut.message)")
        #expect(!cut.message.isEmpty)
        let whole = decode(bytes, denom: 1, x: 100, y: 0, width: 300, height: 700)
        #expect(Array(cut.pixels.prefix(300 * 4 * 50)) == Array(whole.pixels.prefix(300 * 4 * 50)), "the first rows as in the whole file")
    }
}
