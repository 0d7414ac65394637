internal import CX11
import SystemPackage
import XBoard

/// Structural checks that gdk-pixbuf does not make: it quietly returns a partial picture for a
/// truncated JPEG or PNG and for a PNG whose chunks are damaged.
enum FileIntegrity {
    enum Finding: Equatable {
        /// The picture is damaged and is not shown.
        case corrupt(String)
        /// The picture is incomplete; it is shown as far as it decodes, with a warning.
        case truncated(String)
    }

    /// Checks a file of the given gdk-pixbuf format ("jpeg", "png", "gif"); `nil` when it is
    /// sound or its format has no check here.
    static func check(path: FilePath, format: String, size: Int64) -> Finding? {
        switch format {
        case "jpeg":
            // Entropy-coded data stuffs every 0xFF with 0x00, so an FF D9 pair is the end
            // marker; a complete file has it near its end (cameras may pad after it).
            guard case .success(let tail) = System.readFile(path, offset: -65536) else { return nil }
            return containsEndOfImage(tail) ? nil : .truncated("truncated JPEG (the end-of-image marker is missing)")
        case "png":
            guard size <= 512 << 20, case .success(let bytes) = System.readFile(path) else { return nil }
            return checkPNG(bytes)
        case "gif":
            guard case .success(let tail) = System.readFile(path, offset: -16) else { return nil }
            return tail.last == 0x3B ? nil : .truncated("truncated GIF (the trailer is missing)")
        default:
            return nil
        }
    }

    static func containsEndOfImage(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        for index in stride(from: bytes.count - 2, through: 0, by: -1) where bytes[index] == 0xFF && bytes[index + 1] == 0xD9 {
            return true
        }
        return false
    }

    /// Walks the chunks: each one's CRC must match, and the file must reach IEND.
    static func checkPNG(_ bytes: [UInt8]) -> Finding? {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { return .truncated("truncated PNG (chunk \(type) at byte \(offset) is cut off)") }
            let stored = bytes[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let computed = bytes.withUnsafeBufferPointer { buffer in
                UInt32(crc32(0, buffer.baseAddress! + offset + 4, UInt32(length + 4)))
            }
            guard stored == computed else { return .corrupt("corrupt PNG (chunk \(type) at byte \(offset) fails its checksum)") }
            if type == "IEND" { return nil }
            offset += length + 12
        }
        return .truncated("truncated PNG (it ends before its IEND chunk)")
    }
}
