import SystemPackage
import XBoard

/// The board's side of decoding: hands the session's decode requests to the confined helpers
/// (`PhotoDecoder`), gives each finished picture's pixels to the painter, and reports the rest
/// of what the decode told (`DecodeReport`: sizes, date taken, fingerprint) to the session.
public final class DecodePump {
    public let decoder: PhotoDecoder

    public init(decoder: PhotoDecoder) {
        self.decoder = decoder
    }

    /// Readable when decodes have finished.
    public var wakeFileDescriptor: Int32 { decoder.wakeFileDescriptor }

    public func submit(_ requests: [DecodeRequest]) {
        for request in requests { decoder.submit(request) }
    }

    /// The decodes finished since the last call, at most `limit` of them (the others wait for
    /// the next call, which the wake-up descriptor stays readable for), each picture handed to
    /// `upload` first: a picture that cannot be uploaded is reported as failed.
    public func takeReports(limit: Int = .max, upload: (DecodedImage, PhotoID) throws -> Void) -> [DecodeReport] {
        decoder.takeResults(limit: limit).map { result in
            let outcome: DecodeReport.Outcome
            switch result.outcome {
            case .failure(let error):
                outcome = .failed("\(error)")
            case .success(let picture):
                do {
                    try upload(picture.image, result.request.photo)
                    outcome = .decoded(
                        PictureFacts(
                            pixelSize: picture.image.pixelSize, nativeSize: picture.image.nativeSize, dateTaken: picture.dateTaken,
                            fingerprint: picture.fingerprint, warning: picture.warning))
                } catch {
                    outcome = .failed("\(result.request.path.escaped): \(error)")
                }
            }
            return DecodeReport(request: result.request, outcome: outcome, duration: result.duration)
        }
    }
}
