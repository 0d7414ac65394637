/// The camera a JPEG says took it: EXIF Make (tag 271) and Model (tag 272) of the first IFD,
/// as "Make Model" (the make left out when the model already names it: "Canon Canon EOS R5"
/// reads "Canon EOS R5"). Every offset is checked against the bytes at hand; control
/// characters and trailing NULs are dropped, and at most 64 characters kept.
public enum ExifCamera {
    public static func name(inJPEG bytes: [UInt8]) -> String? {
        guard let tiff = ExifDateTaken.exifTIFF(inJPEG: bytes), tiff.count >= 8 else { return nil }
        let isLittleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): isLittleEndian = true
        case (0x4D, 0x4D): isLittleEndian = false
        default: return nil
        }
        func number(at offset: Int, bytes count: Int) -> Int? {
            guard offset >= 0, offset + count <= tiff.count else { return nil }
            let slice = tiff[offset..<(offset + count)]
            return (isLittleEndian ? Array(slice.reversed()) : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let directory = number(at: 4, bytes: 4), let entries = number(at: directory, bytes: 2), entries < 4096 else { return nil }
        func text(of tag: Int) -> String? {
            for index in 0..<entries {
                let at = directory + 2 + index * 12
                guard let found = number(at: at, bytes: 2), let type = number(at: at + 2, bytes: 2) else { return nil }
                guard found == tag, type == 2, let count = number(at: at + 4, bytes: 4), count > 0, count < 256 else { continue }
                let start = count <= 4 ? at + 8 : (number(at: at + 8, bytes: 4) ?? -1)
                guard start >= 0, start + count <= tiff.count else { return nil }
                let characters = tiff[start..<(start + count)].prefix { $0 != 0 }.filter { $0 >= 0x20 && $0 != 0x7F }
                let value = String(decoding: characters, as: UTF8.self).trimmingSpaces
                return value.isEmpty ? nil : String(value.prefix(64))
            }
            return nil
        }
        let make = text(of: 271), model = text(of: 272)
        switch (make, model) {
        case (let make?, let model?):
            return model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first.map(String.init) ?? make.lowercased())
                ? model : "\(make) \(model)"
        case (nil, let model?): return model
        case (let make?, nil): return make
        case (nil, nil): return nil
        }
    }
}

extension String {
    /// The text without spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
