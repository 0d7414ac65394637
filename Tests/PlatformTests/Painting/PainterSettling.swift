import XBoard
import XBoardPlatform
import XorgHarness

extension CairoPainter {
    /// What the loop does between frames: take the window's events, and answer exposures (the
    /// window's and the painter's own steps: sharp bands, repaint slices) with `present()`,
    /// until none come.
    func settle(in window: X11Window) {
        var quiet = 0
        while quiet < 3 {
            finish()
            let events = window.pendingEvents()
            if events.contains(where: { if case .exposed = $0 { return true } else { return false } }) {
                present()
                quiet = 0
            } else {
                quiet += events.isEmpty ? 1 : 0
                pause(.milliseconds(5))
            }
        }
    }
}
