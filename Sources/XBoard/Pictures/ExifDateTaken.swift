/// When a photo was taken, from its EXIF DateTimeOriginal (tag 36867 in the EXIF sub-IFD that
/// tag 34665 of the first IFD points to): "YYYY:MM:DD HH:MM:SS", the camera's local time.
///
/// Read from a JPEG's APP1 "Exif" segment (as `EmbeddedOrientation` finds it); every offset is
/// checked against the bytes at hand, so a damaged or hostile file yields `nil`, never a trap.
public enum ExifDateTaken {
    /// The moment as seconds since 1970-01-01 00:00:00 in the camera's clock (no time zone is
    /// recorded; sorting photos of one camera needs none), or `nil` when the file says nothing.
    public static func seconds(inJPEG bytes: [UInt8]) -> Double? {
        exifTIFF(inJPEG: bytes).flatMap(fromTIFF)
    }

    /// The TIFF structure of a JPEG's APP1 "Exif" segment, within the bytes at hand.
    static func exifTIFF(inJPEG bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let code = bytes[offset + 1]
            if code == 0xFF {
                offset += 1
                continue
            }
            if code == 0xD9 || code == 0xDA { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return nil }
            let start = offset + 4, header = Array("Exif".utf8) + [0, 0]
            if code == 0xE1, start + header.count <= bytes.count, Array(bytes[start..<(start + header.count)]) == header {
                let tiffStart = start + header.count
                let end = min(bytes.count, offset + 2 + length)
                guard tiffStart < end else { return nil }
                return Array(bytes[tiffStart..<end])
            }
            offset += 2 + length
        }
        return nil
    }

    /// DateTimeOriginal from a TIFF structure (offsets relative to its first byte).
    static func fromTIFF(_ bytes: [UInt8]) -> Double? {
        guard let tiff = TIFFStructure(bytes.reader, base: 0, limit: bytes.count), let first = tiff.firstDirectory,
            let exifOffset = tiff.entries(at: first)?[34665]?.number, let date = tiff.entries(at: exifOffset)?[36867], date.type == 2,
            date.count >= 19, let textOffset = date.offset, textOffset + 19 <= bytes.count
        else { return nil }
        return seconds(fromText: Array(bytes[textOffset..<(textOffset + 19)]))
    }

    /// "YYYY:MM:DD HH:MM:SS" as seconds since 1970 (proleptic Gregorian, no time zone); `nil`
    /// for anything else, including the all-blank or all-zero dates some cameras write.
    public static func seconds(fromText text: [UInt8]) -> Double? {
        guard text.count >= 19 else { return nil }
        func field(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in text[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = field(0..<4), let month = field(5..<7), let day = field(8..<10), let hour = field(11..<13),
            let minute = field(14..<16), let second = field(17..<19), year > 0, (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        // Days from the civil date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second)
    }
}
