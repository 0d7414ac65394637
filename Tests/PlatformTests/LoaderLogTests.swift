import CX11
import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// gdk-pixbuf's and GLib's own log output never reaches the terminal raw: what a loader logs
/// while decoding becomes part of that file's one line, or is dropped when the line already
/// says it.
@Suite(.serialized, .timeLimit(.minutes(15)))
final class LoaderLogTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-loaderlog-\(getpid())-\(UUID().uuidString.prefix(6))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it: a run leaves nothing in the temporary directory.
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private func reason(loading bytes: [UInt8], as name: String) throws -> (reason: String?, stderr: String) {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (reason, text) = StandardErrorCapture.capturing { () -> String? in
            do {
                _ = try ImageLoader.load(path: path)
                return nil
            } catch let PlatformError.image(_, reason) {
                return reason
            } catch {
                return "\(error)"
            }
        }
        return (reason, text)
    }

    @Test func aZeroWidthGIFIsOneLineAndNeverReachesTheLoaderThatWouldLogACritical() throws {
        let (reason, stderr) = try reason(loading: FormatFixtures.zeroWidthGIF(), as: "zero.gif")
        #expect(reason == "not a picture: its GIF header declares 0×1 pixels")
        #expect(StandardErrorCapture.glibLines(in: stderr).isEmpty, "\(stderr)")
    }

    @Test func aWebPWhoseAnimationDecoderFailsIsOneLineWithTheDecodersReason() throws {
        let (reason, stderr) = try reason(loading: FormatFixtures.brokenAnimatedWebP(), as: "broken.webp")
        let text = try #require(reason)
        #expect(text.hasPrefix("could not be decoded"), "\(text)")
        #expect(!text.contains("\n") && !text.contains("**"), "\(text)")
        #expect(StandardErrorCapture.glibLines(in: stderr).isEmpty, "\(stderr)")
    }

    @Test func aSoundAnimatedWebPShowsItsFirstFrame() throws {
        let path = folder + "/animated.webp"
        try Data(FormatFixtures.animatedWebP()).write(to: URL(fileURLWithPath: path))
        let picture = try ImageLoader.load(path: path)
        let pixel = try #require(picture.image.rgb(x: 16, y: 16))
        #expect(pixel == 0xE0_2020, "\(String(pixel, radix: 16))")
    }

    @Test func aMessageLoggedOutsideAnyDecodeIsOnePrefixedLine() throws {
        GLibLog.install()
        let (_, stderr) = StandardErrorCapture.capturing {
            // Every string GLib reads is alive for the whole call (a literal passed as a pointer
            // lives only for the initializer that takes it, and GLib would read freed memory).
            "GLIB_DOMAIN".withCString { domainKey in
                "MESSAGE".withCString { messageKey in
                    "GdkPixbuf".withCString { domain in
                        "something odd\nhappened".withCString { message in
                            var fields = [
                                GLogField(key: domainKey, value: UnsafeRawPointer(domain), length: -1),
                                GLogField(key: messageKey, value: UnsafeRawPointer(message), length: -1),
                            ]
                            g_log_structured_array(G_LOG_LEVEL_WARNING, &fields, gsize(fields.count))
                        }
                    }
                }
            }
        }
        #expect(stderr == "photoboard-x11: GdkPixbuf: something odd happened\n", "\(stderr)")
    }
}
