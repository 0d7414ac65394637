import CX11
import Foundation

extension PictureEncoders {
    /// Saves the canvas with gdk-pixbuf's saver for `type` ("jpeg" drops alpha, "ico" keeps it).
    public static func savedByGdkPixbuf(_ canvas: TestCanvas, type: String, options: [(String, String)] = []) throws -> [UInt8] {
        let hasAlpha = type != "jpeg"
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, Int32(canvas.width), Int32(canvas.height)),
            let pixels = gdk_pixbuf_get_pixels(pixbuf)
        else { throw HarnessError("cannot allocate a \(canvas.width)×\(canvas.height) pixbuf") }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = hasAlpha ? 4 : 3
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let pixel = pixels + y * stride + x * channels
                pixel[0] = canvas.red(x, y)
                pixel[1] = canvas.green(x, y)
                pixel[2] = canvas.blue(x, y)
                if hasAlpha { pixel[3] = canvas.alpha(x, y) }
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photoboard-saver-\(getpid())-\(UUID().uuidString).\(type)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var keys: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.0) } + [nil]
        var values: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.1) } + [nil]
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_savev(pixbuf, path, type, &keys, &values, &error) != 0 else {
            let message = cx11_take_error_message(error).map { pointer in
                defer { cx11_g_free(pointer) }
                return String(cString: pointer)
            }
            throw HarnessError("gdk-pixbuf cannot save \(type): \(message ?? "no reason")")
        }
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
