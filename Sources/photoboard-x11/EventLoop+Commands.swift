import Foundation
import XBoard
import XBoardPlatform

/// The command dispatcher: board commands go to the controller; the loop's own (quit, escape,
/// fullscreen, help, export, board documents, the removed photos list) are carried out here.
extension EventLoop {
    /// Carries out `command`, pressed at `time`; returns an exit status when it ends the board.
    func perform(_ command: BoardCommand, at time: Instant) -> Int32? {
        guard !controller.perform(command) else { return nil }
        switch command {
        case .quit:
            return 0
        case .escape:
            // Esc closes the help panel and the removed photos list, and lifts a pinned finger,
            // together; when none was open, it leaves fullscreen.
            let lifted = emulator.removePinnedFinger(at: time)
            for touch in lifted { controller.handle(touch) }
            if showsHelp || showsRemovedPhotos {
                showsHelp = false
                showsRemovedPhotos = false
            } else if lifted.isEmpty {
                window.setFullscreen(false)
            }
        case .toggleFullscreen:
            window.setFullscreen(!window.isFullscreen)
        case .toggleHelp:
            showsHelp.toggle()
        case .exportPicture:
            exportPicture(at: time)
        case .saveDocument:
            saveDocument(at: time)
        case .toggleRemovedPhotos:
            showsRemovedPhotos.toggle()
        case .tidy(let byDate):
            let ids = controller.board.photos.map(\.id)
            controller.tidy(order: TidyOrdering.order(of: ids, files: library.files, byDate: byDate, known: library.dateTaken(of:)))
        case .toggleCaptions:
            captions.isShown.toggle()
            // Captions hide on prints too small to read them; when that is every print, say so.
            let board = controller.board
            if captions.isShown, !board.photos.isEmpty, !CaptionLayout.anyReadable(board.photos) {
                notices.post(BoardNotices.captionsTooSmall, topic: BoardNotices.captionsTopic, at: time)
            } else {
                notices.withdraw(topic: BoardNotices.captionsTopic, at: time)
            }
        case .undo, .redo, .gather, .removeTarget, .selectNext, .nudge, .zoom, .turn:
            break  // the controller's, handled above
        }
        return nil
    }

    /// Ctrl+S: the board as a PNG under ~/Pictures; the path is printed on stdout, said on
    /// stderr and shown in a notice.
    private func exportPicture(at time: Instant) {
        let path = ExportPath.next()
        do {
            try painter.exportPNG(scene.build(controller.board), to: path)
            print(path)
            System.printError("photoboard-x11: saved the board as \(path)")
            let home = ProcessInfo.processInfo.environment["HOME"]
            notices.post(BoardNotices.saved(path: path, home: home), topic: BoardNotices.savedTopic, at: time)
        } catch {
            System.printError("photoboard-x11: \(error)")
            notices.post("Could not save the board: \(error)", topic: BoardNotices.savedTopic, tone: .problem, at: time)
        }
    }
}
