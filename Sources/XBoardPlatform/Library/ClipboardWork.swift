import SystemPackage
import XBoard

/// The clipboard's slow parts, off the loop: a pasted or dropped picture checked in a confined
/// helper and kept as a file (`PastedPictures`), and a copied photo's picture decoded and
/// written as a PNG (`PictureCopy`). Each on a thread of its own, with a helper of its own.
public final class ClipboardWork: Sendable {
    /// A confined decoder used by one worker's thread only (its jobs run one at a time there).
    private final class DecoderBox: @unchecked Sendable {
        let decoder: ConfinedDecoder
        init(_ decoder: ConfinedDecoder) { self.decoder = decoder }
    }

    private let keeping: SerialWorker<SessionEvent>
    private let copying: SerialWorker<Result<[UInt8], PlatformError>>
    private let keeper: DecoderBox
    private let copier: DecoderBox

    public init(decodeSettings: DecodeSettings = DecodeSettings()) throws {
        keeping = try SerialWorker(name: "photoboard-pasted")
        copying = try SerialWorker(name: "photoboard-copy")
        keeper = DecoderBox(ConfinedDecoder(settings: decodeSettings))
        copier = DecoderBox(ConfinedDecoder(settings: decodeSettings))
    }

    /// Readable while kept pictures or copies wait.
    public var wakeFileDescriptors: [Int32] { [keeping.wakeFileDescriptor, copying.wakeFileDescriptor] }

    /// Checks `picture` and keeps it in `folder` (`nil`: there is no usable folder, said here),
    /// to land at `location`.
    public func keep(_ picture: ReceivedPicture, in folder: Result<FilePath, StoreError>, at location: Point) {
        let box = keeper
        keeping.submit {
            switch folder {
            case .failure(let problem):
                return .pictureKept(.refused("a picture without a file cannot be kept: \(problem)"), at: location)
            case .success(let folder):
                switch PastedPictures(folder: folder, decoder: box.decoder).keep(picture) {
                case .success(let path):
                    return .pictureKept(.kept(ListedFile(path: path, canonical: PathKey(System.canonicalPath(path)))), at: location)
                case .failure(let refusal):
                    return .pictureKept(.refused("\(refusal)"), at: location)
                }
            }
        }
    }

    /// The pictures kept (or refused) since the last call.
    public func takeKept() -> [SessionEvent] { keeping.takeResults() }

    /// Makes the PNG of the photo at `path` for the clipboard, as a print with `edits` shows it.
    public func copy(_ path: FilePath, edits: PrintEdits = .none) {
        let box = copier
        copying.submit { PictureCopy.png(of: path, edits: edits, decoder: box.decoder) }
    }

    /// The copies made since the last call, or why one could not be made (a line naming the file).
    public func takeCopies() -> [Result<[UInt8], PlatformError>] { copying.takeResults() }
}
