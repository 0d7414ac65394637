import Foundation

extension FormatFixtures {
    /// A GIF whose screen and image are 0 pixels wide: gdk-pixbuf logs "GdkPixbuf-CRITICAL …
    /// assertion 'width > 0 && height > 0' failed" while sniffing its size.
    public static func zeroWidthGIF() -> [UInt8] {
        var bytes = PictureEncoders.gif(TestCanvas.flat(0xFF_8000, width: 1, height: 1))
        bytes[6] = 0  // logical screen width
        bytes[7] = 0
        return bytes
    }

    /// A two-frame animated WebP whose frames' data is damaged: the WebP loader logs
    /// "Could not instantiate WebPAnimDecoder" and gdk-pixbuf a CRITICAL about the missing
    /// animation iterator.
    public static func brokenAnimatedWebP() throws -> [UInt8] {
        var bytes = try animatedWebP()
        // Damage both frames' VP8L headers (after "VP8L" and its size), keeping the container whole.
        var searchFrom = 0
        while let range = bytes[searchFrom...].firstRange(of: Array("VP8L".utf8)) {
            bytes[range.upperBound + 4] ^= 0xFF
            bytes[range.upperBound + 5] ^= 0x5A
            searchFrom = range.upperBound
        }
        return bytes
    }

    /// A sound two-frame animated WebP (red, then blue), 32×32.
    public static func animatedWebP() throws -> [UInt8] {
        let frames = try [0xE0_2020, 0x20_40E0].map { color in
            try encodedFromPNG(
                TestCanvas.flat(UInt32(color), width: 32, height: 32), tool: "cwebp", arguments: ["-quiet", "-lossless"], output: "-o",
                outputExtension: "webp")
        }
        return try PictureEncoders.animatedWebP(frames: frames, width: 32, height: 32)
    }
}
