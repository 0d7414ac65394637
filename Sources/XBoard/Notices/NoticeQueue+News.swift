/// The board's news (`BoardNews`) and its empty board's notice, posted as notices.
extension NoticeQueue {
    /// Posts `news` at `now` (replacing a notice on its topic).
    public mutating func tell(_ news: BoardNews, at now: Instant) {
        post(news.text, topic: news.topic, tone: news.tone, isSticky: news.isSticky, at: now)
    }

    /// An empty board says what to do until photos come back: posted when the board `isEmpty`
    /// and it is not shown, withdrawn once the board has photos again.
    public mutating func noteWhether(isEmpty: Bool, at now: Instant) {
        let isShown = notices.contains { $0.topic == BoardNotices.emptyTopic }
        if isEmpty, !isShown {
            post(BoardNotices.emptyBoard, topic: BoardNotices.emptyTopic, isSticky: true, at: now)
        } else if !isEmpty, isShown {
            withdraw(topic: BoardNotices.emptyTopic, at: now)
        }
    }
}
