import Foundation
import SystemPackage
import XBoard

/// `--export`: the board rendered into a PNG without any X display — every photo decoded by
/// the confined helpers, laid out as the board would open (as remembered, or tossed for the
/// seed and size), nothing saved.
public enum HeadlessExport {
    /// Writes the board of `opening` at `size` to `path`; problems are said through `report`.
    /// Returns whether a picture was written (none is when no photo could be opened).
    /// The decoders get no display profile: what is written is sRGB (a file is not a display).
    public static func write(
        _ opening: BoardOpening, size: Size, seed: UInt64, decodeSettings: DecodeSettings = DecodeSettings(), to path: FilePath,
        report: (String) -> Void
    ) throws -> Bool {
        let decoder = try PhotoDecoder(settings: decodeSettings)
        defer { decoder.stop() }
        var catalogue = PhotoCatalogue(
            files: opening.files, named: opening.named, added: opening.added, boardSize: size, seed: seed, memory: opening.memory,
            workerCount: decoder.workerCount, startTime: MonotonicClock.now())
        let controller = BoardController(board: Board(size: size), startTime: MonotonicClock.now())
        let pump = DecodePump(decoder: decoder)
        var images: [PhotoID: DecodedImage] = [:]
        pump.submit(catalogue.start())
        while catalogue.isLoading {
            _ = try Poll.waitUntilReadable(pump.wakeFileDescriptor, timeout: .seconds(60))
            let received = catalogue.receive(pump.takeReports { image, id in images[id] = image }, into: controller)
            received.problems.forEach(report)
        }
        guard !controller.board.photos.isEmpty else {
            report("none of the given paths could be opened")
            return false
        }
        try PNGExport.write(SceneBuilder().build(controller.board), to: path, pictures: images)
        return true
    }
}
