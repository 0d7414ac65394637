/// Who may run together and who waits for whom, as data (Qt's grab permissions, UIKit's
/// delegate answers).
///
/// By default recognizers are exclusive: when one begins or recognizes, every other that is
/// still possible fails. `allowSimultaneous` exempts a pair; `require(_:toFail:)` makes the first
/// wait, after it would have acted, until the second fails (and fail if the second acts).
public struct GestureArbiter: Sendable {
    private var simultaneousPairs: Set<Pair> = []
    private var failureRequirements: [ObjectIdentifier: [ObjectIdentifier]] = [:]

    public init() {}

    public mutating func allowSimultaneous(_ first: any GestureRecognizer, _ second: any GestureRecognizer) {
        simultaneousPairs.insert(Pair(ObjectIdentifier(first), ObjectIdentifier(second)))
    }

    public mutating func require(_ recognizer: any GestureRecognizer, toFail other: any GestureRecognizer) {
        failureRequirements[ObjectIdentifier(recognizer), default: []].append(ObjectIdentifier(other))
    }

    public func canRunSimultaneously(_ first: any GestureRecognizer, _ second: any GestureRecognizer) -> Bool {
        simultaneousPairs.contains(Pair(ObjectIdentifier(first), ObjectIdentifier(second)))
    }

    /// The recognizers `recognizer` must see fail before it may act.
    public func recognizersRequiredToFail(by recognizer: any GestureRecognizer) -> [ObjectIdentifier] {
        failureRequirements[ObjectIdentifier(recognizer)] ?? []
    }

    /// Forgets every relation that mentions `recognizer`.
    public mutating func forget(_ recognizer: any GestureRecognizer) {
        let id = ObjectIdentifier(recognizer)
        simultaneousPairs = simultaneousPairs.filter { $0.first != id && $0.second != id }
        failureRequirements[id] = nil
        for key in failureRequirements.keys { failureRequirements[key]?.removeAll { $0 == id } }
    }

    private struct Pair: Hashable, Sendable {
        let first: ObjectIdentifier
        let second: ObjectIdentifier
        init(_ a: ObjectIdentifier, _ b: ObjectIdentifier) {
            (first, second) = a < b ? (a, b) : (b, a)
        }
    }
}
