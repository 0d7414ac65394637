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
    /// Writes the board of `opening` at `size` to `path`; problems are said through `report`.
    /// Returns whether a picture was written (none is when no photo could be opened).
    /// The decoders get no display profile: what is written is sRGB (a file is not a display).
    /// `helperExecutable`: the program the decode helpers run (this one when `nil`).
    public static func write(
        _ opening: BoardOpening, size: Size, seed: UInt64, decodeSettings: DecodeSettings = DecodeSettings(),
        helperExecutable: FilePath? = nil, to path: FilePath, report: (String) -> Void
    ) throws -> Bool {
        let decoder = try PhotoDecoder(settings: decodeSettings, helperExecutable: helperExecutable)
        defer { decoder.stop() }
        var settings = SessionSettings()
        settings.seed = seed
        settings.decodeWorkers = decoder.workerCount
        let session = BoardSession(size: size, settings: settings, at: MonotonicClock.now())
        let pump = DecodePump(decoder: decoder)
        var images: [PhotoID: DecodedImage] = [:]
        var outstanding = 0
        var list: DisplayList?
        /// The session's effects that matter without a window: decodes, lines to say, the end
        /// (every file failed), and the picture; saves and the rest are not carried out.
        func perform(_ effects: [BoardEffect]) {
            for effect in effects {
                switch effect {
                case .decode(let requests):
                    pump.submit(requests)
                    outstanding += requests.count
                case .report(let line): report(line)
                case .exportPicture(let picture, _): list = picture
                default: break
                }
            }
        }
        perform(session.handle(.opened(opening), at: MonotonicClock.now()))
        perform(session.advance(to: MonotonicClock.now()))
        // Until every photo has opened (its cards placed) and every copy asked for has come:
        // sharper ones too, asked for once the board rests, as on screen.
        while !session.hasEnded, outstanding > 0 || session.catalogue?.isLoading == true {
            if outstanding > 0 { _ = try Poll.waitUntilReadable(pump.wakeFileDescriptor, timeout: .seconds(60)) }
            let reports = pump.takeReports { image, id in images[id] = image }
            outstanding -= reports.count
            if !reports.isEmpty { perform(session.handle(.decoded(reports), at: MonotonicClock.now())) }
            perform(session.advance(to: MonotonicClock.now()))
        }
        if session.hasEnded { return false }  // none of the paths could be opened: said
        guard !session.controller.board.photos.isEmpty else {
            report("none of the given paths could be opened")
            return false
        }
        perform(session.perform(.exportPicture, at: MonotonicClock.now()))
        guard let list else { return false }
        try PNGExport.write(list, to: path, pictures: images)
        return true
    }
}
