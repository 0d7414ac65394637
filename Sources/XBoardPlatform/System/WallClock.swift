/// The time of day, for stamping when a photo's arrangement changed (`PhotoMemory.changed`),
/// so the latest change wins between windows and runs. Never used to measure durations
/// (`MonotonicClock` does that).
public enum WallClock {
    /// Seconds since 1970 (`CLOCK_REALTIME`).
    public static func now() -> Double { System.wallClockSeconds() }
}
