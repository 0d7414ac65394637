import Testing
import XBoard

/// Stacking kept as keys: a window's raises become keys among what is stored.
@Suite struct StackOrderTests {
    @Test func raisingOnePhotoMovesOnlyIt() {
        #expect(StackOrder.moved(from: ["a", "b", "c", "d"], to: ["a", "c", "d", "b"]) == ["b"])
        #expect(StackOrder.moved(from: ["a", "b", "c"], to: ["a", "b", "c"]) == [])
        #expect(StackOrder.moved(from: ["a", "b"], to: ["a", "b", "new"]) == ["new"])
        #expect(StackOrder.moved(from: ["a", "b", "c", "d"], to: ["d", "a", "b", "c"]) == ["d"])
    }

    @Test func aRaisedPhotoGetsAKeyAboveEveryPhotoBelowIt() {
        var keys: [String: Double] = ["a": 0, "b": 1, "c": 2]
        StackOrder.assignKeys(order: ["b", "c", "a"], moved: ["a"], keys: &keys)
        #expect(keys["a"].map { $0 > 2 } == true, "\(keys)")
        #expect(keys["b"] == 1 && keys["c"] == 2)
    }

    @Test func aPhotoPutBetweenTwoLandsBetweenThemAndPassesNoOther() {
        // "x" (not shown by this window) lies between b and c: the moved photo must not pass it.
        var keys: [String: Double] = ["a": 0, "b": 1, "x": 1.5, "c": 2]
        StackOrder.assignKeys(order: ["b", "a", "c"], moved: ["a"], keys: &keys)
        let a = keys["a"] ?? .nan
        #expect(a > 1 && a < 1.5, "\(keys)")
    }

    @Test func anotherWindowsLaterRaiseIsNotUndoneAndTheMovedPhotoStillGoesOnTop() {
        // Another window raised "c" above everything; this one raises "a" after it.
        var keys: [String: Double] = ["a": 0, "b": 1, "c": 5]
        StackOrder.assignKeys(order: ["b", "c", "a"], moved: ["a"], keys: &keys)
        #expect(keys["a"].map { $0 > 5 } == true, "\(keys)")
    }

    @Test func keysTooCloseToSplitAreRenumberedInOrder() {
        var keys: [String: Double] = ["a": 0, "b": 1, "c": 1.0.nextUp, "d": 3]
        StackOrder.assignKeys(order: ["b", "d", "c"], moved: ["d"], keys: &keys)
        let order = keys.sorted { $0.value < $1.value }.map(\.key)
        #expect(order == ["a", "b", "d", "c"], "\(keys)")
        #expect(Set(keys.values).count == 4)
    }

    @Test func randomOrdersComeOutStackedAsShown() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<300 {
            let count = Int.random(in: 2...12, using: &random)
            let before = (0..<count).map { "p\($0)" }
            var after = before
            random.shuffle(&after)
            var keys: [String: Double] = [:]
            for (index, name) in before.enumerated() { keys[name] = Double(index) }
            let moved = StackOrder.moved(from: before, to: after)
            StackOrder.assignKeys(order: after, moved: moved, keys: &keys)
            #expect(after.sorted { (keys[$0] ?? 0) < (keys[$1] ?? 0) } == after, "\(before) → \(after): \(keys)")
        }
    }
}

extension StackOrderTests {
    @Test func whenEitherReadingWouldDoThePhotoOnTopNowIsTheOneThatMoved() {
        #expect(StackOrder.moved(from: ["p", "q"], to: ["q", "p"]) == ["p"])
        #expect(StackOrder.moved(from: ["a", "b", "c"], to: ["a", "c", "b"]) == ["b"])
    }
}
