import SystemPackage
import XBoard

/// Saves the board off its loop: owns the board's keeper (`BoardKeeper`) on a thread of its
/// own, merges each save request into what is stored and writes it, and hands back what became
/// of it as a session event. The loop hands over an immutable request and carries on drawing;
/// at the end it waits for the last save (`finish`).
public final class SaveWorker: Sendable {
    /// The keeper, touched only by the worker's thread once handed over.
    private final class KeeperBox: @unchecked Sendable {
        let keeper: BoardKeeper
        init(_ keeper: BoardKeeper) { self.keeper = keeper }
    }

    private let worker: SerialWorker<SessionEvent>
    private let box: KeeperBox
    /// Whether each save says when it starts and how long it took (`PHOTOBOARD_TRACE=save`).
    private let traces: Bool
    /// For tests only (`testDelayVariable`): how long each save waits before it writes.
    private let testDelay: Duration?

    /// For tests only: when this environment variable holds a number of milliseconds, each save
    /// waits that long on the worker before it writes, so that a test sees for sure what happens
    /// while a save is under way (a finger on the board, a quit). Never set it otherwise.
    public static let testDelayVariable = "PHOTOBOARD_TEST_SAVE_DELAY"

    /// Takes `keeper` over: from now on only the worker's thread uses it.
    public init(keeper: BoardKeeper, traces: Bool = false) throws {
        worker = try SerialWorker(name: "photoboard-save")
        box = KeeperBox(keeper)
        self.traces = traces
        testDelay = System.environmentValue(Self.testDelayVariable).flatMap { Int($0) }.map { .milliseconds(max(0, min($0, 60_000))) }
    }

    /// Readable while results wait.
    public var wakeFileDescriptor: Int32 { worker.wakeFileDescriptor }

    /// What became of the saves finished since the last call.
    public func takeResults() -> [SessionEvent] { worker.takeResults() }

    /// Merges `request` into the stored memory and writes it (nothing, when nothing changed).
    public func save(_ request: SaveRequest) {
        let box = self.box, traces = self.traces, testDelay = self.testDelay
        let changedAt = Self.wallTime(of: request.changedAt)
        worker.submit {
            let start = MonotonicClock.now()
            if traces { System.printError("trace: saving \(request.snapshot.photos.count) photos at \(Self.seconds(start))") }
            if let testDelay { System.sleep(for: testDelay) }
            let outcome = Self.save(request, changedAt: changedAt, keeper: box.keeper)
            if traces {
                let took = (MonotonicClock.now() - start).seconds * 1000
                System.printError(
                    "trace: saved \(request.snapshot.photos.count) photos in \(Int(took.rounded())) ms on the save worker (\(outcome.summary))"
                )
            }
            return .saved(outcome)
        }
    }

    private static func seconds(_ instant: Instant) -> String {
        let value = instant.sinceOrigin.seconds
        return "\(Int(value)).\(String(Int((value - Double(Int(value))) * 1000) + 1000).dropFirst())"
    }

    /// Writes the board as a board document holding `members`.
    public func saveDocument(_ request: SaveRequest, members: Set<PathKey>) {
        let box = self.box
        let changedAt = Self.wallTime(of: request.changedAt)
        worker.submit {
            let keeper = box.keeper
            let candidates = DocumentPath.candidates(for: keeper.identity, photos: request.snapshot.photos.map(\.path))
            do {
                let saved = try keeper.saveDocument(
                    request.snapshot, since: request.baseline.snapshot, changedAt: changedAt, boardSize: request.boardSize,
                    members: members,
                    candidates: candidates)
                return .documentSaved(.saved(path: saved.path, board: SavedBoard(snapshot: request.snapshot, memory: saved.memory)))
            } catch {
                return .documentSaved(.failed("\(error)"))
            }
        }
    }

    /// Saves `request` as the last save and waits, at most `timeout`, for it and every save
    /// before it to be written: the end of the board loses nothing, or says what it lost.
    /// Returns what became of the saves the loop had not taken yet, the last one deciding.
    public func finish(with request: SaveRequest?, timeout: Duration = .seconds(30)) -> LastSave {
        if let request { save(request) }
        guard worker.waitUntilIdle(timeout: timeout) else { return LastSave(outcomes: [], unfinishedAfter: timeout) }
        return LastSave(outcomes: worker.takeResults().compactMap { if case .saved(let outcome) = $0 { outcome } else { nil } })
    }

    public func stop() { worker.stop() }

    private static func save(_ request: SaveRequest, changedAt: Double, keeper: BoardKeeper) -> SaveOutcome {
        let baseline = request.baseline.snapshot
        guard keeper.needsSaving(request.snapshot, since: baseline, boardSize: request.boardSize) else { return .unchanged }
        do {
            let memory = try keeper.save(request.snapshot, since: baseline, changedAt: changedAt, boardSize: request.boardSize)
            return .saved(SavedBoard(snapshot: request.snapshot, memory: memory))
        } catch let error as StoreError {
            return .failed(error.writeFailure)
        } catch {
            return .failed(WriteFailure(folder: keeper.file?.removingLastComponent(), reason: .other("\(error)"), detail: "\(error)"))
        }
    }

    /// The wall-clock time (seconds since 1970) of a monotonic instant a moment ago.
    private static func wallTime(of instant: Instant) -> Double {
        WallClock.now() - max(0, (MonotonicClock.now() - instant).seconds)
    }
}
