import Foundation
import Synchronization

/// One thread that runs jobs in the order submitted, off the board's loop, and hands their
/// results back: the loop sleeps on `wakeFileDescriptor` beside the X connection and takes the
/// results when it wakes. Saves, drop listings and the opening listing run on these, so
/// nothing that grows with the board runs on the loop.
public final class SerialWorker<Output: Sendable>: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Output] = []
        var results: [Output] = []
        /// Whether a job is running now.
        var isBusy = false
        var isStopping = false
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    /// Signalled whenever a job finishes, for `waitUntilIdle`.
    private let finished = DispatchSemaphore(value: 0)
    private let wakePipe: WakePipe

    public init(name: String) throws {
        wakePipe = try WakePipe()
        let thread = Thread { [self] in self.run() }
        thread.name = name
        thread.start()
    }

    /// Readable while results wait.
    public var wakeFileDescriptor: Int32 { wakePipe.readDescriptor }

    /// Queues `job`.
    public func submit(_ job: @escaping @Sendable () -> Output) {
        state.withLock { $0.jobs.append(job) }
        available.signal()
    }

    /// The results since the last call, in the order their jobs were submitted.
    public func takeResults() -> [Output] {
        wakePipe.drain()
        return state.withLock { state in
            defer { state.results.removeAll() }
            return state.results
        }
    }

    /// Whether jobs are queued or running.
    public var isIdle: Bool { state.withLock { $0.jobs.isEmpty && !$0.isBusy } }

    /// Blocks until every job submitted so far has finished, or `timeout` passes; returns
    /// whether they finished. For the end of the board: the last save must be written.
    @discardableResult
    public func waitUntilIdle(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !isIdle {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let milliseconds = Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            _ = finished.wait(timeout: .now() + .milliseconds(max(1, milliseconds)))
        }
        return true
    }

    /// Lets the current job finish and stops the thread; queued jobs are dropped.
    public func stop() {
        state.withLock {
            $0.isStopping = true
            $0.jobs.removeAll()
        }
        available.signal()
    }

    private func run() {
        while true {
            available.wait()
            let job: (@Sendable () -> Output)? = state.withLock { state in
                guard !state.isStopping, !state.jobs.isEmpty else { return nil }
                state.isBusy = true
                return state.jobs.removeFirst()
            }
            guard let job else {
                if state.withLock({ $0.isStopping }) { return }
                continue
            }
            let output = job()
            state.withLock { state in
                state.results.append(output)
                state.isBusy = false
            }
            wakePipe.wake()
            finished.signal()
        }
    }
}
