import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// The board under the desktops the README promises — openbox, i3, xfwm4 (compositing, as it
    /// ships) and openbox under picom — looked at as a person would: the window and its photos, a
    /// drag, fullscreen and back, and a close-up held in the hands (drawn straight into the
    /// window) that looks the same after another window covered it.
    @Suite(.timeLimit(.minutes(15)))
    struct WindowManagers {
        static let f: UInt = 0x66, escape: UInt = 0xFF1B

        @Test(arguments: WindowManager.Kind.allCases)
        func theBoardWorksAsAPersonSeesIt(under kind: WindowManager.Kind) throws {
            let clock = ContinuousClock(), started = clock.now
            // A window smaller than the screen, so the desktop shows around it and fullscreen
            // is a change a person would see.
            let session = try BoardSession(
                photos: [.redGreen, .blueYellow], arguments: ["--geometry", "1024x640"], waitForPhotos: false, windowManager: kind)
            let look = DesktopLook(kind: kind, session: session)
            guard let window = look.step("the window appears", { try Self.windowAppears(session, look) }) else { return }
            Self.aDragMovesThePhotoByTheFinger(session, look)
            Self.fullscreenFillsTheScreenAndReturns(session, look, window: window)
            Self.aCloseUpHeldLooksTheSameAfterACover(session, look, window: window)
            print("under \(kind): \(clock.now - started) in all")
        }

        /// The board's window maps, and both photos show whole in it.
        static func windowAppears(_ session: BoardSession, _ look: DesktopLook) throws -> UInt {
            let window = try waitFor("the board's window to map", stall: .seconds(15)) { () -> UInt? in
                guard session.app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(session.app.standardError)") }
                return session.reader.window(ofProcess: session.app.pid)
            }
            let frame = try look.geometry(of: window)
            let shot = try waitFor("both photos to show", stall: .seconds(15)) { () -> Screenshot? in
                let shot = try session.rest()
                return session.photos.allSatisfy { PrintMeasure(shot, left: $0.left, right: $0.right) != nil } ? shot : nil
            }
            for photo in session.photos {
                let measure = try look.measure(photo, on: shot)
                look.expect(photo.isWhole(measure, in: shot), "the window appears", "the \(photo) photo is not whole: \(measure)")
                let inside =
                    measure.center.x > Double(frame.x) && measure.center.x < Double(frame.x + frame.width)
                    && measure.center.y > Double(frame.y) && measure.center.y < Double(frame.y + frame.height)
                look.expect(inside, "the window appears", "the \(photo) photo's middle \(measure) is outside the window \(frame)")
            }
            print("under \(look.kind): the board's window is \(frame); screenshot \(try session.saveScreenshot(named: "wm-\(look.kind)"))")
            return window
        }

        /// A one-finger drag moves the photo by the finger's displacement (towards the window's
        /// middle, so it stays in view).
        static func aDragMovesThePhotoByTheFinger(_ session: BoardSession, _ look: DesktopLook) {
            let name = "a one-finger drag"
            look.step(name) {
                let before = try session.settled(.redGreen), grab = try session.grabPoint(.redGreen)
                let shift = (before.center.x < 640 ? 120.0 : -120.0, before.center.y < 400 ? 60.0 : -60.0)
                try session.gesture([(1, grab, (grab.0 + shift.0, grab.1 + shift.1))])
                let after = try session.settled(.redGreen)
                let moved = (after.center.x - before.center.x, after.center.y - before.center.y)
                look.expect(
                    abs(moved.0 - shift.0) <= 2 && abs(moved.1 - shift.1) <= 2, name,
                    "the finger moved \(shift), the photo \(moved) (from \(before) to \(after))")
            }
        }

        /// `f` fills the screen — the window covers it, the table shows at its corners, the photos
        /// stay in view — and `f` again, or Escape, brings the window back as it was.
        static func fullscreenFillsTheScreenAndReturns(_ session: BoardSession, _ look: DesktopLook, window: UInt) {
            let size = session.server.size
            let screen = Rectangle(x: 0, y: 0, width: size.width, height: size.height)
            guard let windowed = look.step("fullscreen", { try look.geometry(of: window) }) else { return }
            for (leaving, key) in [("f again", Self.f), ("Escape", Self.escape)] {
                let entered = look.step("f to fill the screen (before leaving with \(leaving))") { () -> Bool in
                    try session.press(Self.f)
                    try look.waitForGeometry(screen, of: window, "f to make the window cover the screen")
                    let shot = try session.rest()
                    let corners = [(1, 1), (size.width - 2, 1), (1, size.height - 2), (size.width - 2, size.height - 2)]
                    let seen = corners.map { shot.pixel($0.0, $0.1) }
                    if !seen.allSatisfy(DesktopLook.isTable) {
                        look.fail(
                            "fullscreen",
                            "the screen's corners are not the board's table: \(seen.map(\.hex)), "
                                + Self.whenCorners(corners, becomeTableOn: session), earlier: [("at-rest", shot)])
                    }
                    for photo in session.photos {
                        let measure = try look.measure(photo, on: shot)
                        look.expect(photo.isWhole(measure, in: shot), "fullscreen", "the \(photo) photo is not whole: \(measure)")
                    }
                    return true
                }
                guard entered != nil else { return }
                look.step("\(leaving) to leave fullscreen") {
                    try session.press(key)
                    try look.waitForGeometry(windowed, of: window, "\(leaving) to bring the window back to \(windowed)")
                    let shot = try session.rest()
                    for photo in session.photos { _ = try look.measure(photo, on: shot) }
                }
            }
        }

        /// How long after a screen judged at rest the corners turned into table, if they did within 3 s.
        static func whenCorners(_ corners: [(Int, Int)], becomeTableOn session: BoardSession) -> String {
            let clock = ContinuousClock(), start = clock.now
            while clock.now - start < .seconds(3) {
                let pixels = corners.compactMap { try? session.reader.pixels(x: $0.0, y: $0.1, width: 1, height: 1).first }
                if pixels.count == corners.count, pixels.allSatisfy(DesktopLook.isTable) {
                    return "though they turned into table \(clock.now - start) later"
                }
                pause(.milliseconds(5))
            }
            return "nor did they within 3 s"
        }

        /// A double tap brings the photo up close; dragged and held (its inside drawn straight
        /// into the window), it shows whole where the finger took it, and after another window
        /// covered the screen for a moment the board looks exactly as before.
        static func aCloseUpHeldLooksTheSameAfterACover(_ session: BoardSession, _ look: DesktopLook, window: UInt) {
            let name = "a close-up held"
            look.step(name) {
                let red = try session.bringToFront(.redGreen)
                try session.tap(at: (red.center.x, red.center.y))
                try session.tap(at: (red.center.x, red.center.y))
                var seen: PrintMeasure?
                _ = try waitFor("a double tap to bring it up close (last seen: \(seen.map(String.init(describing:)) ?? "nowhere"))") {
                    () -> Bool? in
                    seen = try session.measure(.redGreen)
                    return seen.map { $0.span > red.span * 1.5 ? true : nil } ?? nil
                }
                let closeUp = try session.settled(.redGreen), c = closeUp.center, shift = (-60.0, 24.0)
                try session.gesture([(1, (c.x, c.y), (c.x + shift.0, c.y + shift.1))], steps: 20, lift: false)
                let held = try session.rest()
                let draft = try look.measure(.redGreen, on: held)
                look.expect(TestPhoto.redGreen.isWhole(draft, in: held), name, "the dragged close-up is not whole: \(draft)")
                let moved = (draft.center.x - c.x, draft.center.y - c.y)
                look.expect(
                    abs(moved.0 - shift.0) <= 3 && abs(moved.1 - shift.1) <= 3, name,
                    "the finger moved the close-up \(shift), it moved \(moved)")
                let frame = try look.geometry(of: window)
                session.reader.cover(x: 0, y: 0, width: held.width, height: held.height)
                let uncovered = try session.rest()
                let difference = DesktopLook.difference(held, uncovered, in: frame)
                if difference.count > 0 {
                    look.fail(
                        name,
                        "after another window covered the screen, \(difference.count) pixels of the board differ, within "
                            + "\(difference.bounds.map(String.init(describing:)) ?? "-")", earlier: [("before-cover", held)])
                }
                let end = (c.x + shift.0, c.y + shift.1)
                try session.touch(.end, 1, end.0, end.1)
                let sharp = try session.settled(.redGreen)
                look.expect(TestPhoto.redGreen.isWhole(sharp, in: try session.rest()), name, "let go, the close-up is not whole: \(sharp)")
            }
        }
    }
}
