import Testing
import XBoard

@Suite struct NoticeQueueTests {
    let start = Instant.origin + .seconds(100)

    @Test func aNoticeShowsThenFadesOutAndGoes() throws {
        var queue = NoticeQueue()
        let settings = queue.settings
        queue.post("Saved the board", at: start)
        let duration = settings.duration(forCharacters: "Saved the board".count)
        #expect(queue.shown(at: start).map(\.opacity) == [1])
        // Nothing to do until the fade begins; then a frame at a time.
        let fadeStart = start + duration - settings.fadeDuration
        #expect(queue.nextDeadline(after: start) == fadeStart)
        #expect(queue.nextDeadline(after: fadeStart) == fadeStart + settings.frameInterval)
        let halfway = fadeStart + settings.fadeDuration / 2
        queue.advance(to: halfway)
        let opacity = try #require(queue.shown(at: halfway).first?.opacity)
        #expect(abs(opacity - 0.5) < 1e-9)
        queue.advance(to: start + duration)
        #expect(queue.shown(at: start + duration).isEmpty && queue.isEmpty)
        #expect(queue.nextDeadline(after: start + duration) == nil)
    }

    @Test func longerTextStaysLongerWithinLimits() {
        let settings = NoticeSettings()
        #expect(settings.duration(forCharacters: 0) == settings.minimumDuration)
        #expect(settings.duration(forCharacters: 60) > settings.duration(forCharacters: 10))
        #expect(settings.duration(forCharacters: 100_000) == settings.maximumDuration)
    }

    @Test func aNoticeOnTheSameTopicReplacesTheOldOneAndShowsAfresh() {
        var queue = NoticeQueue()
        let topic = Notice.Topic("unopened")
        queue.post("1 picture could not be opened: a.png", topic: topic, tone: .problem, at: start)
        queue.post("Saved", at: start + .seconds(1))
        queue.post("2 pictures could not be opened: a.png, b.png", topic: topic, tone: .problem, at: start + .seconds(3))
        let shown = queue.shown(at: start + .seconds(3))
        #expect(shown.map(\.text) == ["2 pictures could not be opened: a.png, b.png", "Saved"])
        // The replacement's clock started when it was posted.
        let later = start + .seconds(3) + queue.settings.duration(forCharacters: shown[0].text.count) - .milliseconds(1)
        queue.advance(to: later)
        #expect(queue.shown(at: later).map(\.text).contains(shown[0].text))
    }

    @Test func atMostAFewShowAndTheRestWaitForRoom() {
        var settings = NoticeSettings()
        settings.maximumShown = 2
        var queue = NoticeQueue(settings: settings)
        for text in ["one", "two", "three"] { queue.post(text, at: start) }
        #expect(queue.shown(at: start).map(\.text) == ["one", "two"])
        let firstGone = start + settings.duration(forCharacters: 3)
        queue.advance(to: firstGone)
        #expect(queue.shown(at: firstGone).map(\.text) == ["three"])
        // "three" waited; its own time starts now.
        #expect(queue.notices.first?.shownAt == firstGone)
    }

    @Test func stickyNoticesStayUntilWithdrawnAndTapsDismissAny() {
        var queue = NoticeQueue()
        let empty = Notice.Topic("empty board")
        queue.post("The board is empty", topic: empty, isSticky: true, at: start)
        let tapped = queue.post("Saved", at: start)
        #expect(queue.nextDeadline(after: start) != nil)
        queue.dismiss(tapped, at: start + .seconds(1))
        #expect(queue.nextDeadline(after: start + .seconds(1)) == nil)  // only the sticky one: no wake-ups
        queue.advance(to: start + .seconds(3600))
        #expect(queue.shown(at: start + .seconds(3600)).map(\.text) == ["The board is empty"])
        queue.withdraw(topic: empty, at: start + .seconds(3601))
        #expect(queue.isEmpty)
    }
}
