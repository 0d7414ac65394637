/// What a clipboard owner or a drag source can hand the board, in the order the board prefers:
/// a picture's bytes (`image/png` first, then the other photo formats), then a list of files.
///
/// Chosen from the target names the other side offers (`TARGETS`, `XdndTypeList`). A label is
/// only a promise: picture bytes are judged by their content when they are decoded, and a file
/// list by each entry.
public enum TransferFlavor: Hashable, Sendable, CustomStringConvertible {
    /// A picture's bytes, offered as this MIME type (`image/png`, `image/jpeg`, …,
    /// `application/octet-stream` from Chromium drags).
    case picture(mimeType: String)
    /// A `text/uri-list` (RFC 2483).
    case uriList
    /// GNOME's `x-special/gnome-copied-files`: `copy` or `cut`, then one URI a line.
    case gnomeCopiedFiles
    /// Text that may be Nautilus's clipboard (`x-special/nautilus-clipboard`, a line saying
    /// `copy` or `cut`, then one URI a line), offered as this text target.
    case text(target: String)

    /// The target name to ask for.
    public var target: String {
        switch self {
        case .picture(let mimeType): mimeType
        case .uriList: "text/uri-list"
        case .gnomeCopiedFiles: "x-special/gnome-copied-files"
        case .text(let target): target
        }
    }

    public var description: String { target }

    /// Text targets, best first, that Nautilus's clipboard text comes as.
    static let textTargets = ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain"]

    /// The best flavor among `targets` (names, in any order), or `nil` when none is a picture,
    /// a file list or text: `image/png`, then the other photo formats' types (in
    /// `PictureFormat`'s order), then `text/uri-list`, `x-special/gnome-copied-files`, and
    /// text last (which holds files only when it is Nautilus's).
    public static func best(among targets: [String]) -> TransferFlavor? {
        // MIME types are case-insensitive; the name asked for is the one offered.
        var offered: [String: String] = [:]
        for target in targets { offered[target.lowercased()] = offered[target.lowercased()] ?? target }
        for format in [PictureFormat.png] + PictureFormat.allCases.filter({ $0 != .png }) {
            if let type = format.mimeTypes.first(where: { offered[$0] != nil }), let name = offered[type] {
                return .picture(mimeType: name)
            }
        }
        if offered["text/uri-list"] != nil { return .uriList }
        if offered["x-special/gnome-copied-files"] != nil { return .gnomeCopiedFiles }
        if let text = textTargets.first(where: { offered[$0.lowercased()] != nil }), let name = offered[text.lowercased()] {
            return .text(target: name)
        }
        return nil
    }

    /// Why nothing among `targets` can be taken, for a person: what it offers instead, shortened.
    public static func refusal(of targets: [String], from place: String) -> String {
        let meaningful = targets.filter { !["TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS", "DELETE"].contains($0) }
        guard !meaningful.isEmpty else { return "\(place) is empty" }
        let named = meaningful.prefix(4).map { PathEscaping.escape(Array($0.utf8).prefix(60)) }.joined(separator: ", ")
        let more = meaningful.count > 4 ? " and \(meaningful.count - 4) more" : ""
        return "\(place) holds no picture or file the board opens (it offers \(named)\(more))"
    }
}
