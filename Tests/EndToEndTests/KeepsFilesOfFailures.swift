import Foundation
import Synchronization
import Testing
import XorgHarness

/// Runs each test with its own `Leftovers`: the folders it made in /tmp (X server folders with
/// their logs, photos and layouts) are removed when it passes and kept when it fails, and every
/// failure says where they are.
struct KeepsFilesOfFailures: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let leftovers = Leftovers()
        let failed = Mutex(false)
        // Issues recorded while the test runs (failed expectations) pass through here.
        let observer = IssueHandlingTrait.compactMapIssues { issue in
            guard issue.isFailure else { return issue }
            failed.withLock { $0 = true }
            var issue = issue
            let paths = leftovers.paths
            if !paths.isEmpty { issue.comments.append("this test's files are kept in \(paths.joined(separator: ", "))") }
            return issue
        }
        do {
            try await Leftovers.$current.withValue(leftovers) {
                try await observer.provideScope(for: test, testCase: testCase, performing: function)
            }
        } catch {
            let paths = leftovers.paths
            throw paths.isEmpty ? error : HarnessError("\(error) (this test's files are kept in \(paths.joined(separator: ", ")))")
        }
        if failed.withLock({ $0 }) {
            print("\(test.name) failed; its files are kept in \(leftovers.paths.joined(separator: ", "))")
        } else {
            leftovers.removeAll()
        }
    }
}

extension Trait where Self == KeepsFilesOfFailures {
    /// Removes a test's files from /tmp when it passes; keeps and names them when it fails.
    static var keepsFilesOfFailures: Self { Self() }
}
