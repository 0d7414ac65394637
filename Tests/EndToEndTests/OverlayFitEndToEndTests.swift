import Foundation
import Testing
import XBoardPlatform
import XorgHarness

extension EndToEnd {
    /// Every overlay — the help panel, the pinned-finger hint, notices, the loading panel —
    /// wraps or shortens to fit a small window, at 96 and at 192 dpi. The screenshots are for a
    /// person to look at; the checks keep each panel inside the window with its margin.
    @Suite(.timeLimit(.minutes(15)))
    struct OverlayFit {
        /// The help panel's box (`OverlayStyle.helpBackground`, opaque).
        static let helpBox: UInt32 = 0x14_1A21

        @Test(arguments: [(96, 1.0), (192, 2.0)])
        func theHelpHintAndNoticesFitA640By480Window(dpi: Int, scale: Double) throws {
            let session = try BoardSession(
                photos: [.redGreen, .blueYellow], resources: "Xft.dpi:\t\(dpi)\n", waitForPhotos: false, screen: (640, 480),
                sizedFromScreen: true
            ) { folder in
                let broken = folder + "/a broken picture with a rather long name.png"
                try Data("not a picture".utf8).write(to: URL(fileURLWithPath: broken))
                return [broken]
            }
            _ = try NoticeColors.bar(NoticeColors.problem, in: session)
            // Pin a second finger on a photo (right-click): the hint shows along the top.
            let photo = try session.settled(.blueYellow)
            try session.click(3, at: (photo.center.x, photo.center.y))
            pause(.milliseconds(300))
            print("screenshot: \(try session.saveScreenshot(named: "fit-640x480-\(dpi)dpi-hint-notice"))")
            try session.press(0xFFBE)  // F1: the help panel
            let help = try waitFor("the help panel", stall: .seconds(5)) { () -> Blob? in
                guard let blob = try session.screenshot().blob(of: Self.helpBox, tolerance: 2), blob.count > 20_000 else { return nil }
                return blob
            }
            print("screenshot: \(try session.saveScreenshot(named: "fit-640x480-\(dpi)dpi-help"))")
            let margin = Int(8 * scale) - 1
            #expect(help.minX >= margin && help.minY >= margin, "\(help)")
            #expect(help.maxX <= 640 - margin && help.maxY <= 480 - margin, "\(help)")
            #expect(session.app.process.isRunning)
        }

        @Test func theLoadingPanelFitsA640By480WindowAt192DPI() throws {
            // Without the thumbnail cache (an unusable one): the sixty names share one picture,
            // whose thumbnail would serve fifty-nine of them at once.
            let session = try BoardSession(
                photos: [], resources: "Xft.dpi:\t192\n", waitForPhotos: false, screen: (640, 480),
                environment: ["XDG_CACHE_HOME": "/dev/null", DecodeHelper.testDelayVariable: "100"], sizedFromScreen: true
            ) { folder in
                // Sixty names for one big picture, each decode made to take at least 100 ms: loading
                // shows for seconds on any machine.
                let master = folder + "/big.png"
                try TestPhotos.write(to: master, width: 4000, height: 3000, left: 0x60_6060, right: 0x70_7070)
                return try (0..<60).map { index in
                    let link = folder + "/photo \(index).png"
                    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: master)
                    return link
                }
            }
            // The bar: the indicator's blue at 0.9 over the dimmed band.
            let bar = try waitFor("the loading panel", stall: .seconds(20)) { () -> Blob? in
                guard session.app.process.isRunning else { throw HarnessError("photoboard-x11 exited: \(session.app.standardError)") }
                guard let blob = try session.screenshot().blob(of: 0x81_AFEA, tolerance: 10), blob.count > 100 else { return nil }
                return blob
            }
            print("screenshot: \(try session.saveScreenshot(named: "fit-640x480-192dpi-loading"))")
            #expect(bar.maxY >= 478 && bar.minY >= 480 - 10, "\(bar)")
        }
    }
}
