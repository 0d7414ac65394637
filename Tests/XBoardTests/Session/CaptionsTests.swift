import Testing

@testable import XBoard

/// The captions alone: none while hidden, each made once.
struct CaptionsTests {
    @Test func captionsShowOnlyWhileShownAndEachIsMadeOnce() {
        var captions = Captions()
        var made: [PhotoID] = []
        func caption(_ id: PhotoID) -> String {
            made.append(id)
            return "photo \(id.rawValue)"
        }
        #expect(captions.shown(on: [PhotoID(1)], caption: caption).isEmpty, "hidden, none")
        #expect(made.isEmpty, "and none made")
        captions.isShown = true
        #expect(captions.shown(on: [PhotoID(1), PhotoID(2)], caption: caption) == [PhotoID(1): "photo 1", PhotoID(2): "photo 2"])
        #expect(captions.shown(on: [PhotoID(2), PhotoID(3)], caption: caption) == [PhotoID(2): "photo 2", PhotoID(3): "photo 3"])
        #expect(made == [PhotoID(1), PhotoID(2), PhotoID(3)], "each made once")
        captions.isShown = false
        #expect(captions.shown(on: [PhotoID(1)], caption: caption).isEmpty)
        #expect(captions.made.count == 3, "hidden, the captions made are kept")
    }
}
