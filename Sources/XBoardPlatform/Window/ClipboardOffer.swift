import SystemPackage
import XBoard

/// What the board offers on the CLIPBOARD — a picture as PNG bytes (or still being encoded), and
/// files — and the protocol's decisions about it (ICCCM §2.2–2.6): the targets it converts to,
/// what each request for a target is answered with, what a clipboard manager is asked to keep.
/// Apart from the X calls that carry them out (`ClipboardOwner`), and pure, so it is tested
/// without a server.
struct ClipboardOffer: Equatable {
    enum Picture: Equatable {
        case none
        /// Being made; requests for it wait for `ClipboardOwner.supplyPicture(_:at:)`.
        case pending
        case png([UInt8])
    }

    var picture: Picture
    var files: [FilePath]

    init(picture: Picture = .none, files: [FilePath] = []) {
        self.picture = picture
        self.files = files
    }

    /// The targets it can be converted to, `TARGETS` first.
    var targets: [String] {
        var targets = ["TARGETS", "MULTIPLE", "TIMESTAMP"]
        if picture != .none { targets.append("image/png") }
        if !files.isEmpty { targets += ["text/uri-list", "x-special/gnome-copied-files"] }
        return targets
    }

    /// What a clipboard manager is asked to keep on quit (`SAVE_TARGETS`): the targets that carry
    /// data, less a picture still being made.
    var savedTargets: [String] {
        var left = ["TARGETS", "MULTIPLE", "TIMESTAMP"]
        if picture == .pending { left.append("image/png") }
        return targets.filter { !left.contains($0) }
    }

    /// The answer to a request for one target.
    enum Conversion: Equatable {
        /// The targets offered, as a list of atoms.
        case targets([String])
        /// The server time the clipboard was taken at.
        case timestamp
        /// These bytes, of the target's own type (in INCR pieces when they are long).
        case data([UInt8])
        /// The picture is being made: the request waits for it.
        case waiting
        /// Refused (the target is not offered).
        case refused
    }

    /// How a request for `target` is answered (`MULTIPLE` is answered pair by pair, never as a
    /// target of its own).
    func conversion(of target: String) -> Conversion {
        switch target {
        case "TARGETS":
            return .targets(targets)
        case "TIMESTAMP":
            return .timestamp
        case "image/png":
            switch picture {
            case .none: return .refused
            case .pending: return .waiting
            case .png(let bytes): return .data(bytes)
            }
        case "text/uri-list" where !files.isEmpty:
            return .data(FileURI.uriList(for: files))
        case "x-special/gnome-copied-files" where !files.isEmpty:
            return .data(FileURI.gnomeCopiedFiles(for: files))
        default:
            return .refused
        }
    }
}

/// An INCR transfer's pieces (ICCCM §2.7.2): after the announcement, one piece each time the
/// requestor deletes its property, then a piece of length zero that ends it.
struct OutgoingPieces: Equatable {
    let count: Int
    let pieceBytes: Int
    /// Where the next piece starts.
    private(set) var offset = 0
    /// The piece of length zero was handed out: the transfer is over.
    private(set) var isFinished = false

    init(count: Int, pieceBytes: Int) {
        precondition(pieceBytes > 0, "a piece holds at least a byte")
        self.count = count
        self.pieceBytes = pieceBytes
    }

    /// Whether `count` bytes go in pieces at all (more than one piece's worth), rather than whole.
    static func isIncremental(count: Int, pieceBytes: Int) -> Bool { count > pieceBytes }

    /// The byte range of the next piece (empty for the last, which ends the transfer); `nil`
    /// once that was handed out.
    mutating func next() -> Range<Int>? {
        guard !isFinished else { return nil }
        let end = min(count, offset + pieceBytes)
        defer { offset = end }
        if end == offset { isFinished = true }
        return offset..<end
    }
}
