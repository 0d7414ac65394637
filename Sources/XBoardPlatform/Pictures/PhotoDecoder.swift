import Dispatch
import Foundation
import Synchronization
import SystemPackage
import XBoard

/// Decodes pictures on background threads, one per core, and hands them to the main loop.
///
/// The loop sleeps in poll() on `wakeFileDescriptor` as well as the X connection; each finished
/// decode writes a byte to it. Requests are served in the order submitted. Only the main thread
/// touches a result once it is taken (X and the painter are single-threaded).
public final class PhotoDecoder: Sendable {
    public struct Request: Hashable, Sendable {
        public var photo: PhotoID
        public var path: FilePath
        public var maximumLongEdge: Int
        /// Distinguishes re-decodes of the same photo, so a stale result can be dropped.
        public var generation: Int

        public init(photo: PhotoID, path: FilePath, maximumLongEdge: Int, generation: Int = 0) {
            self.photo = photo
            self.path = path
            self.maximumLongEdge = maximumLongEdge
            self.generation = generation
        }
    }

    public struct Result: Sendable {
        public var request: Request
        public var outcome: Swift.Result<LoadedPicture, PlatformError>
        /// Wall time the decode took.
        public var duration: Duration
    }

    private struct State {
        var queue: [Request] = []
        var results: [Result] = []
        var inFlight = 0
        var isStopping = false
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    private let wakePipe: WakePipe
    public let workerCount: Int

    public init(workerCount: Int = System.processorCount) throws {
        wakePipe = try WakePipe()
        self.workerCount = max(1, workerCount)
        for index in 0..<self.workerCount {
            let thread = Thread { [self] in self.work() }
            thread.name = "photoboard-decode-\(index)"
            thread.start()
        }
    }

    /// Readable when results are waiting.
    public var wakeFileDescriptor: Int32 { wakePipe.readDescriptor }

    public func submit(_ request: Request) {
        state.withLock { $0.queue.append(request) }
        available.signal()
    }

    /// The finished decodes since the last call.
    public func takeResults() -> [Result] {
        wakePipe.drain()
        return state.withLock { state in
            defer { state.results.removeAll() }
            return state.results
        }
    }

    /// Lets the workers finish their current decode and stop.
    public func stop() {
        state.withLock {
            $0.isStopping = true
            $0.queue.removeAll()
        }
        for _ in 0..<workerCount { available.signal() }
    }

    private func work() {
        while true {
            available.wait()
            let next: Request? = state.withLock { state in
                guard !state.isStopping, !state.queue.isEmpty else { return nil }
                state.inFlight += 1
                return state.queue.removeFirst()
            }
            guard let request = next else {
                if state.withLock({ $0.isStopping }) { return }
                continue
            }
            let started = MonotonicClock.now()
            let outcome: Swift.Result<LoadedPicture, PlatformError>
            do {
                outcome = .success(try ImageLoader.load(path: request.path, maximumLongEdge: request.maximumLongEdge))
            } catch let error as PlatformError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.image(path: request.path, reason: "\(error)"))
            }
            let result = Result(request: request, outcome: outcome, duration: MonotonicClock.now() - started)
            state.withLock { state in
                state.inFlight -= 1
                state.results.append(result)
            }
            wakePipe.wake()
        }
    }
}
