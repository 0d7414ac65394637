import SystemPackage
import XBoard

/// Saves the board as a picture (Ctrl+S) off its loop: each print's photo is decoded again by
/// the confined helpers at the size it is shown, and the display list rendered into a PNG
/// (`PNGExport`) in the Pictures folder (`ExportPath`). The loop carries on drawing meanwhile.
public final class BoardExporter: Sendable {
    private let worker: SerialWorker<SessionEvent>
    private let decodeSettings: DecodeSettings

    public init(decodeSettings: DecodeSettings = DecodeSettings()) throws {
        worker = try SerialWorker(name: "photoboard-export")
        self.decodeSettings = decodeSettings
    }

    /// Readable while results wait.
    public var wakeFileDescriptor: Int32 { worker.wakeFileDescriptor }

    /// What became of the exports finished since the last call.
    public func takeResults() -> [SessionEvent] { worker.takeResults() }

    /// Renders `list`, whose prints show the photos in `files`, into a new PNG.
    public func export(_ list: DisplayList, files: [PhotoID: FilePath]) {
        let settings = decodeSettings
        worker.submit {
            let path = FilePath(ExportPath.next())
            do {
                let pictures = try Self.decode(list, files: files, settings: settings)
                try PNGExport.write(list, to: path, pictures: pictures)
                return .exported(.saved(path))
            } catch {
                return .exported(.failed("\(error)"))
            }
        }
    }

    public func stop() { worker.stop() }

    /// Each print's picture at the size it is shown (a picture that cannot be decoded now is
    /// left out: its print shows blank).
    private static func decode(_ list: DisplayList, files: [PhotoID: FilePath], settings: DecodeSettings) throws -> [PhotoID: DecodedImage]
    {
        var requests: [DecodeRequest] = []
        for item in list.items {
            guard case .print(let print) = item, let path = files[print.photo] else { continue }
            let shown = print.wholePictureSize.longEdge * print.photoToBoard.scale
            let longEdge = min(
                PictureResolution.defaultMaximumLongEdge, max(PictureResolution.minimumBaseLongEdge, Int(shown.rounded(.up))))
            requests.append(DecodeRequest(photo: print.photo, path: path, maximumLongEdge: longEdge))
        }
        guard !requests.isEmpty else { return [:] }
        let decoder = try PhotoDecoder(settings: settings)
        defer { decoder.stop() }
        requests.forEach(decoder.submit)
        var pictures: [PhotoID: DecodedImage] = [:]
        var received = 0
        while received < requests.count {
            guard try Poll.waitUntilReadable(decoder.wakeFileDescriptor, timeout: settings.deadline * 2) else { break }
            for result in decoder.takeResults() {
                received += 1
                if case .success(let picture) = result.outcome { pictures[result.request.photo] = picture.image }
            }
        }
        return pictures
    }
}
