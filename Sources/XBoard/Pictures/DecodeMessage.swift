/// The messages between the board and a decoding helper process, as bytes: one request (the
/// file travels beside it as a descriptor) and one reply (the pixels travel as a sealed memory
/// file, followed by a thumbnail's when one was asked for); and, when the display's colour profile changes, the profile (as a sealed memory file)
/// and the helper's answer. Fixed little-endian fields, then the text.
///
/// The helper is not trusted: a reply is read field by field with every number checked
/// (`Reply.init(bytes:)`, then `Reply.problem(answering:)`) before the board maps anything.
public enum DecodeMessage {
    /// The most bytes a message may have (the reply's text is cut to fit).
    public static let maximumLength = 4096
    static let version: UInt32 = 4

    /// Helper → board, once: the helper is confined and its loaders are warm (or why it cannot be).
    public struct Start: Hashable, Sendable {
        static let magic = Array("PBDS".utf8)
        /// Why the helper cannot decode; `nil` when it is ready.
        public var problem: String?

        public init(problem: String?) {
            self.problem = problem
        }

        public var bytes: [UInt8] {
            let text = Array((problem ?? "").utf8.prefix(maximumLength - 16))
            return Self.magic + Field.u32(version) + Field.u32(problem == nil ? 0 : 1) + Field.u32(UInt32(text.count)) + text
        }

        public init?(bytes: [UInt8]) {
            var reader = Field.Reader(bytes)
            guard reader.take(4) == Self.magic, reader.u32() == version, let status = reader.u32(), let length = reader.u32(),
                let text = reader.take(Int(length)), reader.isAtEnd
            else { return nil }
            problem = status == 0 ? nil : String(decoding: text, as: UTF8.self)
        }
    }

    /// A part of a picture, upright: the pixels `x`, `y`, `width`, `height` of the picture scaled
    /// to 1/`scaleDenominator` (1, 2, 4 or 8; sizes rounded up): a tile (`TilePlan`).
    public struct Region: Hashable, Sendable {
        public var scaleDenominator: Int
        public var x: Int, y: Int, width: Int, height: Int

