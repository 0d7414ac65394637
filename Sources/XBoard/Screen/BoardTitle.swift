/// The window's title: what the board shows, then the application, as desktops name windows
/// ("trip — Photoboard").
public enum BoardTitle {
    public static let application = "Photoboard"

    /// "NAME — Photoboard" for one folder or file (its last path component), "NAME and N more —
    /// Photoboard" for several, "Photoboard" for none (the bundled sample photos).
    public static func title(for paths: [String]) -> String {
        guard let first = paths.first else { return application }
        let name = lastComponent(of: first)
        let shown = paths.count == 1 ? name : "\(name) and \(paths.count - 1) more"
        return "\(shown) — \(application)"
    }

    /// The last component of a path, trailing slashes ignored ("/" for the root).
    static func lastComponent(of path: String) -> String {
        let components = path.split(separator: "/")
        guard let last = components.last else { return path.isEmpty ? path : "/" }
        return String(last)
    }
}
