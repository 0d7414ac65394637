internal import CPictureDecoding
import Foundation
import XBoard

/// The tunables of decoding in helper processes, with their units.
public struct DecodeSettings: Sendable {
    /// Longest one picture may take in a helper before the helper is killed and replaced (the
    /// picture is reported, one line).
    public var deadline: Duration = .seconds(10)
    /// Most helper processes at once; fewer when fewer processors are usable (CPU affinity).
    public var maximumHelpers = 4
    /// Bytes of decode memory all helpers may use at once, by the decodes' estimates
    /// (`DecodePlan.memoryEstimate`): a quarter of physical memory, from 512 MiB to 4 GiB. A
    /// decode waits until its estimate fits; one that can never fit is refused.
    public var memoryBudget: Int = DecodeSettings.defaultBudget
    /// Bytes of address space a helper may map beyond the budget: its program, libraries,
    /// thread stacks and allocator arenas. (RLIMIT_AS is this plus the budget.)
    public var programAddressSpace = 1 << 30
    /// CPU time a helper may use in its life (RLIMIT_CPU); it is retired and replaced once it
    /// has used half, so only a runaway decode ever meets the limit.
    public var cpuTimeLimit: Duration = .seconds(300)
    /// Largest picture file opened, in bytes.
    public var maximumFileSize: Int64 = 1 << 30
    /// Whether colours are converted from the profile each picture states to the display's (or
    /// sRGB); off (`--colour-management off`), pictures show the numbers they store.
    public var managesColour = true
    /// The helpers' niceness: decoding gives way to the board's loop and the X server whenever
    /// they want a processor (on two cores, ten thousand photos decoding kept the loop waiting
    /// for one for 20–40 ms a turn; at 10 the longest turn while opening went from 44–58 to
    /// 23–28 ms and loading from 19–20 to 24 s, BENCHMARKS.md). Only the helper processes: the
    /// board's own workers (listing, saving) keep the loop's. `PHOTOBOARD_DECODE_NICENESS`
    /// overrides it, to measure.
    public var helperNiceness: Int32 = Int32(ProcessInfo.processInfo.environment["PHOTOBOARD_DECODE_NICENESS"] ?? "") ?? 10
    /// For tests only: helpers honour the fault markers of `DecodeHelper.testFaultsVariable`
    /// (which a helper also honours when the board's own environment sets it).
    public var honoursTestFaults = false

    public init() {}

    /// The settings for `--colour-management`: off, pictures show the numbers they store.
    public init(colourManagement: ColourManagement) {
        managesColour = colourManagement == .on
    }

    /// The helpers to run: one per usable processor, at most `maximumHelpers`.
    public var helperCount: Int { max(1, min(maximumHelpers, Int(cpd_usable_processors()))) }

    /// RLIMIT_AS of each helper, in bytes.
    public var addressSpaceLimit: Int { memoryBudget + programAddressSpace }

    static var defaultBudget: Int {
        min(max(System.physicalMemory / 4, 512 << 20), 4 << 30)
    }
}
