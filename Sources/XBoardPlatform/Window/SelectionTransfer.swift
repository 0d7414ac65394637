internal import CX11

/// Receives one selection conversion into a window property, whole or incrementally (ICCCM
/// §2.7.2, INCR): file managers send large selections — a few thousand files — in pieces.
///
/// Every piece is checked for its type, format and length before it is read
/// (`WindowProperty`), and the whole is bounded by `limit`. Drops and the clipboard reader
/// (`ClipboardReader`) both read through it.
struct SelectionTransfer {
    /// Why a transfer ended without data.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// The owner could not or would not convert the selection.
        case refused
        /// A property was not what the protocol says it must be.
        case malformed(WindowProperty.Problem)
        /// More than `limit` bytes.
        case tooLong(bytes: Int)
        /// A property was not what the protocol says it must be, for what was asked for
        /// ("a list of files", "a picture").
        case malformedValue(WindowProperty.Problem, what: String)

        var description: String {
            switch self {
            case .refused: "the program it came from did not hand it over"
            case .malformed(let problem): "it was not a list of files (\(problem))"
            case .malformedValue(let problem, let what): "it was not \(what) (\(problem))"
            case .tooLong(let bytes): "it is longer than \(bytes / (1 << 20)) MiB"
            }
        }
    }

    /// The window property the owner writes into.
    let property: Atom
    /// The type asked for (`text/uri-list`).
    let target: Atom
    let limit: Int
    /// The property types taken as the data (the target itself, and for text its synonyms).
    let types: [Atom]
    /// What was asked for, for a malformed property's message (`nil`: "a list of files").
    let what: String?
    private(set) var isIncremental = false
    private var bytes: [UInt8] = []

    init(property: Atom, target: Atom, limit: Int, types: [Atom]? = nil, what: String? = nil) {
        self.property = property
        self.target = target
        self.limit = limit
        self.types = types ?? [target]
        self.what = what
    }

    /// `problem` as this transfer's failure.
    private func malformed(_ problem: WindowProperty.Problem) -> Failure {
        what.map { .malformedValue(problem, what: $0) } ?? .malformed(problem)
    }

    /// Reads the property the SelectionNotify named (and deletes it): the data, or the INCR
    /// announcement after which pieces follow (`nil`: wait for them).
    mutating func begin(display: OpaquePointer, window: Window, incr: Atom) -> Result<[UInt8], Failure>? {
        // Peek at the type (reading no data): the two answers differ in type and format.
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(display, window, property, 0, 0, 0, Atom(AnyPropertyType), &type, &format, &count, &after, &data) == Success
        else { return .failure(malformed(.unreadable)) }
        if let data { XFree(data) }
        if type == incr {
            // The announcement: a 32-bit lower bound on the size. Deleting it asks for the first piece.
            switch WindowProperty.read(property, of: window, display: display, types: [incr], format: 32, maximumBytes: 4, delete: true) {
            case .failure(let problem): return .failure(malformed(problem))
            case .success(let announcement):
                if let size = announcement.items.first, Int(size) > limit { return .failure(.tooLong(bytes: limit)) }
                isIncremental = true
                return nil
            }
        }
        switch WindowProperty.read(property, of: window, display: display, types: types, format: 8, maximumBytes: limit, delete: true) {
        case .success(let value): return .success(value.bytes)
        case .failure(.tooLong(let bytes)): return .failure(.tooLong(bytes: bytes))
        case .failure(let problem): return .failure(malformed(problem))
        }
    }

    /// The next INCR piece arrived (PropertyNewValue): reads and deletes it; an empty piece
    /// ends the transfer with the data (`nil`: more to come).
    mutating func continueIncremental(display: OpaquePointer, window: Window) -> Result<[UInt8], Failure>? {
        switch WindowProperty.read(
            property, of: window, display: display, types: types, format: 8, maximumBytes: limit - bytes.count, delete: true)
        {
        case .failure(.tooLong): return .failure(.tooLong(bytes: limit))
        case .failure(let problem): return .failure(malformed(problem))
        case .success(let piece):
            guard !piece.bytes.isEmpty else { return .success(bytes) }
            bytes += piece.bytes
            return nil
        }
    }
}
