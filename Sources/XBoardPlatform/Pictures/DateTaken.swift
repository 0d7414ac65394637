@preconcurrency import Glibc
import SystemPackage
import XBoard

/// When a photo was taken, read while its file is open for decoding (on the decode threads,
/// never on the loop): EXIF DateTimeOriginal where a JPEG has it, else the file's modification
/// time, both on the local clock as cameras record it.
enum DateTaken {
    /// How much of a file's start is read for its EXIF: APP1 comes first and is at most 64 KiB.
    static let exifReadLimit = 70_000

    /// The date of a picture file being opened (its EXIF only where it is a JPEG: the first
    /// bytes are read again, from the page cache the checks just filled); seconds since 1970 on
    /// the local clock, `nil` when neither can be told.
    static func read(from file: FileReader, format: PictureFormat) -> Double? {
        if format == .jpeg, case .success(let start) = file.read(offset: 0, count: exifReadLimit),
            let seconds = ExifDateTaken.seconds(inJPEG: start)
        {
            return seconds
        }
        return file.modified.map(onLocalClock)
    }

    /// A UTC time (seconds since 1970) as the local clock showed it then.
    private static func onLocalClock(_ seconds: Double) -> Double {
        var whole = time_t(seconds.rounded(.down)), local = tm()
        let offset = localtime_r(&whole, &local) != nil ? Double(local.tm_gmtoff) : 0
        return seconds + offset
    }
}
