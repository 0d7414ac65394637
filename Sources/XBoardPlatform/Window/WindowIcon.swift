internal import CX11
import Foundation
import SystemPackage
import XBoard

/// The window's icon for `_NET_WM_ICON`: the bundled PNGs at several sizes, as the EWMH wants
/// them — for each size its width, its height, then its pixels row by row as 32-bit ARGB
/// (straight alpha) in CARDINALs.
public struct WindowIcon: Sendable {
    /// The property's items, every size after the other.
    public private(set) var cardinals: [UInt] = []
    /// The sizes held, in pixels.
    public private(set) var sizes: [Int] = []

    /// Sizes worth giving a window manager: task bars, title bars, Alt+Tab switchers.
    public static let wantedSizes = [16, 22, 24, 32, 48, 64, 128]

    /// Loads `NxN/apps/NAME.png` for the wanted sizes from a hicolor icon theme folder (the
    /// source tree's `data/icons/hicolor` or an installed `share/icons/hicolor`); sizes that
    /// are missing or unreadable are skipped. `nil` when none could be read.
    public init?(themeFolder: FilePath, name: String) {
        for size in Self.wantedSizes {
            let path = themeFolder.appending("\(size)x\(size)/apps/\(name).png")
            guard let pixels = Self.argb(path: path, size: size) else { continue }
            cardinals += [UInt(size), UInt(size)] + pixels
            sizes.append(size)
        }
        guard !sizes.isEmpty else { return nil }
    }

    /// The picture at `path` as ARGB cardinals, if it is a `size`×`size` picture gdk-pixbuf reads.
    private static func argb(path: FilePath, size: Int) -> [UInt]? {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = path.withPlatformString({ gdk_pixbuf_new_from_file($0, &error) }) else {
            if let message = cx11_take_error_message(error) { cx11_g_free(message) }
            return nil
        }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard width == size, height == size, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
            let pixels = gdk_pixbuf_get_pixels(pixbuf)
        else { return nil }
        var argb: [UInt] = []
        argb.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = pixels + y * stride + x * channels
                let alpha = channels == 4 ? UInt(pixel[3]) : 255
                argb.append(alpha << 24 | UInt(pixel[0]) << 16 | UInt(pixel[1]) << 8 | UInt(pixel[2]))
            }
        }
        return argb
    }
}
