@preconcurrency import Glibc
import SystemPackage
import XBoard

/// The order `t` tidies photos in: by file name as a file manager sorts them (`IMG_2` before
/// `IMG_10`, the folder left out), or by date taken — EXIF DateTimeOriginal where a JPEG has
/// it, else the file's modification time — with the name breaking ties.
public enum TidyOrdering {
    /// How much of a file's start is read for its EXIF: APP1 comes first and is at most 64 KiB.
    static let exifReadLimit = 70_000

    /// `photos` sorted; a photo's file is `files[id.rawValue]` (ids past the list keep their place
    /// at the end). A date already known (`known`, read as the photo was opened) is used as it
    /// is; only the others are read from their files.
    public static func order(
        of photos: [PhotoID], files: [FilePath], byDate: Bool, known knownDates: (PhotoID) -> Double?? = { _ in nil }
    ) -> [PhotoID] {
        let known = photos.filter { $0.rawValue >= 0 && $0.rawValue < files.count }
        let unknown = photos.filter { !($0.rawValue >= 0 && $0.rawValue < files.count) }
        let dates =
            byDate ? Dictionary(uniqueKeysWithValues: known.map { ($0, knownDates($0) ?? dateTaken(of: files[$0.rawValue])) }) : [:]
        let sorted = known.sorted { a, b in
            if byDate, let left = dates[a] ?? nil, let right = dates[b] ?? nil, left != right { return left < right }
            if byDate, (dates[a] ?? nil) == nil, (dates[b] ?? nil) != nil { return false }  // undated last
            if byDate, (dates[a] ?? nil) != nil, (dates[b] ?? nil) == nil { return true }
            let left = files[a.rawValue], right = files[b.rawValue]
            guard let leftName = left.lastComponent, let rightName = right.lastComponent, leftName != rightName else {
                return left.string.localizedStandardLess(right.string) || (left == right && a.rawValue < b.rawValue)
            }
            return PictureFiles.isOrderedBefore(leftName, rightName)
        }
        return sorted + unknown
    }

    /// When the photo at `path` was taken, in seconds since 1970 on the local clock (as cameras
    /// record it): its EXIF DateTimeOriginal, or else the file's modification time moved to the
    /// local time zone; `nil` when neither can be read.
    public static func dateTaken(of path: FilePath) -> Double? {
        if case .success(let start) = System.readFile(path, limit: exifReadLimit), let seconds = ExifDateTaken.seconds(inJPEG: start) {
            return seconds
        }
        var info = stat()
        guard case .success = System.retryingInterrupts({ path.withPlatformString { stat($0, &info) } }) else { return nil }
        return onLocalClock(Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    /// The same for a picture file being opened (its EXIF only where it is a JPEG: the first
    /// bytes are read again, from the page cache the checks just filled).
    static func dateTaken(of file: FileReader, format: PictureFormat) -> Double? {
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
