import SystemPackage
import XBoard

extension HelperProcess {
    /// Why a helper's decode gave no picture: something about the file (its decoder refused it,
    /// crashed on it, or was made to misbehave by it), or about the moment (the memory budget,
    /// the board closing, a helper that would not start, the deadline). Worded for the user.
    enum DecodeFailure: Error {
        case file(String)
        case circumstance(String)

        var reason: String {
            switch self {
            case .file(let reason), .circumstance(let reason): reason
            }
        }
    }

    /// Writes a thumbnail from the pixels a helper handed back (`height` rows of `width` × 4
    /// bytes, in sRGB); returns the flavour written, if it was.
    typealias ThumbnailWriter = (UnsafeRawBufferPointer, _ width: Int, _ height: Int, _ hasAlpha: Bool) -> ThumbnailFlavour?

    /// Decodes `opened` in this helper to a long edge of at most `maximumLongEdge`, waiting up
    /// to `deadline`: the picture with its warning, or why it is not shown. With `thumbnail`, a
    /// thumbnail of at most its long edge too, given to its writer (when the decode had nothing
    /// to warn about). `nativeSize` replaces the size the helper reports (a thumbnail's own is
    /// not its picture's). `isSpent` says the helper misbehaved, died or ran out of time and
    /// must be replaced.
    func decodePicture(
        _ opened: OpenedPicture, maximumLongEdge: Int, id: UInt64, colour: DecodeMessage.Request.Colour = .sRGB, deadline: Duration,
        nativeSize: Size? = nil, thumbnail: (longEdge: Int, write: ThumbnailWriter)? = nil, region: DecodeMessage.Region? = nil
    ) -> (Result<LoadedPicture, DecodeFailure>, isSpent: Bool) {
        guard let descriptor = opened.file.descriptor else {
            return (.failure(.circumstance("its decoder could not be given the file")), false)
        }
        let message = DecodeMessage.Request(
            id: id, maximumLongEdge: maximumLongEdge, colour: colour, thumbnailLongEdge: thumbnail?.longEdge ?? 0, region: region)
        switch decode(message, file: descriptor, deadline: deadline) {
        case .replied(let reply, let memoryFile):
            defer { if let memoryFile { try? FileDescriptor(rawValue: memoryFile).close() } }
            if let problem = reply.problem(answering: message) { return (.failure(.file("its decoder \(problem); not shown")), true) }
            switch reply.outcome {
            case .failed:
                return (.failure(.file(reply.text)), false)
            case .decoded(let width, let height, _, let hasAlpha, let nativeWidth, let nativeHeight):
                guard let memoryFile else { return (.failure(.file("its decoder sent no pixels; not shown")), true) }
                let thumbnailBytes = reply.thumbnailWidth * 4 * reply.thumbnailHeight
                do {
                    let image = try DecodedImage(
                        memoryFile: memoryFile, width: width, height: height, hasAlpha: hasAlpha,
                        nativeSize: nativeSize ?? Size(width: Double(nativeWidth), height: Double(nativeHeight)),
                        trailingBytes: thumbnailBytes)
                    var picture = LoadedPicture(image: image, warning: reply.text.isEmpty ? nil : reply.text)
                    if let thumbnail, thumbnailBytes > 0, picture.warning == nil {
                        picture.thumbnailWritten = Self.withThumbnail(
                            in: memoryFile, after: width * 4 * height, byteCount: thumbnailBytes
                        ) { pixels in
                            thumbnail.write(pixels, reply.thumbnailWidth, reply.thumbnailHeight, hasAlpha)
                        }
                    }
                    return (.success(picture), false)
                } catch {
                    return (.failure(.circumstance("its decoded pixels are unusable: \(error)")), true)
                }
            }
        case .died(let how):
            return (.failure(.file("its decoder \(how) while decoding it; not shown")), true)
        case .timedOut:
            return (
                .failure(.circumstance("took longer than \(Int(deadline.components.seconds)) s to decode and was stopped; not shown")), true
            )
        case .misbehaved(let what):
            return (.failure(.file("its decoder \(what); not shown")), true)
        }
    }

    /// Runs `body` over the `byteCount` bytes after the first `offset` of a sealed memory file
    /// (already checked), mapped read-only for the while.
    private static func withThumbnail<T>(
        in memoryFile: Int32, after offset: Int, byteCount: Int, _ body: (UnsafeRawBufferPointer) -> T?
    ) -> T? {
        guard let base = try? SealedMemoryFile.mapReadOnly(memoryFile, byteCount: offset + byteCount) else { return nil }
        defer { System.unmap(base, byteCount: offset + byteCount) }
        return body(UnsafeRawBufferPointer(start: base + offset, count: byteCount))
    }
}
