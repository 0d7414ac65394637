import Foundation
import SystemPackage
import XBoard

/// `--export`: the board rendered into a PNG without any X display — every photo decoded by
/// the confined helpers, laid out as the board would open (as remembered, or tossed for the
/// seed and size), nothing saved.
///
/// It drives a `BoardSession` as the window's loop does — the opening, the decodes its effects
/// ask for, their reports, time passing — until the board has opened and rests with every copy
/// it asked for, and writes what the session's own export (Ctrl+S) would draw: the picture is
/// the board's, not a second layout of it.
public enum HeadlessExport {
    /// How long the export waits for a decode with none reported meanwhile before it writes what
    /// came: a helper that never answers must not keep it waiting forever.
    public static let stallLimit: Duration = .seconds(180)

    /// Writes the board of `opening` at `size` to `path`; problems are said through `report`.
    /// Returns whether the whole picture was written: none is when no photo could be opened; when
    /// decodes stall (`stallLimit` with none reported), what came is written, each file whose
    /// picture never came is said on a line of its own, and the answer is `false`.
    /// The decoders get no display profile: what is written is sRGB (a file is not a display).
    /// `helperExecutable`: the program the decode helpers run (this one when `nil`).
    public static func write(
        _ opening: BoardOpening, size: Size, seed: UInt64, decodeSettings: DecodeSettings = DecodeSettings(),
        helperExecutable: FilePath? = nil, to path: FilePath, report: (String) -> Void
    ) throws -> Bool {
        let decoder = try PhotoDecoder(settings: decodeSettings, helperExecutable: helperExecutable)
        defer { decoder.stop() }
        let pump = DecodePump(decoder: decoder)
        var images: [PhotoID: DecodedImage] = [:]
        let decodes = Decodes(
            submit: pump.submit, wait: { _ = try Poll.waitUntilReadable(pump.wakeFileDescriptor, timeout: $0) },
            take: { pump.takeReports { image, request in images[request.photo] = image } }, now: MonotonicClock.now)
        let board = try render(opening, size: size, seed: seed, workers: decoder.workerCount, decodes: decodes, report: report)
        guard let picture = board.picture else { return false }
        try PNGExport.write(picture, to: path, pictures: images)
        return board.isComplete
    }

    /// Where the decodes go and their reports come from: the helpers' pump, or a test's stand-in.
    struct Decodes {
        var submit: ([DecodeRequest]) -> Void
        /// Waits at most this long for reports.
        var wait: (Duration) throws -> Void
        var take: () -> [DecodeReport]
        var now: () -> Instant
    }

    /// Drives a session on `opening` as the window's loop does — the opening, the decodes its
    /// effects ask for, their reports, time passing — until the board has opened and rests with
    /// every copy it asked for, or the decodes stall (`stallLimit` with none reported): the
    /// picture the session's export draws (`nil` when nothing opened), and whether every decode came.
    static func render(
        _ opening: BoardOpening, size: Size, seed: UInt64, workers: Int, stallLimit: Duration = stallLimit, decodes: Decodes,
        report: (String) -> Void
    ) throws -> (picture: DisplayList?, isComplete: Bool) {
        var settings = SessionSettings()
        settings.seed = seed
        settings.decodeWorkers = workers
        let session = BoardSession(size: size, settings: settings, at: decodes.now())
        /// The decodes asked for and not reported yet, by file.
        var outstanding: [FilePath: Int] = [:]
        var list: DisplayList?
        /// The session's effects that matter without a window: decodes, lines to say, the end
        /// (every file failed), and the picture; saves and the rest are not carried out.
        func perform(_ effects: [BoardEffect]) {
            for effect in effects {
                switch effect {
                case .decode(let requests):
                    decodes.submit(requests)
                    for request in requests { outstanding[request.path, default: 0] += 1 }
                case .report(let line): report(line)
                case .exportPicture(let picture, _): list = picture
                default: break
                }
            }
        }
        perform(session.handle(.opened(opening), at: decodes.now()))
        perform(session.advance(to: decodes.now()))
        var progressAt = decodes.now()
        // Until every photo has opened (its cards placed) and every copy asked for has come:
        // sharper ones too, asked for once the board rests, as on screen.
        while !session.hasEnded, !outstanding.isEmpty || session.catalogue?.isLoading == true {
            let waited = decodes.now() - progressAt
            if waited >= stallLimit { break }
            if !outstanding.isEmpty { try decodes.wait(min(.seconds(60), stallLimit - waited)) }
            let reports = decodes.take()
            for report in reports {
                outstanding[report.request.path, default: 0] -= 1
                if outstanding[report.request.path] ?? 0 <= 0 { outstanding[report.request.path] = nil }
            }
            if !reports.isEmpty {
                progressAt = decodes.now()
                perform(session.handle(.decoded(reports), at: decodes.now()))
            }
            perform(session.advance(to: decodes.now()))
        }
        if session.hasEnded { return (nil, false) }  // none of the paths could be opened: said
        for path in outstanding.keys.sorted(by: { $0.escaped < $1.escaped }) {
            report("\(path.escaped): its picture never came from the decoder; the board is written without it")
        }
        guard !session.controller.board.photos.isEmpty else {
            report("none of the given paths could be opened")
            return (nil, false)
        }
        perform(session.perform(.exportPicture, at: decodes.now()))
        return (list, outstanding.isEmpty)
    }
}
