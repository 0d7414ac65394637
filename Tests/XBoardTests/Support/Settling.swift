import Testing
import XBoard

/// After every touch ended: none may be stuck, every motion must finish, and Home (the whole
/// board in view) must show every photo's centre inside the window — prints panned out of view
/// stay where they lie, and Home finds them. Only a board spread wider than the smallest zoom
/// shows is left partly out of view, with the view on its middle.
func expectSettledInside(_ controller: BoardController, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(controller.activeTouchCount == 0, "touches stuck after all ended", sourceLocation: sourceLocation)
    func settle() {
        var frames = 0
        while let deadline = controller.nextDeadline, frames < 100_000 {
            controller.advance(to: max(deadline, controller.now))
            frames += 1
        }
        #expect(controller.nextDeadline == nil, "still moving after settling", sourceLocation: sourceLocation)
    }
    settle()
    controller.showWholeBoard()
    settle()
    controller._checkInvariants()
    guard !controller.board.photos.isEmpty else { return }
    let visible = controller.visibleBounds
    if controller.view.zoom <= controller.settings.view.zoomRange.lowerBound * (1 + 1e-9) {
        let extent = Rect.bounding(controller.board.photos.flatMap { $0.boardBounds.corners })
        expectClose(visible.center, extent.center, within: 1e-6 * max(1, extent.size.longEdge), sourceLocation: sourceLocation)
        return
    }
    for photo in controller.board.photos {
        #expect(visible.contains(photo.center), "\(photo.id) at \(photo.center) outside \(visible)", sourceLocation: sourceLocation)
    }
}
