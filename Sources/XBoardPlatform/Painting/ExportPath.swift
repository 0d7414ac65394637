import Foundation

/// Where Ctrl+S saves the board (see `BoardExporter`).
public enum ExportPath {
    public static func next() -> String {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/tmp"
        var isFolder: ObjCBool = false
        let pictures = home + "/Pictures"
        let folder = FileManager.default.fileExists(atPath: pictures, isDirectory: &isFolder) && isFolder.boolValue ? pictures : home
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
