/// The targets a finger can act on (`LayerStack.targets`) as one trace line, said only when
/// they changed since it was last said: what `PHOTOBOARD_TRACE=widgets` prints after each frame.
struct TargetsTrace: Sendable {
    /// The targets last said.
    private(set) var lastSaid: [String] = []

    /// `targets` as one line (separated by `; `) when they differ from those last said, else `nil`.
    mutating func changedLine(_ targets: [String]) -> String? {
        guard targets != lastSaid else { return nil }
        lastSaid = targets
        return "trace: targets \(targets.joined(separator: "; "))"
    }
}
