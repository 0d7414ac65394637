/// The paths that could not be opened so far — at start, dropped, or failing to decode — and
/// the one notice that counts them (`BoardNotices.unopened`), with what a drop that brought
/// nothing new says (`UnopenedPathsTests`).
struct UnopenedPaths: Sendable {
    /// Escaped, in the order they failed.
    private(set) var paths: [String] = []
    /// Why some of them could not be opened, where a decode said.
    private var reasons: [String: String] = [:]

    /// Counts `paths` (escaped; `reasons` by path where known) and posts the notice counting
    /// every path so far in `notices` at `now`, replacing the last.
    mutating func add(_ paths: [String], reasons: [String: String] = [:], to notices: inout NoticeQueue, at now: Instant) {
        guard !paths.isEmpty else { return }
        self.paths += paths
        self.reasons.merge(reasons) { _, new in new }
        let reason = self.paths.count == 1 ? self.reasons[self.paths[0]] : nil
        notices.post(BoardNotices.unopened(self.paths, reason: reason), topic: BoardNotices.unopenedTopic, tone: .problem, at: now)
    }

    /// A drop was listed: `files` of its paths are pictures to try (`added` of them new), and
    /// `problems` could not be opened at all (a drop of board documents alone has neither: they
    /// open in windows of their own). Says so in `notices` at `now`.
    mutating func noteDrop(files: Int, added: Int, problems: [String], to notices: inout NoticeQueue, at now: Instant) {
        if files == 0 {
            guard !problems.isEmpty else { return }
            let names = problems.prefix(BoardNotices.namesListed).map(BoardTitle.lastComponent(of:)).joined(separator: ", ")
            let text = "Nothing in the drop could be opened" + (names.isEmpty ? "" : ": \(names)")
            notices.post(text, topic: BoardNotices.dropTopic, tone: .problem, at: now)
            return
        }
        if !problems.isEmpty { add(problems, to: &notices, at: now) }
        if added == 0 { notices.post("Those photos are on the board already", topic: BoardNotices.dropTopic, at: now) }
    }
}
