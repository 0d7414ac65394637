import Testing
import XBoard

@Suite struct IconDirectoryTests {
    static func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) } }

    /// An icon file of `icons` (size, bits per pixel, bytes), their bytes after the directory.
    static func icon(_ icons: [(size: Int, bits: Int, bytes: [UInt8])]) -> [UInt8] {
        var file = [0, 0, 1, 0] + le(icons.count, 2)
        var offset = 6 + 16 * icons.count
        for icon in icons {
            file += [UInt8(icon.size & 0xFF), UInt8(icon.size & 0xFF), 0, 0] + le(1, 2) + le(icon.bits, 2)
            file += le(icon.bytes.count, 4) + le(offset, 4)
            offset += icon.bytes.count
        }
        return file + icons.flatMap(\.bytes)
    }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 30)
    static let bitmap: [UInt8] = le(40, 4) + [UInt8](repeating: 1, count: 60)

    static func directory(_ file: [UInt8]) -> IconDirectory? {
        IconDirectory(EmbeddedOrientation.reader(over: file), fileSize: file.count)
    }

    @Test func theLargestIconIsShownAndItsPNGBytesAreFound() throws {
        let file = Self.icon([(16, 32, Self.bitmap), (0, 32, Self.png), (48, 32, Self.bitmap)])
        let largest = try #require(Self.directory(file)?.largest)
        #expect(largest.width == 256 && largest.height == 256 && largest.isPNG)
        #expect(Array(file[largest.offset..<(largest.offset + largest.length)]) == Self.png)
    }

    @Test func aBitmapLargestStaysABitmapAndTiesGoToMoreBitsThenTheFirst() throws {
        let deeper = try #require(Self.directory(Self.icon([(32, 8, Self.png), (32, 32, Self.bitmap), (16, 32, Self.png)]))?.largest)
        #expect(deeper.bitCount == 32 && !deeper.isPNG)
        let first = try #require(Self.directory(Self.icon([(32, 32, Self.bitmap), (32, 32, Self.png)]))?.largest)
        #expect(!first.isPNG)
    }

    @Test func entriesOutsideTheFileOrAShortDirectoryAreRefused() {
        var file = Self.icon([(32, 32, Self.png)])
        #expect(Self.directory(Array(file.dropLast())) == nil)  // its bytes run past the end
        #expect(Self.directory(Array(file.prefix(20))) == nil)  // the directory is cut
        file[18...21] = [0, 0, 0, 0]  // offset 0: inside the directory itself
        #expect(Self.directory(file) == nil)
        #expect(Self.directory([0, 0, 1, 0, 0, 0]) == nil)  // no icons
    }
}
