internal import CX11

/// Reads X window properties that other clients wrote, so untrusted: the type and format are
/// checked against what the caller expects before any byte is read, long values are read in
/// pieces up to a byte limit, and the value is copied out before `XFree`.
///
/// (Xlib hands format-32 items back as C `long`s, 8 bytes each here, and format-8 items as
/// bytes; reading one as the other reads past the data.)
struct WindowProperty {
    /// Why a property could not be taken.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case missing
        case wrongType(String)
        case wrongFormat(Int32)
        case tooLong(bytes: Int)
        case unreadable

        var description: String {
            switch self {
            case .missing: "it is not there"
            case .wrongType(let name): "its type is \(name)"
            case .wrongFormat(let format): "its format is \(format)-bit"
            case .tooLong(let bytes): "it is longer than \(bytes) bytes"
            case .unreadable: "the server would not read it"
            }
        }
    }

    /// The property's type (one of those asked for).
    var type: Atom
    var format: Int32
    /// The items: bytes for format 8, 16- or 32-bit values widened for the others.
    var items: [UInt]
    /// The bytes of a format-8 property (empty for other formats).
    var bytes: [UInt8]

    /// Reads `property` of `window`.
    ///
    /// - Parameters:
    ///   - types: the types accepted (`AnyPropertyType` is not); another type is `.wrongType`.
    ///   - format: the format required (8, 16 or 32).
    ///   - maximumBytes: the most the value may hold, in bytes of the format (a format-32 item
    ///     counts 4).
    ///   - delete: delete the property once it is read whole (as selection transfers do).
    static func read(
        _ property: Atom, of window: Window, display: OpaquePointer, types: [Atom], format: Int32, maximumBytes: Int, delete: Bool = false
    ) -> Result<WindowProperty, Problem> {
        var result = WindowProperty(type: 0, format: format, items: [], bytes: [])
        var offset = 0  // in 32-bit units, as XGetWindowProperty counts
        let piece = 64 * 1024  // 32-bit units per request: 256 KiB
        while true {
            var type: Atom = 0, actualFormat: Int32 = 0
            var count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let status = XGetWindowProperty(
                display, window, property, offset, piece, delete ? 1 : 0, Atom(AnyPropertyType), &type, &actualFormat, &count, &after, &data
            )
            defer { if let data { XFree(data) } }
            guard status == Success else { return .failure(.unreadable) }
            guard type != 0 else { return .failure(.missing) }
            guard types.contains(type) else {
                if delete { XDeleteProperty(display, window, property) }
                return .failure(.wrongType(atomName(type, display: display)))
            }
            guard actualFormat == format else {
                if delete { XDeleteProperty(display, window, property) }
                return .failure(.wrongFormat(actualFormat))
            }
            let itemBytes = Int(format / 8)
            let received = Int(count) * itemBytes
            guard result.items.count * itemBytes + received + Int(after) <= maximumBytes else {
                if delete { XDeleteProperty(display, window, property) }
                return .failure(.tooLong(bytes: maximumBytes))
            }
            result.type = type
            if count > 0, let data {
                switch format {
                case 8:
                    let bytes = UnsafeBufferPointer(start: data, count: Int(count))
                    result.bytes += bytes
                    result.items += bytes.map(UInt.init)
                case 16:
                    let raw = UnsafeRawPointer(data)
                    result.items += (0..<Int(count)).map {
                        UInt(raw.load(fromByteOffset: $0 * MemoryLayout<CShort>.stride, as: UInt16.self))
                    }
                default:
                    let raw = UnsafeRawPointer(data)
                    result.items += (0..<Int(count)).map {
                        UInt(UInt32(truncatingIfNeeded: raw.load(fromByteOffset: $0 * MemoryLayout<CLong>.stride, as: UInt.self)))
                    }
                }
            }
            guard after > 0 else { return .success(result) }
            guard received > 0, received % 4 == 0 else { return .failure(.unreadable) }  // no progress, or a torn piece
            offset += received / 4
        }
    }

    /// An atom's name, for messages.
    static func atomName(_ atom: Atom, display: OpaquePointer) -> String {
        guard atom != 0, let name = XGetAtomName(display, atom) else { return "None" }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// The names of `atoms` (another client's list: `TARGETS`, `XdndTypeList`), in one round
    /// trip; when one of them is no atom, one at a time, leaving out those that are not.
    static func atomNames(_ atoms: [Atom], display: OpaquePointer) -> [String] {
        guard !atoms.isEmpty else { return [] }
        var list = atoms
        var names = [UnsafeMutablePointer<CChar>?](repeating: nil, count: atoms.count)
        if XGetAtomNames(display, &list, Int32(list.count), &names) != 0 {
            defer { for name in names { if let name { XFree(name) } } }
            return names.compactMap { $0.map { String(cString: $0) } }
        }
        return atoms.compactMap { atom in
            guard atom != 0, let name = XGetAtomName(display, atom) else { return nil }
            defer { XFree(name) }
            return String(cString: name)
        }
    }
}
