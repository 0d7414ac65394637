import SystemPackage
import Testing
import XBoard

@testable import XBoardPlatform

/// `--export` has an end: a decode that never reports stalls it only so long, then what came is
/// written and each file whose picture never came is said.
@Suite struct HeadlessExportStallTests {
    @Test func aDecodeThatNeverReportsEndsTheExportWithWhatCame() throws {
        let files = ["a.jpg", "b.jpg"].map { ListedFile(path: FilePath("/photos/\($0)"), canonical: PathKey(FilePath("/photos/\($0)"))) }
        let opening = BoardOpening(files: files, named: [], added: [], memory: BoardMemory(), problemPaths: [])
        var clock = Instant(sinceOrigin: .seconds(100))
        var waiting: [DecodeRequest] = []
        var waited: Duration = .zero
        let decodes = HeadlessExport.Decodes(
            submit: { waiting += $0 },
            wait: { timeout in
                clock += timeout
                waited += timeout
            },
            take: {
                // Every decode of a.jpg reports; b.jpg's never do.
                let taken = waiting.filter { $0.path.lastComponent?.string == "a.jpg" }
                waiting.removeAll { $0.path.lastComponent?.string == "a.jpg" }
                return taken.map {
                    DecodeReport(
                        request: $0,
                        outcome: .decoded(
                            PictureFacts(pixelSize: Size(width: 400, height: 300), nativeSize: Size(width: 4000, height: 3000))),
                        duration: .milliseconds(5))
                }
            }, now: { clock })
        var lines: [String] = []
        let board = try HeadlessExport.render(
            opening, size: Size(width: 800, height: 600), seed: 3, workers: 1, stallLimit: .seconds(180), decodes: decodes
        ) { lines.append($0) }
        #expect(lines == ["/photos/b.jpg: its picture never came from the decoder; the board is written without it"])
        #expect(board.picture != nil, "what came is not written")
        #expect(!board.isComplete)
        #expect(waited >= .seconds(180) && waited < .seconds(300), "waited \(waited)")
    }
}
