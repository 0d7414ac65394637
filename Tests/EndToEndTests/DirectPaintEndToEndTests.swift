import Foundation
import Testing
import XorgHarness

/// A close-up in the hands is drawn straight into the window (issue 17): the back buffer is
/// behind there, and must be brought up to date before the window is ever shown from it again.
extension EndToEnd {
    @Suite(.timeLimit(.minutes(15)))
    struct DirectPaint {
        @Test func aCloseUpHeldAsADraftLooksTheSameAfterAnotherWindowCoveredIt() throws {
            let session = try BoardSession(photos: [.redGreen, .blueYellow])
            let red = try session.bringToFront(.redGreen)
            try session.tap(at: (red.center.x, red.center.y))
            try session.tap(at: (red.center.x, red.center.y))  // double tap: up close
            _ = try waitFor("the close-up") { () -> Bool? in
                guard let now = try session.measure(.redGreen), now.span > red.span * 1.5 else { return nil }
                return true
            }
            let closeUp = try session.settled(.redGreen)
            // Drag it aside and twist it, and keep the fingers down: the last frame drawn is a
            // draft, and its inside went straight to the window.
            let c = closeUp.center
            try session.gesture([(1, (c.x, c.y), (c.x - 80, c.y + 30))], steps: 20)
            let moved = try session.settled(.redGreen)
            let m = moved.center
            try session.gesture(
                [(2, (m.x - 90, m.y), (0, 0)), (3, (m.x + 90, m.y), (0, 0))],
                path: { id, f in
                    let angle = 20 * .pi / 180 * f + (id == 2 ? .pi : 0)
                    return (m.x + 90 * cos(angle), m.y + 90 * sin(angle))
                }, lift: false)
            let held = try session.rest()
            _ = try session.saveScreenshot(named: "close-up-held")
            let draft = try #require(PrintMeasure(held, left: TestPhoto.redGreen.left, right: TestPhoto.redGreen.right))
            #expect(TestPhoto.redGreen.isWhole(draft, in: held), "the held draft shows both halves whole: \(draft)")
            // A window over all of the board, then gone: the board shows again what it showed.
            session.reader.cover(x: 0, y: 0, width: held.width, height: held.height)
            let uncovered = try session.rest()
            _ = try session.saveScreenshot(named: "close-up-uncovered")
            let differing = zip(held.pixels, uncovered.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(differing) pixels differ after the window was uncovered")
            for (id, angle) in [(UInt32(2), Double.pi), (3, 0)] {
                let turned = 20 * .pi / 180 + angle
                try session.touch(.end, id, m.x + 90 * cos(turned), m.y + 90 * sin(turned))
            }
            let sharp = try session.settled(.redGreen)
            #expect(TestPhoto.redGreen.isWhole(sharp, in: try session.rest()), "at rest: \(sharp)")
        }
    }
}
