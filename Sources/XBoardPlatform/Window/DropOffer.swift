import SystemPackage
import XBoard

/// One way of taking a drop (XDND), tried in turn, and what the source's answer to it means: the
/// protocol's decisions — which targets to ask for, best first, and whether an answer gives the
/// board files, a picture, or sends it on to the next way — apart from the X calls that carry
/// them out (`DropTarget`). Pure, so it is tested without a server.
enum DropOffer: Equatable {
    case uriList
    case directSave
    case picture(mimeType: String)
    case mozURL
    case netscapeURL

    /// The target asked of the source.
    var target: String {
        switch self {
        case .uriList: "text/uri-list"
        case .directSave: "XdndDirectSave0"
        case .picture(let mimeType): mimeType
        case .mozURL: "text/x-moz-url"
        case .netscapeURL: "_NETSCAPE_URL"
        }
    }

    /// The ways the targets `offered` can be taken, best first: a list of files; then, when the
    /// board can keep pictures (`takesPictures`), a direct save, the best picture type and
    /// untyped bytes; then links to local files.
    static func ways(among offered: [String], takesPictures: Bool) -> [DropOffer] {
        let lowered = Set(offered.map { $0.lowercased() })
        var ways: [DropOffer] = []
        if lowered.contains("text/uri-list") { ways.append(.uriList) }
        if takesPictures {
            if offered.contains("XdndDirectSave0") { ways.append(.directSave) }
            if case .picture(let type) = TransferFlavor.best(among: offered) { ways.append(.picture(mimeType: type)) }
            if lowered.contains("application/octet-stream") { ways.append(.picture(mimeType: "application/octet-stream")) }
        }
        if lowered.contains("text/x-moz-url") { ways.append(.mozURL) }
        if offered.contains("_NETSCAPE_URL") { ways.append(.netscapeURL) }
        return ways
    }

    /// What one answer of the source gives.
    enum Outcome: Equatable {
        /// Files and folders for the board, with the entries that name no file here; the source
        /// hears once the board has looked at them.
        case files([FilePath], refused: [DropReport.LeftOut])
        /// A picture, taken at once.
        case picture(ReceivedPicture)
        /// Nothing this way: the next one is tried. `refusal` is why, kept for the final
        /// refusal when no way gives anything (`nil`: the reason kept so far stays).
        case next(refusal: String?)
        /// The drop is refused now, for this reason.
        case refused(String)
    }

    /// What `answer` (the bytes the source sent for this way, or why none came) gives.
    /// - Parameters:
    ///   - isLast: no other way is left to try.
    ///   - savedFile: the file named for a direct save.
    ///   - refusalSoFar: why the ways tried before gave nothing, if they did not.
    func outcome(
        of answer: Result<[UInt8], SelectionTransfer.Failure>, hostName: String, isLast: Bool, savedFile: FilePath?,
        refusalSoFar: String?
    ) -> Outcome {
        let bytes: [UInt8]
        switch answer {
        case .failure(let failure): return .next(refusal: "The drop could not be read: \(failure)")
        case .success(let received): bytes = received
        }
        switch self {
        case .uriList:
            let list = FileURIList.paths(in: bytes, hostName: hostName)
            if !list.paths.isEmpty || isLast {
                guard !list.paths.isEmpty || !list.refused.isEmpty else { return .refused("The drop held no files") }
                return .files(list.paths, refused: list.refused)
            }
            return .next(
                refusal: list.refused.first.map { "The drop was not taken: \($0.item) is \($0.reason)" } ?? "The drop held no files")
        case .directSave:
            switch DirectSave.answer(bytes) {
            case .saved:
                guard let savedFile else { return .refused("The dropped picture was not saved") }
                return .picture(.savedFile(savedFile))
            case .failed:
                // The source could not save it there; the spec's fallback is the bytes.
                return .next(refusal: "The program it came from could not save the dropped picture for the board")
            case .error:
                return .refused("The program it came from could not save the dropped picture (it said so)")
            case nil:
                return .refused("The drop could not be read: its direct-save answer was not S, F or E")
            }
        case .picture(let type):
            guard !bytes.isEmpty else { return .next(refusal: "The dropped \(type) picture was empty") }
            return .picture(.bytes(bytes, offeredAs: type))
        case .mozURL, .netscapeURL:
            let link =
                self == .mozURL
                ? DroppedLink.file(inMozURL: bytes, hostName: hostName) : DroppedLink.file(inNetscapeURL: bytes, hostName: hostName)
            switch link {
            case .success(let path):
                return .files([path], refused: [])
            case .failure(let refused):
                // A web address says so, whatever else was tried before it.
                let line = "The drop was not taken: \(refused.leftOut.item) is \(refused.leftOut.reason)"
                return .next(refusal: refused.leftOut.reason == DroppedLink.networkRefusal || refusalSoFar == nil ? line : nil)
            }
        }
    }
}
