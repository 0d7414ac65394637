/// The photo formats the board opens: the only ones whose bytes ever reach a decoder.
///
/// Decided by content (magic bytes), never by the file's name, so a TGA named `.jpg` is a TGA.
/// gdk-pixbuf would hand any file to whichever of its loaders claims the bytes — ANI, ICNS,
/// QTIF, TGA, XPM, XBM, PNM and SVG included, the loaders that have needed security fixes —
/// so `PictureContent` names those and the board refuses them.
public enum PictureFormat: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case jpeg, png, gif, webp, tiff, bmp, heif, avif
    /// Windows icons (and their cursor twin, CUR): small, often the only picture of a program.
    case ico

    /// The name people know, for messages.
    public var description: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .tiff: "TIFF"
        case .bmp: "BMP"
        case .heif: "HEIF"
        case .avif: "AVIF"
        case .ico: "ICO"
        }
    }

    /// The gdk-pixbuf loader that decodes this format (its format name): each format goes to
    /// one chosen loader, never to whichever claims the bytes. (The HEIF loader is named
    /// "heif/avif"; AVIF goes to libavif's own loader.)
    public var loaderName: String {
        switch self {
        case .heif: "heif/avif"
        default: rawValue
        }
    }

    /// "JPEG, PNG, GIF, WebP, TIFF, BMP, HEIF, AVIF and ICO", for messages.
    public static var listed: String {
        let names = allCases.map(\.description)
        return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
}

/// What a file's first bytes say it holds: a photo format the board opens, another picture
/// format it refuses, text, or nothing it knows.
public enum PictureContent: Equatable, Sendable {
    case picture(PictureFormat)
    /// A picture format the board does not open, by the name people know it by ("TGA").
    case refused(String)
    /// Mostly printable characters and no NUL: notes, a web page, a script.
    case text
    case unknown

    /// How many of a file's first bytes `init(head:)` looks at (fewer is fine for a short file).
    public static let headLength = 512

    /// Recognizes the content from the file's first bytes (`headLength` or all of a shorter file).
    public init(head: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && head[offset..<(offset + prefix.count)].elementsEqual(prefix)
        }
        func starts(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }

        // Strong signatures first, then text (XPM, XBM, SVG and notes), then the weak ones.
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .picture(.jpeg)
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .picture(.png)
        } else if starts("GIF87a") || starts("GIF89a") {
            self = .picture(.gif)
        } else if starts("RIFF"), starts("WEBP", at: 8) {
            self = .picture(.webp)
        } else if starts("RIFF"), starts("ACON", at: 8) {
            self = .refused("ANI (animated cursor)")
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .picture(.tiff)
        } else if starts("ftyp", at: 4) {
            self = Self.isoMedia(head)
        } else if ["idsc", "idat", "iicc", "pnot"].contains(where: { starts($0, at: 4) }) {
            self = .refused("QTIF (QuickTime image)")
        } else if starts("icns") {
            self = .refused("ICNS (Mac OS icon)")
        } else if head.count >= 3, head[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(head[1]),
            [0x20, 0x09, 0x0A, 0x0D].contains(head[2])
        {
            self = .refused("PNM (portable anymap)")
        } else if let text = Self.textKind(head) {
            self = text
        } else if starts("BM"), head.count >= 18 {
            self = .picture(.bmp)
        } else if starts([0, 0, 1, 0]) || starts([0, 0, 2, 0]), head.count >= 6, head[4] != 0 || head[5] != 0 {
            self = .picture(.ico)
        } else if Self.looksLikeTGA(head) {
            self = .refused("TGA (Targa)")
        } else {
            self = .unknown
        }
    }

    /// HEIF or AVIF by the brands of the `ftyp` box; anything else in an ISO media file (a
    /// video, a QuickTime movie) is not a photo.
    static func isoMedia(_ head: [UInt8]) -> PictureContent {
        let size = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let end = min(head.count, max(16, min(size, 256)))
        var brands: [String] = []
        if end >= 12 { brands.append(String(decoding: head[8..<12], as: UTF8.self)) }
        var offset = 16
        while offset + 4 <= end {
            brands.append(String(decoding: head[offset..<(offset + 4)], as: UTF8.self))
            offset += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .picture(.avif) }
        let heif: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1", "mif2"]
        if brands.contains(where: heif.contains) { return .picture(.heif) }
        return .unknown
    }

    /// XBM, XPM and SVG are text; other text is `.text`; `nil` when the bytes are not text:
    /// UTF-8 (the head may end inside a character), no NUL, and nine in ten printable.
    static func textKind(_ head: [UInt8]) -> PictureContent? {
        guard !head.isEmpty, !head.contains(0) else { return nil }
        // A character cut by the end of the head: a lead byte and fewer continuation bytes than it needs.
        let cut = (1...min(3, head.count)).first { count in
            let tail = head.suffix(count)
            return tail.first.map { $0 >= 0xC0 } == true && tail.dropFirst().allSatisfy { (0x80...0xBF).contains($0) }
        }
        guard String(validating: head.dropLast(cut ?? 0), as: UTF8.self) != nil || String(validating: head, as: UTF8.self) != nil
        else { return nil }
        let printable = head.filter { $0 == 9 || $0 == 10 || $0 == 13 || ($0 >= 32 && $0 < 127) || $0 >= 0x80 }.count
        guard printable * 10 >= head.count * 9 else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        if text.hasPrefix("/* XPM */") || text.hasPrefix("! XPM2") { return .refused("XPM (X pixmap)") }
        if text.contains("#define"), text.contains("_width") { return .refused("XBM (X bitmap)") }
        if text.contains("<svg") || text.contains("<!DOCTYPE svg") { return .refused("SVG (a drawing, not a photo)") }
        return .text
    }

    /// A Targa header as gdk-pixbuf's TGA loader recognizes one: a colour map with an indexed
    /// image type, or no colour map with a true-colour or grey type (raw or run-length).
    static func looksLikeTGA(_ head: [UInt8]) -> Bool {
        guard head.count >= 18 else { return false }
        switch (head[1], head[2]) {
        case (1, 1), (1, 9), (0, 2), (0, 3), (0, 10), (0, 11): return head[16] <= 32
        default: return false
        }
    }
}
