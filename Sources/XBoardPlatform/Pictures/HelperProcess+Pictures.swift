import SystemPackage
import XBoard

extension HelperProcess {
    /// Decodes `opened` in this helper to a long edge of at most `maximumLongEdge`, waiting up
    /// to `deadline`: the picture with its warning, or the reason it is not shown (worded for
    /// the user, as `PlatformError.image` of the picture's path). `isSpent` says the helper
    /// misbehaved, died or ran out of time and must be replaced.
    func decodePicture(
        _ opened: OpenedPicture, maximumLongEdge: Int, id: UInt64, colour: DecodeMessage.Request.Colour = .sRGB, deadline: Duration
    ) -> (
        Result<LoadedPicture, PlatformError>, isSpent: Bool
    ) {
        func failure(_ reason: String, isSpent: Bool = true) -> (Result<LoadedPicture, PlatformError>, isSpent: Bool) {
            (.failure(.image(path: opened.path, reason: reason)), isSpent)
        }
        guard let descriptor = opened.file.descriptor else { return failure("its decoder could not be given the file", isSpent: false) }
        let message = DecodeMessage.Request(id: id, maximumLongEdge: maximumLongEdge, colour: colour)
        switch decode(message, file: descriptor, deadline: deadline) {
        case .replied(let reply, let memoryFile):
            defer { if let memoryFile { try? FileDescriptor(rawValue: memoryFile).close() } }
            if let problem = reply.problem(answering: message) { return failure("its decoder \(problem); not shown") }
            switch reply.outcome {
            case .failed:
                return failure(reply.text, isSpent: false)
            case .decoded(let width, let height, _, let hasAlpha, let nativeWidth, let nativeHeight):
                guard let memoryFile else { return failure("its decoder sent no pixels; not shown") }
                do {
                    let image = try DecodedImage(
                        memoryFile: memoryFile, width: width, height: height, hasAlpha: hasAlpha,
                        nativeSize: Size(width: Double(nativeWidth), height: Double(nativeHeight)))
                    return (.success(LoadedPicture(image: image, warning: reply.text.isEmpty ? nil : reply.text)), false)
                } catch {
                    return failure("its decoded pixels are unusable: \(error)")
                }
            }
        case .died(let how):
            return failure("its decoder \(how) while decoding it; not shown")
        case .timedOut:
            return failure("took longer than \(Int(deadline.components.seconds)) s to decode and was stopped; not shown")
        case .misbehaved(let what):
            return failure("its decoder \(what); not shown")
        }
    }
}
