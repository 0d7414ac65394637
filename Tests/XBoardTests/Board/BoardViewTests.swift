import Testing
import XBoard

/// The view onto the board: window pixels and board points one from the other, zooming about a
/// point, fitting a rectangle, and the limits on zoom and pan.
@Suite struct BoardViewTests {
    let window = Size(width: 1000, height: 800)

    @Test func windowAndBoardPointsRoundTrip() {
        let view = BoardView(zoom: 2.5, origin: Point(100, -40))
        for point in [Point(0, 0), Point(999, 799), Point(-300, 1200.5)] {
            expectClose(view.boardToWindow.apply(to: view.windowToBoard.apply(to: point)), point, within: 1e-9)
        }
        expectClose(view.windowToBoard.apply(to: .zero), Point(100, -40), within: 1e-12, "the origin is at the top-left corner")
        expectClose(view.boardToWindow.apply(to: Point(110, -30)), Point(25, 25), within: 1e-12, "ten board points are 25 pixels")
        #expect(BoardView.identity.boardToWindow == .identity && BoardView.identity.windowToBoard == .identity)
        #expect(BoardView(boardToWindow: view.boardToWindow) == view)
    }

    @Test func zoomingAboutAPointKeepsItUnderIt() {
        let view = BoardView(zoom: 0.8, origin: Point(-50, 30))
        let finger = Point(300, 650)
        let zoomed = view.zoomed(by: 3, about: finger)
        expectClose(zoomed.zoom, 2.4)
        expectClose(zoomed.windowToBoard.apply(to: finger), view.windowToBoard.apply(to: finger), within: 1e-9)
        #expect(view.zoomed(by: .nan, about: finger) == view && view.zoomed(by: 0, about: finger) == view)
    }

    @Test func fittingShowsTheRectWholeAndCentred() {
        let rect = Rect(x: 100, y: 200, width: 400, height: 100)
        let view = BoardView.fitting(rect, in: window, margin: 20)
        expectClose(view.zoom, 2.4, absolute: 1e-12, "the width binds: 960 / 400")
        expectClose(view.boardToWindow.apply(to: rect.center), Point(500, 400), within: 1e-9)
        let visible = view.visibleBounds(in: window)
        #expect(rect.corners.allSatisfy(visible.contains), "\(visible)")
        // Into part of the window (below the controls), at a given zoom.
        let below = BoardView.fitting(rect, into: Rect(x: 0, y: 100, width: 1000, height: 700), zoom: 1)
        #expect(below.zoom == 1)
        expectClose(below.boardToWindow.apply(to: rect.center), Point(500, 450), within: 1e-9)
    }

    @Test func visibleBoundsAtZoomTwo() {
        let view = BoardView(zoom: 2, origin: Point(800, 300))
        #expect(view.visibleBounds(in: window) == Rect(x: 800, y: 300, width: 500, height: 400))
        #expect(BoardView.identity.visibleBounds(in: window) == Rect(origin: .zero, size: window))
    }

    @Test func limitsHoldZoomAndPan() {
        let settings = ViewSettings()
        let extent = Rect(x: 0, y: 0, width: 1000, height: 800)
        #expect(settings.limited(BoardView(zoom: 100, origin: .zero), windowSize: window, extent: extent).zoom == 16)
        #expect(settings.limited(BoardView(zoom: 0.0001, origin: .zero), windowSize: window, extent: extent).zoom == 0.02)
        // Far off to the right: the view's centre comes back to the extent plus 0.45 of a window,
        // so a strip of the prints a twentieth of the window wide and high stays in view.
        let far = settings.limited(BoardView(zoom: 1, origin: Point(50_000, -9_000)), windowSize: window, extent: extent)
        expectClose(far.visibleBounds(in: window).center, Point(1450, -360), within: 1e-9)
        let strip = far.visibleBounds(in: window).intersection(extent)
        expectClose(Point(strip?.size.width ?? 0, strip?.size.height ?? 0), Point(50, 40), within: 1e-9)
        // Inside the allowance, a view is left as it is.
        let near = BoardView(zoom: 2, origin: Point(700, 500))
        #expect(settings.limited(near, windowSize: window, extent: extent) == near)
        // Without prints only the zoom is limited.
        #expect(settings.limited(BoardView(zoom: 1, origin: Point(50_000, 0)), windowSize: window, extent: nil).origin.x == 50_000)
    }
}
