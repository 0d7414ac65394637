import Foundation

/// The seed of a randomized test: its default, or `PHOTOBOARD_TEST_SEED` from the environment
/// to replay a failure (every failure message of a randomized test prints its seed).
public enum TestSeed {
    public static let variable = "PHOTOBOARD_TEST_SEED"

    /// `PHOTOBOARD_TEST_SEED` when it is set to a number, else `defaultSeed`.
    public static func value(default defaultSeed: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment[variable].flatMap { UInt64($0.trimmingCharacters(in: .whitespaces)) } ?? defaultSeed
    }
}
