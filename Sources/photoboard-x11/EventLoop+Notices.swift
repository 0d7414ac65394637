import Foundation
import XBoard
import XBoardPlatform

/// What the board tells the person on the board itself, not only on standard error: files it
/// could not open, drops it could not take, where it saved, and what to do on an empty board.
extension EventLoop {
    /// Posts (or updates) the notice counting every path that could not be opened so far.
    func reportUnopened(at now: Instant) {
        guard !unopenedPaths.isEmpty else { return }
        notices.post(BoardNotices.unopened(unopenedPaths), topic: BoardNotices.unopenedTopic, tone: .problem, at: now)
    }

    /// A drop was listed: `files` of its paths are pictures to try (`added` of them new), and
    /// `problems` could not be opened at all (a drop of board documents alone has neither: they
    /// open in windows of their own).
    func dropped(files: Int, added: Int, problems: [String], at now: Instant) {
        if files == 0 {
            guard !problems.isEmpty else { return }
            let names = problems.prefix(BoardNotices.namesListed).map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
            let text = "Nothing in the drop could be opened" + (names.isEmpty ? "" : ": \(names)")
            notices.post(text, topic: BoardNotices.dropTopic, tone: .problem, at: now)
            return
        }
        if !problems.isEmpty {
            unopenedPaths += problems
            reportUnopened(at: now)
        }
        if added == 0 { notices.post("Those photos are on the board already", topic: BoardNotices.dropTopic, at: now) }
    }

    /// An empty board (once loading is done) says what to do until photos come back.
    func noteWhetherEmpty(at now: Instant) {
        let isEmpty = controller.board.photos.isEmpty && !library.isLoading
        let isShown = notices.notices.contains { $0.topic == BoardNotices.emptyTopic }
        if isEmpty, !isShown {
            notices.post(BoardNotices.emptyBoard, topic: BoardNotices.emptyTopic, isSticky: true, at: now)
        } else if !isEmpty, isShown {
            notices.withdraw(topic: BoardNotices.emptyTopic, at: now)
        }
    }
}
