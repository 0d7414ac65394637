import CX11
import Foundation

/// The shared thumbnail cache as another program fills it, for tests and benchmarks: what
/// GNOME's thumbnail factory does, with GLib and gdk-pixbuf alone and none of the board's code —
/// the name from `g_filename_to_uri` and GLib's MD5, the picture loaded at the size and turned
/// upright by gdk-pixbuf (as `gdk-pixbuf-thumbnailer` does), saved as PNG with
/// `tEXt::Thumb::URI` and `tEXt::Thumb::MTime` (and `Thumb::Size`, as GLib's thumbnailer adds).
public enum StandardThumbnails {
    /// The cache's folder of a size: `root/normal` for 128, `large` 256, `x-large` 512,
    /// `xx-large` 1024.
    public static func folder(_ root: String, edge: Int) -> String {
        let name = [128: "normal", 256: "large", 512: "x-large", 1024: "xx-large"][edge] ?? "normal"
        return root + "/" + name
    }

    /// The URI GLib gives the absolute `path`.
    public static func uri(of path: String) throws -> String {
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(path, nil, &error) else {
            defer { g_error_free(error) }
            throw HarnessError("no URI for \(path)")
        }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// The bytes of `path` as GLib's `g_filename_to_uri` escapes them (non-UTF-8 names too).
    public static func uri(ofBytes path: [UInt8]) throws -> String {
        var error: UnsafeMutablePointer<GError>?
        let uri = path.withUnsafeBufferPointer { buffer in
            (buffer.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { g_filename_to_uri($0.baseAddress, nil, &error) }
        }
        guard let uri else {
            defer { g_error_free(error) }
            throw HarnessError("no URI for those bytes")
        }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// GLib's MD5 of `bytes`, in hex.
    public static func md5(_ bytes: [UInt8]) -> String {
        guard let digest = bytes.withUnsafeBufferPointer({ g_compute_checksum_for_data(G_CHECKSUM_MD5, $0.baseAddress, gsize($0.count)) })
        else { return "" }
        defer { g_free(digest) }
        return String(cString: digest)
    }

    /// Where the thumbnail of `picture` (absolute, canonical) of `edge` lies under `root`.
    public static func path(of picture: String, edge: Int, root: String) throws -> String {
        folder(root, edge: edge) + "/" + md5(Array(try uri(of: picture).utf8)) + ".png"
    }

    /// Writes the thumbnail of `picture` (absolute, canonical) into the cache at `root`, `edge`
    /// pixels at most on its long side, as GNOME's factory does; `keys` replaces or adds text
    /// (a stale time, another URI). Folders 0700, the file 0600. Returns its path.
    ///
    /// With `showing`, the thumbnail holds that picture's pixels instead (a test tells by its
    /// colours whether the board showed the thumbnail or decoded the file).
    @discardableResult
    public static func write(
        of picture: String, edge: Int, root: String, keys: [String: String] = [:], showing source: String? = nil
    ) throws -> String {
        let folder = folder(root, edge: edge)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var error: UnsafeMutablePointer<GError>?
        guard let loaded = gdk_pixbuf_new_from_file_at_size(source ?? picture, Int32(edge), Int32(edge), &error) else {
            defer { g_error_free(error) }
            throw HarnessError("gdk-pixbuf cannot load \(picture)")
        }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(loaded)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(loaded) else { throw HarnessError("cannot turn \(picture)") }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(upright)) }
        let info = try FileManager.default.attributesOfItem(atPath: picture)
        let modified = Int((info[.modificationDate] as? Date)?.timeIntervalSince1970.rounded(.down) ?? 0)
        var text = [
            "Thumb::URI": try uri(of: picture), "Thumb::MTime": "\(modified)", "Thumb::Size": "\((info[.size] as? Int) ?? 0)",
            "Software": "GNOME::ThumbnailFactory",
        ]
        text.merge(keys) { $1 }
        let path = try self.path(of: picture, edge: edge, root: root)
        var optionKeys: [UnsafeMutablePointer<CChar>?] = text.keys.sorted().map { strdup("tEXt::" + $0) } + [nil]
        var optionValues: [UnsafeMutablePointer<CChar>?] = text.keys.sorted().map { strdup(text[$0] ?? "") } + [nil]
        defer {
            optionKeys.forEach { free($0) }
            optionValues.forEach { free($0) }
        }
        let temporary = path + ".\(getpid()).tmp"
        guard gdk_pixbuf_savev(upright, temporary, "png", &optionKeys, &optionValues, &error) != 0 else {
            defer { g_error_free(error) }
            throw HarnessError("gdk-pixbuf cannot save \(temporary)")
        }
        chmod(temporary, 0o600)
        guard rename(temporary, path) == 0 else { throw HarnessError("cannot rename \(temporary)") }
        return path
    }

    /// The text keys of a PNG as gdk-pixbuf reads them (its `tEXt::` options), for checking
    /// what the board wrote with another reader than its own.
    public static func keys(of png: String) throws -> [String: String] {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(png, &error) else {
            defer { g_error_free(error) }
            throw HarnessError("gdk-pixbuf cannot read \(png)")
        }
        defer { cx11_g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var keys: [String: String] = [:]
        for key in [
            "Thumb::URI", "Thumb::MTime", "Thumb::Size", "Thumb::Image::Width", "Thumb::Image::Height", "Software",
            "X-Photoboard::Fingerprint", "X-Photoboard::File",
        ] {
            if let value = gdk_pixbuf_get_option(pixbuf, "tEXt::" + key) { keys[key] = String(cString: value) }
        }
        keys["width"] = "\(gdk_pixbuf_get_width(pixbuf))"
        keys["height"] = "\(gdk_pixbuf_get_height(pixbuf))"
        keys["hasAlpha"] = gdk_pixbuf_get_has_alpha(pixbuf) != 0 ? "yes" : "no"
        return keys
    }
}