        public init(scaleDenominator: Int, x: Int, y: Int, width: Int, height: Int) {
            self.scaleDenominator = scaleDenominator
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// Board → helper: decode the file sent with this, to a long edge of at most
    /// `maximumLongEdge`, its colours converted as `colour` says; with a `thumbnailLongEdge`,
    /// also a thumbnail of at most that long edge, in sRGB, from the same decode; with a
    /// `region`, only that part of it, at its scale (no thumbnail).
    public struct Request: Hashable, Sendable {
        static let magic = Array("PBDQ".utf8)

        /// Where the picture's colours go.
        public enum Colour: Hashable, Sendable {
            /// Left as the file stores them (`--colour-management off`).
            case unmanaged
            /// To sRGB (`--export`, or a display that states no profile).
            case sRGB
            /// To the display profile the helper was sent under this generation (`DisplayProfile`).
            case display(generation: UInt64)
        }

        public var id: UInt64
        public var maximumLongEdge: Int
        public var colour: Colour
        /// The long edge of the thumbnail wanted as well; 0 for none.
        public var thumbnailLongEdge: Int
        /// The part of the picture wanted; `nil`: all of it.
        public var region: Region?

        public init(id: UInt64, maximumLongEdge: Int, colour: Colour = .sRGB, thumbnailLongEdge: Int = 0, region: Region? = nil) {
            self.id = id
            self.maximumLongEdge = maximumLongEdge
            self.colour = colour
            self.thumbnailLongEdge = region == nil ? thumbnailLongEdge : 0
            self.region = region
        }

        public var bytes: [UInt8] {
            let (kind, generation): (UInt32, UInt64) =
                switch colour {
                case .unmanaged: (0, 0)
                case .sRGB: (1, 0)
                case .display(let generation): (2, generation)
                }
            let part = region.map { [1, $0.scaleDenominator, $0.x, $0.y, $0.width, $0.height] } ?? [0, 0, 0, 0, 0, 0]
            return Self.magic + Field.u32(version) + Field.u64(id) + Field.u32(UInt32(clamping: maximumLongEdge)) + Field.u32(kind)
                + Field.u64(generation) + Field.u32(UInt32(clamping: thumbnailLongEdge)) + part.flatMap { Field.u32(UInt32(clamping: $0)) }
        }

        public init?(bytes: [UInt8]) {
            var reader = Field.Reader(bytes)
            guard reader.take(4) == Self.magic, reader.u32() == version, let id = reader.u64(), let edge = reader.u32(),
                let kind = reader.u32(), let generation = reader.u64(), let thumbnailEdge = reader.u32(), let hasRegion = reader.u32(),
                let denominator = reader.u32(), let x = reader.u32(), let y = reader.u32(), let width = reader.u32(),
                let height = reader.u32(), reader.isAtEnd
            else { return nil }
            var region: Region?
            switch hasRegion {
            case 0 where denominator == 0 && x == 0 && y == 0 && width == 0 && height == 0: region = nil
            case 1
            where [1, 2, 4, 8].contains(denominator) && width > 0 && height > 0 && thumbnailEdge == 0
                && x <= Int32.max.magnitude && y <= Int32.max.magnitude && width <= 32767 && height <= 32767:
                region = Region(scaleDenominator: Int(denominator), x: Int(x), y: Int(y), width: Int(width), height: Int(height))
            default: return nil
            }
            let colour: Colour
            switch (kind, generation) {
            case (0, 0): colour = .unmanaged
            case (1, 0): colour = .sRGB
            case (2, let generation) where generation > 0: colour = .display(generation: generation)
            default: return nil
            }
            self.init(id: id, maximumLongEdge: Int(edge), colour: colour, thumbnailLongEdge: Int(thumbnailEdge), region: region)
        }
    }

    /// Board → helper: the display's colour profile from now on, `byteCount` bytes in the
    /// sealed memory file sent with this, known as `generation` (1 and up) in later requests.
    public struct DisplayProfile: Hashable, Sendable {
        static let magic = Array("PBDP".utf8)
        public var generation: UInt64
        public var byteCount: Int

        public init(generation: UInt64, byteCount: Int) {
            self.generation = generation
            self.byteCount = byteCount
        }

        public var bytes: [UInt8] { Self.magic + Field.u32(version) + Field.u64(generation) + Field.u32(UInt32(clamping: byteCount)) }

        public init?(bytes: [UInt8]) {
            var reader = Field.Reader(bytes)
            guard reader.take(4) == Self.magic, reader.u32() == version, let generation = reader.u64(), generation > 0,
                let count = reader.u32(), reader.isAtEnd
            else { return nil }
            self.init(generation: generation, byteCount: Int(count))
        }
    }

    /// Helper → board: the display profile of `generation` is taken, or why it cannot be used
    /// (the helper then converts to sRGB), worded for the user.
    public struct DisplayProfileReply: Hashable, Sendable {
        static let magic = Array("PBDA".utf8)
        public var generation: UInt64
        public var problem: String?

        public init(generation: UInt64, problem: String?) {
            self.generation = generation
            self.problem = problem
        }

        public var bytes: [UInt8] {
            let text = Array(String(decoding: (problem ?? "").utf8.prefix(maximumLength - 24), as: UTF8.self).utf8)
            return Self.magic + Field.u32(version) + Field.u64(generation) + Field.u32(problem == nil ? 0 : 1)
                + Field.u32(UInt32(text.count))
                + text
        }

        /// Reads an answer; the problem becomes one line of printable characters.
        public init?(bytes: [UInt8]) {
            guard bytes.count <= maximumLength else { return nil }
            var reader = Field.Reader(bytes)
            guard reader.take(4) == Self.magic, reader.u32() == version, let generation = reader.u64(), let status = reader.u32(),
                status <= 1, let length = reader.u32(), let text = reader.take(Int(length)), reader.isAtEnd
            else { return nil }
            self.generation = generation
            problem = status == 0 ? nil : Reply.oneLine(text)
        }
    }

    /// Helper → board: the picture decoded (the memory file holds `height` rows of `stride`
    /// bytes of premultiplied ARGB32, upright, then — when `thumbnailWidth` is not 0 — the
    /// thumbnail's `thumbnailHeight` rows of `thumbnailWidth` × 4 bytes, in sRGB), or why not.
    public struct Reply: Hashable, Sendable {
        static let magic = Array("PBDR".utf8)

        public enum Outcome: Hashable, Sendable {
            /// Decoded; `text` is a warning when not empty ("truncated JPEG …; shown as far as it decodes").
            case decoded(width: Int, height: Int, stride: Int, hasAlpha: Bool, nativeWidth: Int, nativeHeight: Int)
            /// Not decoded; `text` says why, worded for the user.
            case failed
        }

        public var id: UInt64
        public var outcome: Outcome
        public var text: String
        /// CPU time the helper has used so far, in milliseconds (it is retired before its limit).
        public var cpuMilliseconds: Int
        /// The thumbnail's size after the pixels in the memory file; 0 × 0 for none.
        public var thumbnailWidth: Int
        public var thumbnailHeight: Int

        public init(id: UInt64, outcome: Outcome, text: String, cpuMilliseconds: Int, thumbnailWidth: Int = 0, thumbnailHeight: Int = 0) {
            self.id = id
            self.outcome = outcome
            self.text = text
            self.cpuMilliseconds = cpuMilliseconds
            self.thumbnailWidth = thumbnailWidth
            self.thumbnailHeight = thumbnailHeight
        }

        public var bytes: [UInt8] {
            var numbers: [UInt32] = [0, 0, 0, 0, 0, 0, 0]
            var kind: UInt8 = 1
            if case .decoded(let width, let height, let stride, let hasAlpha, let nativeWidth, let nativeHeight) = outcome {
                kind = hasAlpha ? 2 : 0
                numbers = [width, height, stride, nativeWidth, nativeHeight, thumbnailWidth, thumbnailHeight].map { UInt32(clamping: $0) }
            }
            let header =
                Self.magic + Field.u32(version) + Field.u64(id) + [kind, 0, 0, 0] + numbers.flatMap(Field.u32)
                + Field.u32(UInt32(clamping: cpuMilliseconds))
            let room = maximumLength - header.count - 4
            var text = Array(self.text.utf8)
            if text.count > room {  // cut at a character boundary
                text = Array(String(decoding: text.prefix(room), as: UTF8.self).utf8.prefix(room))
                while !text.isEmpty, String(validating: text, as: UTF8.self) == nil { text.removeLast() }
            }
            return header + Field.u32(UInt32(text.count)) + text
        }

        /// Reads a reply; `nil` unless every field is where it must be. The text becomes one
        /// line of printable characters whatever the helper sent.
        public init?(bytes: [UInt8]) {
            guard bytes.count <= maximumLength else { return nil }
            var reader = Field.Reader(bytes)
            guard reader.take(4) == Self.magic, reader.u32() == version, let id = reader.u64(), let kind = reader.take(4)?.first
            else { return nil }
            let numbers = (0..<7).compactMap { _ in reader.u32().map(Int.init) }
            guard numbers.count == 7, let cpu = reader.u32(), let length = reader.u32(), let text = reader.take(Int(length)), reader.isAtEnd
            else { return nil }
            switch kind {
            case 0, 2:
                outcome = .decoded(
                    width: numbers[0], height: numbers[1], stride: numbers[2], hasAlpha: kind == 2, nativeWidth: numbers[3],
                    nativeHeight: numbers[4])
            case 1: outcome = .failed
            default: return nil
            }
            self.id = id
            cpuMilliseconds = Int(cpu)
            (thumbnailWidth, thumbnailHeight) = kind == 1 ? (0, 0) : (numbers[5], numbers[6])
            self.text = Self.oneLine(text)
        }

        /// Bytes as one line of printable characters, whatever the helper sent.
        static func oneLine(_ bytes: [UInt8]) -> String {
            String(decoding: bytes, as: UTF8.self).unicodeScalars
                .map { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : String($0) }.joined()
        }

        /// What is wrong with this reply to `request`, or `nil` when it is sound: the right id,
        /// a size within the request and cairo's limits, a native size within the pixel limit,
        /// rows of exactly four bytes a pixel, and a thumbnail only when one was asked for, of
        /// at most the long edge asked.
        public func problem(answering request: Request) -> String? {
            guard id == request.id else { return "answered request \(id) instead of \(request.id)" }
            guard case .decoded(let width, let height, let stride, _, let nativeWidth, let nativeHeight) = outcome else { return nil }
            guard (1...32767).contains(width), (1...32767).contains(height) else { return "gave a \(width)×\(height) picture" }
            if let region = request.region, width != region.width || height != region.height {
                return "gave a \(width)×\(height) picture where a part of \(region.width)×\(region.height) was asked for"
            }
            guard request.region != nil || max(width, height) <= max(request.maximumLongEdge, 1) else {
                return "gave a \(width)×\(height) picture where at most \(request.maximumLongEdge) pixels were asked for"
            }
            guard nativeWidth >= 1, nativeHeight >= 1,
                DeclaredSize(width: nativeWidth, height: nativeHeight).pixelCount <= DecodePlan.pixelLimit
            else { return "gave a native size of \(nativeWidth)×\(nativeHeight)" }
            guard stride == width * 4 else { return "gave rows of \(stride) bytes for a picture \(width) pixels wide" }
            if thumbnailWidth != 0 || thumbnailHeight != 0 {
                guard request.thumbnailLongEdge > 0, (1...request.thumbnailLongEdge).contains(thumbnailWidth),
                    (1...request.thumbnailLongEdge).contains(thumbnailHeight)
                else {
                    return "gave a \(thumbnailWidth)×\(thumbnailHeight) thumbnail where \(request.thumbnailLongEdge) pixels were asked for"
                }
            }
            return nil
        }
    }

    /// Little-endian fields.
    enum Field {
        static func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        static func u64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

        struct Reader {
            let bytes: [UInt8]
            var offset = 0

            init(_ bytes: [UInt8]) { self.bytes = bytes }

            var isAtEnd: Bool { offset == bytes.count }

            mutating func take(_ count: Int) -> [UInt8]? {
                guard count >= 0, count <= bytes.count - offset else { return nil }
                defer { offset += count }
                return Array(bytes[offset..<(offset + count)])
            }

            mutating func u32() -> UInt32? { take(4).map { $0.reversed().reduce(0) { $0 << 8 | UInt32($1) } } }
            mutating func u64() -> UInt64? { take(8).map { $0.reversed().reduce(0) { $0 << 8 | UInt64($1) } } }
        }
    }
}
