import SystemPackage

/// Paths relative to a folder, as board documents store them, so a folder and its board can be
/// moved or shared together.
extension FilePath {
    /// This absolute path written relative to the absolute folder `base`, with `..` where it
    /// lies outside it (`/a/b/c.png` relative to `/a/d` is `../b/c.png`); `nil` when either is
    /// not absolute. Both are taken as they are (lexically): resolve links first.
    public func relative(to base: FilePath) -> FilePath? {
        guard isAbsolute, base.isAbsolute else { return nil }
        let target = Array(lexicallyNormalized().components), folder = Array(base.lexicallyNormalized().components)
        var shared = 0
        while shared < min(target.count, folder.count), target[shared] == folder[shared] { shared += 1 }
        var relative = FilePath()
        for _ in shared..<folder.count { relative.append("..") }
        relative.append(target[shared...])
        return relative.isEmpty ? FilePath(".") : relative
    }

    /// This path read relative to the folder `base` (unchanged when already absolute), with
    /// `.` and `..` resolved lexically.
    public func resolved(against base: FilePath) -> FilePath {
        isAbsolute ? lexicallyNormalized() : base.pushing(self).lexicallyNormalized()
    }
}
