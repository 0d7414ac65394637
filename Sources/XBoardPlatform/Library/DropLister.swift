import SystemPackage
import XBoard

/// Lists what was dropped on the board, off its loop: a drop of thousands of files (or of a
/// large folder) is listed and its paths resolved here, and the loop takes the result when it
/// wakes. Drops are listed in the order they came.
public final class DropLister: Sendable {
    private let worker: SerialWorker<SessionEvent>

    public init() throws {
        worker = try SerialWorker(name: "photoboard-drops")
    }

    /// Readable while listings wait.
    public var wakeFileDescriptor: Int32 { worker.wakeFileDescriptor }

    /// The drops listed since the last call.
    public func takeResults() -> [SessionEvent] { worker.takeResults() }

    /// Lists `paths`, dropped at `location`: board documents apart, the rest's pictures (a
    /// folder's, not its sub-folders').
    public func list(_ paths: [FilePath], at location: Point, refused: [DropReport.LeftOut]) {
        worker.submit {
            let documents = paths.filter(BoardFile.isDocument)
            let others = paths.filter { !BoardFile.isDocument($0) }
            return .dropListed(
                DropListing(
                    dropped: paths, documents: documents, listing: PictureFiles.list(others, recursive: false), location: location,
                    refused: refused))
        }
    }

    public func stop() { worker.stop() }
}
