import Foundation

/// The one budget of decode memory shared by every helper: a decode reserves its estimate
/// (`DecodePlan.memoryEstimate`) before its file goes to a helper and releases it when the reply
/// is in, so the helpers together never plan to use more than the budget.
///
/// `@unchecked Sendable`: every stored property is read and written only with `condition` locked
/// (the decoder's worker threads share one budget).
final class DecodeBudget: @unchecked Sendable {
    /// Bytes the decodes in flight may hold together.
    let capacity: Int
    private let condition = NSCondition()
    private var reserved = 0
    private var highest = 0
    private var isCancelled = false

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Waits until `bytes` fit beside the decodes in flight, and reserves them. Returns `false`
    /// at once when they can never fit (more than the whole budget) and when the budget is cancelled.
    func reserve(_ bytes: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard bytes <= capacity else { return false }
        while !isCancelled, reserved + bytes > capacity { condition.wait() }
        guard !isCancelled else { return false }
        reserved += bytes
        highest = max(highest, reserved)
        return true
    }

    func release(_ bytes: Int) {
        condition.lock()
        reserved -= bytes
        precondition(reserved >= 0, "released more decode memory than was reserved")
        condition.broadcast()
        condition.unlock()
    }

    /// Ends every wait: reservations fail from now on.
    func cancel() {
        condition.lock()
        isCancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The most bytes reserved at once so far.
    var peak: Int {
        condition.lock()
        defer { condition.unlock() }
        return highest
    }
}
