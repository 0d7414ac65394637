import Testing
import XBoard

@Suite struct ExifDateTakenTests {
    /// A JPEG start with an APP1 Exif segment whose first IFD points to an EXIF IFD holding
    /// DateTimeOriginal, in either byte order.
    static func jpeg(date: String, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        var tiff: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
        // IFD0 at 8: one entry, ExifIFD pointer (34665, LONG) → 26.
        tiff += u16(1) + u16(34665) + u16(4) + u32(1) + u32(26) + u32(0)
        // EXIF IFD at 26: one entry, DateTimeOriginal (36867, ASCII, 20) → 44.
        tiff += u16(1) + u16(36867) + u16(2) + u32(20) + u32(44) + u32(0)
        tiff += Array(date.utf8) + [0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + [0xFF, 0xDA, 0, 2]
    }

    @Test(arguments: [true, false])
    func dateTimeOriginalIsReadInEitherByteOrder(littleEndian: Bool) {
        // 2021-03-04 05:06:07 is 1 614 834 367 s after 1970 (as if UTC).
        #expect(ExifDateTaken.seconds(inJPEG: Self.jpeg(date: "2021:03:04 05:06:07", littleEndian: littleEndian)) == 1_614_834_367)
    }

    @Test func laterDatesSortLater() {
        let dates = ["1999:12:31 23:59:59", "2000:01:01 00:00:00", "2000:02:29 12:00:00", "2024:07:01 08:00:00"]
        let seconds = dates.map { ExifDateTaken.seconds(fromText: Array($0.utf8)) }
        #expect(seconds.allSatisfy { $0 != nil })
        #expect(seconds.compactMap { $0 } == seconds.compactMap { $0 }.sorted())
        #expect(seconds[1] == 946_684_800)
    }

    @Test func blankDamagedAndMissingDatesAreNil() {
        #expect(ExifDateTaken.seconds(fromText: Array("0000:00:00 00:00:00".utf8)) == nil)
        #expect(ExifDateTaken.seconds(fromText: Array("    :  :     :  :  ".utf8)) == nil)
        #expect(ExifDateTaken.seconds(inJPEG: Self.jpeg(date: "2021:13:04 05:06:07", littleEndian: true)) == nil)
        #expect(ExifDateTaken.seconds(inJPEG: [0xFF, 0xD8, 0xFF, 0xD9]) == nil)
        let whole = Self.jpeg(date: "2021:03:04 05:06:07", littleEndian: true)
        for cut in stride(from: 0, to: whole.count, by: 3) { _ = ExifDateTaken.seconds(inJPEG: Array(whole.prefix(cut))) }  // never traps
        var pointingAway = whole
        pointingAway[12 + 6 + 8 + 2 + 8] = 0xFF  // the EXIF IFD pointer far past the end
        #expect(ExifDateTaken.seconds(inJPEG: pointingAway) == nil)
    }
}
