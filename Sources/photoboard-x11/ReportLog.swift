import XBoardPlatform

/// The board's one-line reports on standard error (`photoboard-x11: …`), with the last one kept,
/// so a notice can say why something failed when only a report said it (the board keeper's
/// "could not save the board as a document: …").
final class ReportLog {
    /// Reports said so far, and the last of them (without the program name).
    private(set) var count = 0
    private(set) var last: String?

    func report(_ line: String) {
        count += 1
        last = line
        System.printError("photoboard-x11: \(line)")
    }
}
