import SystemPackage
import XBoard
import XBoardPlatform

/// The captions `c` shows on the prints: each photo's file name and date taken, read once per
/// photo (the date from its EXIF or file time, `TidyOrdering.dateTaken`, as read while the photo
/// was opened, off the loop — a thousand files are not read again when `c` is pressed) and kept.
struct CaptionTexts {
    /// Whether captions are shown.
    var isShown = false
    private var texts: [PhotoID: String] = [:]

    /// The captions of `photos` while shown (none while hidden); `files[id.rawValue]` is a
    /// photo's file.
    mutating func shown(for photos: [Photo], files: [FilePath], known: (PhotoID) -> Double??) -> [PhotoID: String] {
        guard isShown else { return [:] }
        var shown: [PhotoID: String] = [:]
        for photo in photos where photo.id.rawValue >= 0 && photo.id.rawValue < files.count {
            if let text = texts[photo.id] {
                shown[photo.id] = text
                continue
            }
            let path = files[photo.id.rawValue]
            let name = path.lastComponent.map { PathEscaping.escape($0.bytes) } ?? path.escaped
            let text = CaptionLayout.text(fileName: name, dateTaken: known(photo.id) ?? TidyOrdering.dateTaken(of: path))
            texts[photo.id] = text
            shown[photo.id] = text
        }
        return shown
    }
}
