import CX11
import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// Picture formats outside the board's list are refused by their content, whatever the file is
/// called — and each sample is a real picture a gdk-pixbuf loader claims, so it is the board's
/// refusal that keeps it from that loader.
@Suite(.serialized, .timeLimit(.minutes(15)))
struct RefusedFormatTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-refused-\(getpid())-\(UUID().uuidString.prefix(6))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test(arguments: try RefusedFormats.samples())
    func aRefusedFormatIsRefusedUnderAnyNameThoughItsLoaderWouldReadIt(_ sample: RefusedFormats.Sample) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let real = folder + "/sample.\(sample.name.lowercased())"
        try Data(sample.bytes).write(to: URL(fileURLWithPath: real))
        var width: Int32 = 0, height: Int32 = 0
        let format = gdk_pixbuf_get_file_info(real, &width, &height)
        let name = cx11_format_name(format)
        defer { cx11_g_free(name) }
        #expect(name.map { String(cString: $0) } == sample.loader, "gdk-pixbuf's \(sample.loader) loader claims the \(sample) sample")
        #expect(width > 0 && height > 0, "\(sample): the loader reads a size")

        for disguise in ["photo.jpg", "photo.png", "photo.\(sample.name.lowercased())"] {
            let path = folder + "/" + disguise
            try Data(sample.bytes).write(to: URL(fileURLWithPath: path))
            do {
                _ = try ImageLoader.load(path: path)
                Issue.record("\(sample) named \(disguise) was opened")
            } catch let PlatformError.image(_, reason) {
                #expect(reason.contains(sample.name) && reason.contains("does not open"), "\(sample) as \(disguise): \(reason)")
            }
        }
    }
}
