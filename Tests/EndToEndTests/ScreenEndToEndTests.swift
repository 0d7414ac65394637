import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// The window fits the screen it opens on and follows the desktop's conventions, checked
    /// with the X properties a window manager reads.
    @Suite(.timeLimit(.minutes(15)))
    struct Screen {
        static let hiDPI = "Xft.dpi:\t192\n"

        @Test func onA4KScreenAt192DPITheWindowOpensSizedFromTheScreenWithItsIconAndHints() throws {
            let session = try BoardSession(
                photos: [.redGreen], resources: Self.hiDPI, waitForPhotos: false, screen: (3840, 2160), sizedFromScreen: true)
            let window = try waitFor("the board window to map", stall: .seconds(20)) { () -> UInt? in
                guard session.app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(session.app.standardError)") }
                return session.reader.window(ofProcess: session.app.pid)
            }
            // Two thirds of the screen, in its middle: at least 1280×800 points at 2 pixels a point.
            let geometry = try #require(session.reader.geometry(window))
            #expect(geometry.width == 2560 && geometry.height == 1600, "\(geometry)")
            #expect(geometry.x == 640 && geometry.y == 280, "\(geometry)")
            let hints = try #require(session.reader.sizeHints(window))
            #expect(hints.isProgramSize && hints.isProgramPosition && !hints.isUserSize)
            #expect(hints.minimum?.width == 800 && hints.minimum?.height == 600)
            let wmHints = try #require(session.reader.wmHints(window))
            #expect(wmHints.input && wmHints.initialState == 1)
            #expect(session.reader.clientMachine(window) == ProcessInfo.processInfo.hostName)
            let icon = try #require(session.reader.iconSizes(window))
            #expect(icon.sizes.map(\.0) == [16, 22, 24, 32, 48, 64, 128] && icon.sizes.allSatisfy { $0.0 == $0.1 })
            #expect(icon.middlePixel >> 24 == 0xFF, "the icon's middle should be opaque")
            #expect(session.reader.stringProperty(window, "_NET_WM_NAME") == "photo0.png — Photoboard")
            #expect(session.reader.windowClass(window)?.1 == "Photoboard-x11")

            // The print follows the window: one photo is laid out at 0.7 of its short edge (1120 px
            // long, so 560 between the halves' middles), not at the 1280×800 window's size.
            let measured = try waitFor("the photo to be drawn", stall: .seconds(20)) { () -> PrintMeasure? in
                PrintMeasure(try session.screenshot(), left: TestPhoto.redGreen.left, right: TestPhoto.redGreen.right, minimumPixels: 5000)
            }
            #expect(abs(measured.span - 560) < 12, "\(measured)")
            #expect(abs(measured.center.x - 1920) < 200 && abs(measured.center.y - 1080) < 200, "\(measured)")
            print("screenshot: \(try session.saveScreenshot(named: "screen-4k-192dpi"))")
            #expect(session.app.standardError.isEmpty, "\(session.app.standardError)")
        }

        @Test func aGeometryGivenOnTheCommandLineIsTheUsersSize() throws {
            let session = try BoardSession(photos: [.redGreen], arguments: ["--geometry", "900x700"])
            let geometry = try #require(session.reader.geometry(session.window))
            #expect(geometry.width == 900 && geometry.height == 700)
            let hints = try #require(session.reader.sizeHints(session.window))
            #expect(hints.isUserSize && !hints.isProgramSize)
        }

        @Test func aSmallScreenIsFilledAndTheDisplayMessageNamesTheDisplayTried() throws {
            let session = try BoardSession(photos: [.redGreen], screen: (1024, 600), sizedFromScreen: true)
            let geometry = try #require(session.reader.geometry(session.window))
            #expect(geometry.width == 1024 && geometry.height == 600, "\(geometry)")

            // DISPLAY names a display nobody runs: the message says which.
            let errorsPath = session.server.directory.appendingPathComponent("no-display.txt").path
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = ":987"
            let process = try ChildProcess(
                path: BoardSession.binaryPath, arguments: [session.server.directory.appendingPathComponent("photo0.png").path],
                environment: environment, stderrPath: errorsPath)
            #expect(try process.waitForExit(stall: .seconds(10)) == 1)
            let text = try String(contentsOfFile: errorsPath, encoding: .utf8)
            #expect(text.contains("cannot open display ':987'"), "\(text)")
        }
    }
}
