import SystemPackage
import Testing
import XBoard

/// When saves start, and what a failing save leaves standing: the retry that backs off, the news
/// worth saying, and what the board's end makes of the last save.
@Suite struct SaveStatusTests {
    static let start = Instant(sinceOrigin: .seconds(100))
    static let full = WriteFailure(folder: FilePath("/state"), reason: .noSpace, detail: "cannot write /state/x: no space left on device")
    static let readOnly = WriteFailure(
        folder: FilePath("/state"), reason: .readOnly, detail: "cannot write /state/x: read-only file system")

    static func status() -> SaveStatus { SaveStatus(autosaveDelay: .seconds(1), firstRetry: .seconds(2), longestRetry: .seconds(30)) }

    /// The status under test, in a class so that `#expect` can call what changes it.
    final class Saves {
        var status = SaveStatusTests.status()

        func start(_ revision: UInt64, ready: Bool = true, at now: Instant) -> Bool {
            status.startsSave(revision: revision, isReady: ready, at: now)
        }

        func finish(_ failure: WriteFailure?, at now: Instant) -> SaveStatus.Change { status.saveFinished(failure: failure, at: now) }
    }

    @Test func theRetryWaitDoublesFromTwoSecondsUpToThirty() {
        let delays = (1...8).map { Self.status().retryDelay(afterFailures: $0) }
        #expect(delays == [2, 4, 8, 16, 30, 30, 30, 30].map { Duration.seconds($0) })
    }

    @Test func aSaveStartsOnceTheBoardRestedASecondAndNotWhileAnotherIsUnderWay() {
        let saves = Saves()
        #expect(!saves.start(1, at: Self.start))
        #expect(saves.status.nextDeadline(after: Self.start) == Self.start + .seconds(1))
        #expect(saves.start(1, at: Self.start + .seconds(1)))
        #expect(saves.status.isUnderWay)
        // A change while it is under way waits for it.
        #expect(!saves.start(2, at: Self.start + .seconds(3)))
        #expect(saves.finish(nil, at: Self.start + .seconds(3)) == .quiet)
        #expect(!saves.start(2, at: Self.start + .seconds(3)))
        #expect(saves.start(2, at: Self.start + .seconds(4)))
    }

    @Test func aFailedSaveIsTriedAgainByItselfLaterEachTimeUntilOneSucceeds() throws {
        let saves = Saves()
        var now = Self.start
        #expect(!saves.start(1, at: now))
        now += .seconds(1)
        #expect(saves.start(1, at: now))
        var retries: [Duration] = []
        for _ in 0..<6 {
            _ = saves.finish(Self.full, at: now)
            let failedAt = now
            let retry = try #require(saves.status.nextDeadline(after: now))
            // Nothing changed on the board (the same revision): only the retry starts a save.
            #expect(!saves.start(1, at: retry - .milliseconds(1)))
            now = retry
            #expect(saves.start(1, at: now))
            retries.append(now - failedAt)
        }
        #expect(retries == [2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
        #expect(saves.finish(nil, at: now) == .recovered)
        #expect(saves.status.failure == nil && saves.status.failuresInARow == 0 && saves.status.nextDeadline(after: now) == nil)
    }

    @Test func aFailureIsNewsOnlyTheFirstTimeAndWhenItsReasonChanges() {
        let saves = Saves()
        #expect(saves.finish(Self.full, at: Self.start) == .failing(Self.full))
        #expect(saves.finish(Self.full, at: Self.start) == .quiet)
        #expect(saves.finish(Self.readOnly, at: Self.start) == .failing(Self.readOnly))
        #expect(saves.finish(nil, at: Self.start) == .recovered)
        #expect(saves.finish(nil, at: Self.start) == .quiet)
        #expect(saves.finish(Self.readOnly, at: Self.start) == .failing(Self.readOnly))
    }

    @Test func aRetryDueWhileTheBoardIsInSomeonesHandsWaitsWithoutWakingTheLoop() {
        let saves = Saves()
        _ = saves.finish(Self.full, at: Self.start)
        let due = Self.start + .seconds(2)
        #expect(saves.status.nextDeadline(after: Self.start) == due)
        #expect(!saves.start(0, ready: false, at: due + .seconds(5)))
        // Past due: no deadline in the past (the loop would spin); lifting the finger is an event.
        #expect(saves.status.nextDeadline(after: due + .seconds(5)) == nil)
        #expect(saves.start(0, at: due + .seconds(6)))
    }

    @Test func anyNewSaveIsTheRetryAndTheBackOffGoesOn() {
        let saves = Saves()
        _ = saves.start(1, at: Self.start)
        #expect(saves.start(1, at: Self.start + .seconds(1)))
        _ = saves.finish(Self.full, at: Self.start + .seconds(1))
        // The board changed and rested before the retry came: that save goes, and the retry with it.
        _ = saves.start(2, at: Self.start + .milliseconds(1500))
        #expect(saves.start(2, at: Self.start + .milliseconds(2500)))
        #expect(saves.status.retryAt == nil)
        _ = saves.finish(Self.full, at: Self.start + .seconds(3))
        #expect(saves.status.retryAt == Self.start + .seconds(7), "the second failure in a row waits 4 s")
    }

    // MARK: The end of the board

    @Test func theLastSaveDecidesWhatTheEndSaysAndTheExitStatus() {
        let saved = LastSave(outcomes: [.failed(Self.full), .unchanged])
        #expect(saved.isSaved && saved.lines.isEmpty && saved.exitStatus(endingWith: 0) == 0)
        let lost = LastSave(outcomes: [.unchanged, .failed(Self.full)])
        #expect(!lost.isSaved)
        #expect(lost.lines == ["could not save the arrangement: cannot write /state/x: no space left on device"])
        #expect(lost.exitStatus(endingWith: 0) == 74)
        // A status that already says the board did not end well stays (a signal, a lost server).
        #expect(lost.exitStatus(endingWith: 143) == 143 && lost.exitStatus(endingWith: 1) == 1)
        #expect(LastSave().isSaved && LastSave(outcomes: []).isSaved)
    }

    @Test func aLastSaveThatDidNotFinishInItsWaitIsSaid() {
        let late = LastSave(outcomes: [], unfinishedAfter: .seconds(30))
        #expect(late.lines == ["the last save did not finish within 30 s: the arrangement may not be saved"])
        #expect(late.exitStatus(endingWith: 0) == LastSave.notSavedStatus)
    }
}
