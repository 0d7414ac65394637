import Testing
import XBoard

/// What a drop's line on standard error says: "ignored" only when nothing was taken.
@Suite struct DropReportTests {
    private let missing = DropReport.LeftOut(item: "/tmp/gone.png", reason: "no such file or folder")
    private let web = DropReport.LeftOut(item: "https://example.org/a.jpg", reason: "not a file on this computer")

    @Test func aDropPartlyTakenNamesWhatWasNotTakenAndWhyAndSaysTheRestIsOpening() {
        #expect(
            DropReport(taken: 2, leftOut: [missing]).line
                == "drop: 1 of 3 items not taken: /tmp/gone.png (no such file or folder); the other 2 are being opened")
        #expect(
            DropReport(taken: 1, leftOut: [missing, web]).line
                == "drop: 2 of 3 items not taken: /tmp/gone.png (no such file or folder), "
                + "https://example.org/a.jpg (not a file on this computer); the other one is being opened")
        #expect(DropReport(taken: 2, leftOut: [missing]).line?.contains("ignored") == false)
    }

    @Test func aDropNothingOfWhichWasTakenIsIgnoredWithEveryItemAndReason() {
        #expect(
            DropReport(taken: 0, leftOut: [web]).line
                == "drop ignored: its only item was not taken: https://example.org/a.jpg (not a file on this computer)")
        #expect(
            DropReport(taken: 0, leftOut: [missing, web]).line
                == "drop ignored: none of its 2 items was taken: /tmp/gone.png (no such file or folder), "
                + "https://example.org/a.jpg (not a file on this computer)")
    }

    @Test func aDropTakenWholeSaysNothing() {
        #expect(DropReport(taken: 3, leftOut: []).line == nil)
    }

    @Test func aDropOfThousandsNamesTheFirstTenAndCountsTheRest() throws {
        let leftOut = (0..<2500).map { DropReport.LeftOut(item: "/gone/\($0).jpg", reason: "no such file or folder") }
        let line = try #require(DropReport(taken: 3, leftOut: leftOut).line)
        #expect(line.hasPrefix("drop: 2500 of 2503 items not taken: /gone/0.jpg (no such file or folder), "))
        #expect(line.contains("/gone/9.jpg (no such file or folder) and 2490 more; the other 3 are being opened"))
        #expect(!line.contains("/gone/10.jpg"))
        #expect(line.count < 600)
    }
}
