import Testing

/// Every end-to-end suite nests in here, so they run one at a time: each starts its own Xorg,
/// and parallel X servers on two cores make timings flaky.
@Suite(.serialized)
enum EndToEnd {}
