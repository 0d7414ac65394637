import Foundation

/// Where Ctrl+S saves the board (see `BoardExporter`): the Pictures folder as the picker finds
/// it (`user-dirs.dirs`, then `~/Pictures`, then home).
public enum ExportPath {
    public static func next(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let folder = FolderLister.picturesFolder(environment: environment)?.string ?? environment["HOME"] ?? "/tmp"
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        var path = folder + "/photoboard-\(formatter.string(from: Date())).png"
        var suffix = 2
        while FileManager.default.fileExists(atPath: path) {
            path = folder + "/photoboard-\(formatter.string(from: Date()))-\(suffix).png"
            suffix += 1
        }
        return path
    }
}
