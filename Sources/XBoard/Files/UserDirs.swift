import SystemPackage

/// The XDG user directories (`user-dirs.dirs`, as xdg-user-dirs writes it): lines of
/// `XDG_NAME_DIR="$HOME/Folder"` or an absolute path in quotes, `#` comments. Where the photo
/// picker starts is `XDG_PICTURES_DIR`.
public enum UserDirs {
    /// The folder `name` (`PICTURES`) stands for in `text`, with `$HOME` replaced by `home`;
    /// `nil` when the file does not say, says it badly, or says the home folder itself (which
    /// xdg-user-dirs writes for a folder it disabled).
    public static func folder(_ name: String, in text: String, home: FilePath) -> FilePath? {
        let key = "XDG_\(name)_DIR="
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix(key) else { continue }
            var value = trimmed.dropFirst(key.count)
            guard value.first == "\"", let close = value.dropFirst().firstIndex(of: "\"") else { return nil }
            value = value[value.index(after: value.startIndex)..<close]
            let path: FilePath
            if value.hasPrefix("$HOME") {
                let rest = value.dropFirst("$HOME".count)
                guard rest.isEmpty || rest.hasPrefix("/") else { return nil }
                path = FilePath(home.string + rest)
            } else if value.hasPrefix("/") {
                path = FilePath(String(value))
            } else {
                return nil
            }
            return path.lexicallyNormalized() == home.lexicallyNormalized() ? nil : path
        }
        return nil
    }
}
