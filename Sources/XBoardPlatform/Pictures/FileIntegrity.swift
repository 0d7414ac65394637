internal import CX11
import Foundation
import XBoard

/// Structural checks that gdk-pixbuf does not make: it quietly returns a partial picture for a
/// truncated JPEG, PNG, BMP or WebP (the missing part black) and for a PNG whose chunks are
/// damaged. BMP and WebP are measured against what their headers declare (`DeclaredLength`).
enum FileIntegrity {
    enum Finding: Equatable {
        /// The picture is damaged and is not shown.
        case corrupt(String)
        /// The picture is incomplete; it is shown as far as it decodes, with a warning.
        case truncated(String)
    }

    /// Bytes of a PNG chunk checksummed at a time: a big picture's IDAT chunks are never read whole.
    static let pieceSize = 1 << 20

    /// Checks a file of the given format (JPEG, PNG, GIF, BMP and WebP have checks); `nil` when it is sound
    /// or its format has no check here.
    static func check(_ file: FileReader, format: PictureFormat) -> Finding? {
        switch format {
        case .jpeg:
            // Entropy-coded data stuffs every 0xFF with 0x00, so an FF D9 pair is the end
            // marker; a complete file has it near its end (cameras may pad after it).
            guard case .success(let tail) = file.read(offset: max(0, file.size - 65536), count: 65536) else { return nil }
            if containsEndOfImage(tail) { return nil }
            // Data may follow the picture: a phone's motion photo appends its video. The picture
            // ends with the first FF D9 after its scan begins (the EXIF thumbnail's own end
            // marker comes before that, so a cut-off photo is still found out).
            if let scan = startOfScan(file), endOfImage(in: file, after: scan) { return nil }
            return .truncated("truncated JPEG (the end-of-image marker is missing)")
        case .png:
            return checkPNG(file)
        case .gif:
            guard case .success(let tail) = file.read(offset: max(0, file.size - 16), count: 16) else { return nil }
            return tail.last == 0x3B ? nil : .truncated("truncated GIF (the trailer is missing)")
        case .bmp:
            return DeclaredLength.bmpShortfall(file.byteReader, fileSize: Int(file.size)).map(Finding.truncated)
        case .webp:
            return DeclaredLength.webpShortfall(file.byteReader, fileSize: Int(file.size)).map(Finding.truncated)
        default:
            return nil
        }
    }

    /// A chunk's type as it reads (four ASCII letters, "IDAT"), or in hex when it is not letters.
    static func chunkName(_ bytes: ArraySlice<UInt8>) -> String {
        let isLetters = bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        return isLetters ? String(decoding: bytes, as: UTF8.self) : "0x" + bytes.map { String(format: "%02X", $0) }.joined()
    }

    static func containsEndOfImage(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        for index in stride(from: bytes.count - 2, through: 0, by: -1) where bytes[index] == 0xFF && bytes[index + 1] == 0xD9 {
            return true
        }
        return false
    }

    /// Where the first scan's header (FF DA) is, walking the segments from the start of image;
    /// `nil` when the walk goes astray.
    static func startOfScan(_ file: FileReader) -> Int64? {
        var offset: Int64 = 2
        while offset + 4 <= file.size {
            guard case .success(let header) = file.read(offset: offset, count: 4), header.count == 4, header[0] == 0xFF else { return nil }
            if header[1] == 0xFF {  // fill byte before a marker
                offset += 1
                continue
            }
            if header[1] == 0xDA { return offset }
            let length = Int64(header[2]) << 8 | Int64(header[3])
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// Whether an FF D9 pair follows `offset`, reading a piece at a time.
    static func endOfImage(in file: FileReader, after offset: Int64) -> Bool {
        var position = offset
        var previous: UInt8 = 0
        while position < file.size {
            guard case .success(let piece) = file.read(offset: position, count: pieceSize), !piece.isEmpty else { return false }
            for byte in piece {
                if previous == 0xFF && byte == 0xD9 { return true }
                previous = byte
            }
            position += Int64(piece.count)
        }
        return false
    }

    /// Critical chunks (IHDR, PLTE, IDAT, IEND: an upper-case first letter) make the picture;
    /// an ancillary one (text, time, colour notes) whose checksum fails is dropped by libpng
    /// and the picture shown as usual, so only a critical chunk's failure refuses the file.
    static func isCritical(_ type: ArraySlice<UInt8>) -> Bool {
        guard let first = type.first else { return true }
        return (0x41...0x5A).contains(first)
    }

    /// Walks the chunks: each critical one's CRC must match, and the file must reach IEND. Reads
    /// a piece at a time, so memory stays small whatever the file's size.
    static func checkPNG(_ file: FileReader) -> Finding? {
        var offset: Int64 = 8
        while offset < file.size {  // each chunk moves on by at least 12 bytes
            guard case .success(let header) = file.read(offset: offset, count: 8), header.count == 8 else { break }
            let length = Int64(header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let type = chunkName(header[4..<8])
            guard length <= file.size - offset - 12 else { return .truncated("truncated PNG (chunk \(type) at byte \(offset) is cut off)") }
            // The CRC covers the type and the data.
            var crc = header[4..<8].withUnsafeBufferPointer { crc32(0, $0.baseAddress, 4) }
            var done: Int64 = 0
            while done < length {
                guard case .success(let piece) = file.read(offset: offset + 8 + done, count: Int(min(Int64(pieceSize), length - done))),
                    !piece.isEmpty
                else { return .truncated("truncated PNG (chunk \(type) at byte \(offset) is cut off)") }
                crc = piece.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
                done += Int64(piece.count)
            }
            guard case .success(let stored) = file.read(offset: offset + 8 + length, count: 4), stored.count == 4 else {
                return .truncated("truncated PNG (chunk \(type) at byte \(offset) is cut off)")
            }
            guard stored.reduce(UInt32(0), { $0 << 8 | UInt32($1) }) == UInt32(crc) || !isCritical(header[4..<8]) else {
                return .corrupt("corrupt PNG (chunk \(type) at byte \(offset) fails its checksum)")
            }
            if type == "IEND" { return nil }
            offset += length + 12
        }
        return .truncated("truncated PNG (it ends before its IEND chunk)")
    }
}
