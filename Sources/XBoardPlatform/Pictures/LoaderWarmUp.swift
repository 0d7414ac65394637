import Foundation
import SystemPackage
import XBoard

/// A tiny picture of every format the board opens, decoded once by each helper before its
/// seccomp filter goes on: every loader module is loaded (dlopen), and every decoder's first-use
/// set-up (libheif's plugins, dav1d's and libaom's threads, libjpeg's and libwebp's DSP tables)
/// has happened, so what the filter must allow is only what decoding itself needs. Little CMS
/// converts a pixel from Adobe RGB too (its error handler and first tables set up).
///
/// The samples are 16×16 orange files made by the encoders the format tests use (ImageMagick,
/// cwebp, heif-enc, avifenc), stored here as base64.
enum LoaderWarmUp {
    /// Decodes every sample at full size (the loaders) and at half size (the scaled row decoders
    /// and JPEG's DCT scaling). Returns the formats that failed, with why: none on a system set
    /// up by `scripts/setup`.
    @discardableResult
    static func run() -> [String] {
        var failures: [String] = []
        for (format, text) in samples {
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else { continue }
            for longEdge in [16, 8] {
                switch PictureDecoding.decode(FileReader(bytes: [UInt8](data)), maximumLongEdge: longEdge, colour: .toSRGB) {
                case .success(let pixels): try? FileDescriptor(rawValue: pixels.memoryFile).close()
                case .failure(let failure): failures.append("\(format) at \(longEdge) px: \(failure.reason)")
                }
            }
        }
        // A thumbnail besides the copy: the scaling and second conversion a decode may add.
        if let (_, text) = samples.first, let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) {
            let thumbnail = PictureDecoding.ThumbnailRequest(longEdge: 12, colour: .toSRGB)
            switch PictureDecoding.decode(FileReader(bytes: [UInt8](data)), maximumLongEdge: 6, colour: .toSRGB, thumbnail: thumbnail) {
            case .success(let pixels): try? FileDescriptor(rawValue: pixels.memoryFile).close()
            case .failure(let failure): failures.append("a thumbnail: \(failure.reason)")
            }
        }
        var pixel: [UInt32] = [0xFF80_4020]
        switch ColourConversion.toSRGB.conversion(for: .model(.adobeRGB)) {
        case .success(let conversion?):
            _ = pixel.withUnsafeMutableBytes { conversion.apply(to: $0, width: 1, height: 1, stride: 4, isOpaque: true) }
        case .success(nil): failures.append("Little CMS: Adobe RGB converts to sRGB as nothing")
        case .failure(let problem): failures.append("Little CMS: \(problem)")
        }
        return failures
    }

    static let samples: [(format: PictureFormat, base64: String)] = [
        (
            .jpeg,
            """
            /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYU
            GBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAQABAD
            AREAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAj/xAAUEQEA
            AAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwC9Q4sUAAB//9k=
            """
        ),
        (
            .png,
            """
            iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAABGdBTUEAALGPC/xhBQAAACBjSFJNAAB6JgAAgIQAAPoAAACA6AAAdTAAAOpgAAA6
            mAAAF3CculE8AAAABmJLR0QA/wD/AP+gvaeTAAAAB3RJTUUH6gsXFA8r8R4iUAAAABhJREFUKM9j/N/AQBJgIk35qIZRDUNJAwDHPQGfDa0ZGwAA
            ACV0RVh0ZGF0ZTpjcmVhdGUAMjAyNi0xMS0yM1QyMDoxNTo0MyswMDowMEJ3ZxcAAAAldEVYdGRhdGU6bW9kaWZ5ADIwMjYtMTEtMjNUMjA6MTU6
            NDMrMDA6MDAzKt+rAAAAAElFTkSuQmCC
            """
        ),
        (
            .gif,
            """
            R0lGODlhEAAQAPAAAP+AAAAAACH5BAAAAAAAIf8LSW1hZ2VNYWdpY2sNZ2FtbWE9MC40NTQ1NQAsAAAAABAAEAAAAg6Ej6nL7Q+jnLTai7M+BQA7
            """
        ),
        (
            .webp,
            """
            UklGRjwAAABXRUJQVlA4IDAAAAAQAgCdASoQABAAAUAmJaACdLoB+AH4AAPIAP7qKv/98CWlQN/yBf/bQzqhL/fMAAA=
            """
        ),
        (
            .webp,
            """
            UklGRhwAAABXRUJQVlA4TBAAAAAvD8ADAAdQwP5H/wMR0f8A
            """
        ),
        (
            .tiff,
            """
            SUkqAAgDAAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/
            gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/
            gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/
            gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/
            gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/
            gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/
            gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/
            gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/
            gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/gAD/
            gAD/gAD/gAD/gAD/gAD/gAD/gAAPAAABAwABAAAAEAAAAAEBAwABAAAAEAAAAAIBAwADAAAAwgMAAAMBAwABAAAAAQAAAAYBAwABAAAAAgAAAAoB
            AwABAAAAAQAAABEBBAABAAAACAAAABIBAwABAAAAAQAAABUBAwABAAAAAwAAABYBAwABAAAAEAAAABcBBAABAAAAAAMAABwBAwABAAAAAQAAACkB
            AwACAAAAAAABAD4BBQACAAAA+AMAAD8BBQAGAAAAyAMAAAAAAAAIAAgACACF61EAAACAAMP1qAAAAAACzcxMAAAAAAHNzEwAAACAAM3MTAAAAAAC
            j8L1AAAAABA3GqAAAAAAAiuHCgAAACAA
            """
        ),
        (
            .bmp,
            """
            Qk02AwAAAAAAADYAAAAoAAAAEAAAABAAAAABABgAAAAAAAADAAAAAAAAAAAAAAAAAAAAAAAAAID/AID/AID/AID/AID/AID/AID/AID/AID/AID/
            AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/
            AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/
            AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/
            AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/
            AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/
            AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/
            AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/
            AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/
            AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/AID/
            """
        ),
        (
            .heif,
            """
            AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAa1tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAA
            AAACAAAAEGlkYXQAAAAAABAAEAAAADhpbG9jAQAAAERAAAIAAQAAAAAAAAHRAAEAAAAAAAAAMwACAAEAAAAAAAAAAQAAAAAAAAAIAAAAOGlpbmYA
            AAAAAAIAAAAVaW5mZQIAAAEAAQAAaHZjMQAAAAAVaW5mZQIAAAAAAgAAZ3JpZAAAAADYaXBycAAAALZpcGNvAAAAdmh2Y0MBA3AAAAAAAAAAAAAe
            8AD8/fj4AAAPAyAAAQAYQAEMAf//A3AAAAMAkAAAAwAAAwAeugJAIQABACpCAQEDcAAAAwCQAAADAAADAB6gIIEFluqumubgQEDAgAAAAwCAAAAD
            AIQiAAEABkQBwXPBiQAAABRpc3BlAAAAAAAAAEAAAABAAAAAFGlzcGUAAAAAAAAAEAAAABAAAAAQcGl4aQAAAAADCAgIAAAAGmlwbWEAAAAAAAAA
            AgABAoECAAICA4QAAAAaaXJlZgAAAAAAAAAOZGltZwACAAEAAQAAADttZGF0AAAALygBrxMhZGNA+BD3ZqHUXZf/Kc0/6g7HpzshHcDSIICbQEiT
            XVALFhCAh3alVtz4
            """
        ),
        (
            .avif,
            """
            AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUEAAADybWV0YQAAAAAAAAAoaGRscgAAAAAAAAAAcGljdAAAAAAAAAAAAAAAAGxpYmF2aWYA
            AAAADnBpdG0AAAAAAAEAAAAeaWxvYwAAAABEAAABAAEAAAABAAABGgAAACEAAAAoaWluZgAAAAAAAQAAABppbmZlAgAAAAABAABhdjAxQ29sb3IA
            AAAAamlwcnAAAABLaXBjbwAAABRpc3BlAAAAAAAAABAAAAAQAAAAEHBpeGkAAAAAAwgICAAAAAxhdjFDgSAAAAAAABNjb2xybmNseAABAA0ABoAA
            AAAXaXBtYQAAAAAAAAABAAEEAQKDBAAAACltZGF0EgAKCDgM/9hAQ0GkMhMWQAYYYYQAP5+oPAttZWQqUofw
            """
        ),
        (
            .ico,
            """
            AAABAAEAEBAAAAEAIABoBAAAFgAAACgAAAAQAAAAIAAAAAEAIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA
            //8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AID//wCA//8AgP//AAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==
            """
        ),
    ]
}
