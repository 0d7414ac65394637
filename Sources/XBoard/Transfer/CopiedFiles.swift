import SystemPackage

/// Files copied in a file manager, as it puts them on the clipboard: GNOME's
/// `x-special/gnome-copied-files` (`copy` or `cut` on the first line, then one URI a line) and
/// the text Nautilus 3.30 and later offers instead (`x-special/nautilus-clipboard`, then the
/// same lines), read strictly through `FileURIList`.
public enum CopiedFiles {
    /// The first line of Nautilus's clipboard text.
    public static let nautilusHeader = "x-special/nautilus-clipboard"

    /// The local paths in a `x-special/gnome-copied-files` value and the entries refused, or
    /// `nil` when its first line is not `copy` or `cut`.
    public static func paths(inGnomeCopiedFiles bytes: [UInt8], hostName: String) -> (paths: [FilePath], refused: [DropReport.LeftOut])? {
        guard let rest = dropLine(in: bytes[...], ifOneOf: ["copy", "cut"]) else { return nil }
        return FileURIList.paths(in: Array(rest), hostName: hostName)
    }

    /// The local paths in Nautilus's clipboard text and the entries refused, or `nil` when the
    /// text is not Nautilus's (any other text someone copied).
    public static func paths(inNautilusText bytes: [UInt8], hostName: String) -> (paths: [FilePath], refused: [DropReport.LeftOut])? {
        guard let afterHeader = dropLine(in: bytes[...], ifOneOf: [nautilusHeader]),
            let rest = dropLine(in: afterHeader, ifOneOf: ["copy", "cut"])
        else { return nil }
        return FileURIList.paths(in: Array(rest), hostName: hostName)
    }

    /// What follows the first line when that line (less a final CR) is one of `words`.
    private static func dropLine(in bytes: ArraySlice<UInt8>, ifOneOf words: [String]) -> ArraySlice<UInt8>? {
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        var line = bytes[..<end]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        guard words.contains(where: { line.elementsEqual($0.utf8) }) else { return nil }
        return end < bytes.endIndex ? bytes[(end + 1)...] : []
    }
}
