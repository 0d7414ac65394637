import Testing

/// Every end-to-end suite nests in here, so they run one at a time: each starts its own Xorg,
/// and parallel X servers on two cores make timings flaky. Each test's files in /tmp are removed
/// when it passes and kept, and named in its failure, when it fails.
@Suite(.serialized, .keepsFilesOfFailures)
enum EndToEnd {}
