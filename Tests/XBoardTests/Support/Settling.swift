import Testing
import XBoard

/// After every touch ended: none may be stuck, every motion must finish, and every photo's
/// centre must lie inside the window.
func expectSettledInside(_ controller: BoardController, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(controller.activeTouchCount == 0, "touches stuck after all ended", sourceLocation: sourceLocation)
    var frames = 0
    while let deadline = controller.nextDeadline, frames < 100_000 {
        controller.advance(to: max(deadline, controller.now))
        frames += 1
    }
    #expect(controller.nextDeadline == nil, "still moving after settling", sourceLocation: sourceLocation)
    controller._checkInvariants()
    for photo in controller.board.photos {
        #expect(
            controller.visibleBounds.contains(photo.center), "\(photo.id) at \(photo.center) outside \(controller.visibleBounds)",
            sourceLocation: sourceLocation)
    }
}
