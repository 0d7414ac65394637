import SystemPackage
import XBoard

/// Turns the command line's paths into the picture files to open, in order.
///
/// Files are taken as given (their content decides whether they are pictures); a folder
/// contributes its files with picture extensions, sorted by name, and with `recursive` its
/// sub-folders' too, each folder visited once however it is reached (symbolic-link loops end).
public enum PictureFiles {
    /// File extensions taken from folders (lower case): the photo formats the board opens
    /// (`PictureFormat`). Files named directly are judged by their content, whatever their name.
    public static let extensions: Set<String> = PictureFormat.fileExtensions

    public struct Listing: Sendable {
        public var files: [FilePath] = []
        /// One line per path that contributed nothing: "path: reason", the path escaped.
        public var problems: [String] = []
        /// The paths those lines are about, in the same order.
        public var problemPaths: [FilePath] = []
    }

    public static func list(_ paths: [FilePath], recursive: Bool) -> Listing {
        var listing = Listing()
        var visited: Set<[UInt64]> = []
        for path in paths {
            switch System.fileInfo(path) {
            case .failure(let problem):
                listing.problems.append("\(path.escaped): \(problem)")
                listing.problemPaths.append(path)
            case .success(let info) where info.kind == .directory:
                let before = listing.files.count
                collect(folder: path, info: info, recursive: recursive, visited: &visited, into: &listing)
                if listing.files.count == before {
                    listing.problems.append("\(path.escaped): folder has no pictures\(recursive ? "" : " (-r looks in its sub-folders)")")
                    listing.problemPaths.append(path)
                }
            case .success:
                listing.files.append(path)
            }
        }
        return listing
    }

    /// Whether a file name ends in one of `extensions` (in any case). A name that is only an
    /// extension (".png") has none.
    public static func hasPictureExtension(_ name: FilePath.Component) -> Bool {
        guard let dot = name.bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return false }
        guard let suffix = String(validating: name.bytes[(dot + 1)...], as: UTF8.self) else { return false }
        return extensions.contains(suffix.lowercased())
    }

    /// Orders names as a file manager does (`localizedStandardLess` on their text); names whose
    /// text is the same (bytes that are not UTF-8 shown alike) by their bytes.
    static func isOrderedBefore(_ a: FilePath.Component, _ b: FilePath.Component) -> Bool {
        let left = String(decoding: a.bytes, as: UTF8.self), right = String(decoding: b.bytes, as: UTF8.self)
        if left.localizedStandardLess(right) { return true }
        if right.localizedStandardLess(left) { return false }
        return a.bytes.lexicographicallyPrecedes(b.bytes)
    }

    private static func collect(
        folder: FilePath, info: FileInfo, recursive: Bool, visited: inout Set<[UInt64]>, into listing: inout Listing
    ) {
        guard visited.insert([info.device, info.inode]).inserted else { return }  // seen: a link loop or a repeat
        let names: [FilePath.Component]
        switch System.directoryEntries(folder) {
        case .success(let entries): names = entries.sorted(by: isOrderedBefore)
        case .failure(let problem):
            listing.problems.append("\(folder.escaped): \(problem)")
            listing.problemPaths.append(folder)
            return
        }
        var subfolders: [(FilePath, FileInfo)] = []
        for name in names where name.bytes.first != UInt8(ascii: ".") {
            let path = folder.appending(name)
            switch System.fileInfo(path) {
            case .success(let entry) where entry.kind == .directory:
                if recursive { subfolders.append((path, entry)) }
            case .success(let entry) where entry.kind == .regular:
                if hasPictureExtension(name) { listing.files.append(path) }
            case .success:
                break
            case .failure(let problem):
                if hasPictureExtension(name) || problem == .symbolicLinkLoop {
                    listing.problems.append("\(path.escaped): \(problem)")
                    listing.problemPaths.append(path)
                }
            }
        }
        for (path, entry) in subfolders { collect(folder: path, info: entry, recursive: recursive, visited: &visited, into: &listing) }
    }
}

extension String {
    /// Orders names as a file manager does: case-insensitively, with runs of digits compared
    /// as numbers ("IMG_2" before "IMG_10").
    func localizedStandardLess(_ other: String) -> Bool {
        var left = lowercased().unicodeScalars[...], right = other.lowercased().unicodeScalars[...]
        while let a = left.first, let b = right.first {
            if a.properties.numericType != nil, b.properties.numericType != nil {
                let leftDigits = left.prefix { $0.properties.numericType != nil }
                let rightDigits = right.prefix { $0.properties.numericType != nil }
                let leftNumber = String(String.UnicodeScalarView(leftDigits)).drop { $0 == "0" }
                let rightNumber = String(String.UnicodeScalarView(rightDigits)).drop { $0 == "0" }
                if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count }
                if leftNumber != rightNumber { return leftNumber < rightNumber }
                left = left.dropFirst(leftDigits.count)
                right = right.dropFirst(rightDigits.count)
            } else {
                if a != b { return a.value < b.value }
                left = left.dropFirst()
                right = right.dropFirst()
            }
        }
        if left.isEmpty != right.isEmpty { return left.isEmpty }
        return self < other
    }
}
