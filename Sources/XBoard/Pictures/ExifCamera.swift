/// The camera a JPEG says took it: EXIF Make (tag 271) and Model (tag 272) of the first IFD,
/// as "Make Model" (the make left out when the model already names it: "Canon Canon EOS R5"
/// reads "Canon EOS R5"). Every offset is checked against the bytes at hand; control
/// characters and trailing NULs are dropped, and at most 64 characters kept.
public enum ExifCamera {
    public static func name(inJPEG bytes: [UInt8]) -> String? {
        guard let bytes = ExifDateTaken.exifTIFF(inJPEG: bytes), let tiff = TIFFStructure(bytes.reader, base: 0, limit: bytes.count),
            let first = tiff.firstDirectory, let directory = tiff.entries(at: first)
        else { return nil }
        /// An ASCII value of the first directory, cleaned.
        func text(of tag: Int) -> String? {
            guard let entry = directory[tag], entry.type == 2, entry.count > 0, entry.count < 256 else { return nil }
            let raw: ArraySlice<UInt8>
            if let offset = entry.offset {
                guard offset + entry.count <= bytes.count else { return nil }
                raw = bytes[offset..<(offset + entry.count)]
            } else {
                raw = entry.value.prefix(entry.count)
            }
            let characters = raw.prefix { $0 != 0 }.filter { $0 >= 0x20 && $0 != 0x7F }
            let value = String(decoding: characters, as: UTF8.self).trimmingSpaces
            return value.isEmpty ? nil : String(value.prefix(64))
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

extension [UInt8] {
    /// A reader of these bytes for `TIFFStructure`: what lies at an offset, fewer at the end.
    var reader: EmbeddedColour.ByteReader {
        { [self] offset, count in
            guard offset >= 0, count > 0, offset < self.count else { return [] }
            return Array(self[offset..<Swift.min(self.count, offset + count)])
        }
    }
}

extension String {
    /// The text without spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
