extension PictureEncoders {
    /// An ICO file whose icons are PNG-compressed, as Pillow, GIMP 2.10 and later and Windows
    /// Vista and later write them: a directory of 16-byte entries, then each icon's PNG file.
    public static func icoOfPNGs(_ icons: [TestCanvas]) -> [UInt8] {
        let pngs = icons.map { png($0, layout: .rgba8) }
        var header = littleEndian16(0) + littleEndian16(1) + littleEndian16(icons.count)  // reserved, type 1 (icon), count
        var offset = 6 + 16 * icons.count
        for (icon, bytes) in zip(icons, pngs) {
            // Width and height (0 means 256), colours in a palette, reserved, planes, bits per pixel, length, offset.
            header += [UInt8(icon.width & 0xFF), UInt8(icon.height & 0xFF), 0, 0] + littleEndian16(1) + littleEndian16(32)
            header += littleEndian32(bytes.count) + littleEndian32(offset)
            offset += bytes.count
        }
        return header + pngs.flatMap { $0 }
    }
}
