import SystemPackage
import XBoard

/// The board's own folder of pictures that came without a file — pasted, or dropped from a web
/// browser — and the one way into it: bytes are decoded in a confined helper first (only the
/// photo formats of `PictureFormat` are kept), then written once, atomically and privately
/// (0600, in a 0700 folder), named by their content (SHA-256 in hex and the format's extension),
/// so the same bytes twice are the same file and the board remembers them like any photo.
///
/// The folder is beside the board document when there is one (`folder(besideDocument:)`: a
/// document keeps relative paths to it), else `$XDG_DATA_HOME/photoboard-x11/pasted/`
/// (`standardFolder()`). Everything here blocks (a decode takes up to `DecodeSettings.deadline`):
/// run it on a worker thread, never on the loop. A refusal is one line naming what was refused.
public final class PastedPictures {
    /// Why a picture was not kept: one line, naming it.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    public let folder: FilePath
    private let decoder: ConfinedDecoder

    /// How long a drag source that saved a file for the board (XDND Direct Save) may go on
    /// writing it after it said it had: Firefox answers at once and saves in the background.
    public var savedFilePatience = Duration.seconds(10)

    /// The long edge the check decodes to: the whole stream is read, at little memory.
    static let checkLongEdge = 64

    public init(folder: FilePath, decoder: ConfinedDecoder) {
        self.folder = folder
        self.decoder = decoder
    }

    /// The folder of pasted pictures of the board document at `document` (`trip.photoboard` →
    /// `trip-pasted/` beside it).
    public static func folder(besideDocument document: FilePath) -> FilePath {
        var name = document.lastComponent?.stem ?? "board"
        if name.isEmpty { name = "board" }
        return document.removingLastComponent().appending(name + "-pasted")
    }

    /// `$XDG_DATA_HOME/photoboard-x11/pasted` (or `$HOME/.local/share/…`), or the line that says
    /// why there is none.
    public static func standardFolder() -> Result<FilePath, StoreError> {
        System.xdgBaseFolder("XDG_DATA_HOME", else: ".local/share").map { $0.appending("photoboard-x11/pasted") }
    }

    /// Checks `picture` and keeps it: the path of its file in the folder.
    public func keep(_ picture: ReceivedPicture) -> Result<FilePath, Refusal> {
        switch picture {
        case .bytes(let bytes, let type):
            return keep(bytes, described: "the \(type.isEmpty ? "picture" : type) picture (\(bytes.count) bytes)")
        case .savedFile(let path):
            return keepSavedFile(path)
        }
    }

    /// The bytes, checked and written named by their SHA-256 (`GLibChecksum`).
    func keep(_ bytes: [UInt8], described what: String) -> Result<FilePath, Refusal> {
        func refuse(_ reason: String) -> Result<FilePath, Refusal> { .failure(Refusal(description: "\(what): \(reason)")) }
        guard !bytes.isEmpty else { return refuse("it is empty") }
        let settings = decoder.decodeSettings
        guard bytes.count <= settings.maximumFileSize else {
            return refuse("it is \(bytes.count / 1_000_000) MB, over the \(settings.maximumFileSize >> 20) MiB limit for a picture")
        }
        let format: PictureFormat
        switch OpenedPicture.format(of: Array(bytes.prefix(PictureContent.headLength))) {
        case .success(let found): format = found
        case .failure(let refused): return refuse(refused.reason)
        }
        // The decode reads a sealed memory file: the bytes checked are the bytes kept.
        let opened: OpenedPicture
        do {
            let memory = try SealedMemoryFile.make(byteCount: bytes.count) { buffer in buffer.copyBytes(from: bytes) }
            let file = try FileReader(adopting: memory.descriptor)
            opened = try OpenedPicture(
                file: file, named: FilePath("pasted"), maximumLongEdge: Self.checkLongEdge, maximumFileSize: settings.maximumFileSize)
        } catch let error as PlatformError {
            return refuse(Self.reason(error))
        } catch {
            return refuse("\(error)")
        }
        if case .failure(let error) = decoder.decode(opened, maximumLongEdge: Self.checkLongEdge) { return refuse(Self.reason(error)) }
        let path = folder.appending(GLibChecksum.hex(.sha256, of: bytes) + "." + format.fileExtension)
        do {
            try System.makePrivateFolder(folder)
            try System.writeNewFile(path, contents: bytes)
        } catch  where error.reason == "exists" {
            // The same name is the same content: kept before. (A file there that is not it is not replaced.)
            guard (try? System.readPrivateFile(path, limit: bytes.count)) == bytes else {
                return refuse("\(path.escaped) is there already and holds something else; not replaced")
            }
        } catch {
            return refuse(error.description)
        }
        return .success(path)
    }

    /// A file a drag source saved in the folder (XDND Direct Save), once it has stopped growing:
    /// kept by its content like pasted bytes, and the saved file removed.
    private func keepSavedFile(_ path: FilePath) -> Result<FilePath, Refusal> {
        let what = "the picture saved as \(path.escaped)"
        let limit = Int(decoder.decodeSettings.maximumFileSize)
        let deadline = MonotonicClock.now() + savedFilePatience
        var previous: Int64 = -1
        var bytes: [UInt8] = []
        // Wait until two looks 100 ms apart see the same size (the source may still be writing).
        while true {
            let size: Int64? = if case .success(let info) = System.fileInfo(path), info.kind == .regular { info.size } else { nil }
            if let size, size > 0, size == previous { break }
            guard MonotonicClock.now() < deadline else {
                defer { try? System.removeFile(path) }
                return .failure(Refusal(description: "\(what): the program it came from did not finish writing it"))
            }
            previous = size ?? -1
            System.sleep(for: .milliseconds(100))
        }
        do {
            bytes = try System.readPrivateFile(path, limit: limit) ?? []
        } catch {
            try? System.removeFile(path)
            return .failure(Refusal(description: "\(what): \(error.reason)"))
        }
        let kept = keep(bytes, described: what)
        if kept.map({ $0 != path }).get(or: true) { try? System.removeFile(path) }
        return kept
    }

    /// The reason in a decode's error, without the placeholder name.
    private static func reason(_ error: PlatformError) -> String {
        if case .image(_, let reason) = error { return reason }
        return error.description
    }
}

extension Result {
    /// The success, or `fallback` on failure.
    fileprivate func get(or fallback: Success) -> Success {
        (try? get()) ?? fallback
    }
}
