import SystemPackage

/// The target's side of XDND Direct Save (XDS, version 0), as Firefox and Chromium give a dragged
/// image to whoever names a file for it: what the source's answers mean, and the name the board
/// gives the file — its own, never the source's (which lends only a photo extension).
public enum DirectSave {
    /// What the source answered the request for `XdndDirectSave0`.
    public enum Answer: Equatable, Sendable {
        /// `S`: it saved the file where the board said.
        case saved
        /// `F`: it could not save it there; the spec's fallback is to ask for the bytes.
        case failed
        /// `E`: it ran into an error (and tells the user itself); the drop ends.
        case error
    }

    /// The answer in `bytes`: exactly one byte, `S`, `F` or `E`; `nil` otherwise.
    public static func answer(_ bytes: [UInt8]) -> Answer? {
        guard bytes.count == 1 else { return nil }
        switch bytes[0] {
        case UInt8(ascii: "S"): return .saved
        case UInt8(ascii: "F"): return .failed
        case UInt8(ascii: "E"): return .error
        default: return nil
        }
    }

    /// The name for the file the source is to write: `dropped-UNIQUE`, with the extension of the
    /// source's suggested name when that is a photo extension (lower case), else none.
    /// `unique` is the caller's random part (hex digits).
    public static func fileName(suggested: [UInt8], unique: String) -> String {
        let base = suggested.split(separator: UInt8(ascii: "/")).last ?? []
        var suffix = ""
        if let dot = base.lastIndex(of: UInt8(ascii: ".")), dot > base.startIndex,
            let text = String(validating: base[(dot + 1)...], as: UTF8.self), PictureFormat.fileExtensions.contains(text.lowercased())
        {
            suffix = "." + text.lowercased()
        }
        return "dropped-" + unique + suffix
    }
}
