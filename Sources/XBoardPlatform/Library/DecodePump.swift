import SystemPackage
import XBoard

/// The board's side of decoding: hands the session's decode requests to the confined helpers
/// (`PhotoDecoder`), gives each finished picture's pixels to the painter, and reports the rest
/// of what the decode told (`DecodeReport`: sizes, date taken, fingerprint) to the session.
///
/// `PHOTOBOARD_TRACE=decodes` prints a line per decode: what it was decoded from (the file, or
/// a cached thumbnail) and the thumbnail it made, so a test can count full decodes.
public final class DecodePump {
    public let decoder: PhotoDecoder
    private let tracesDecodes: Bool

    public init(decoder: PhotoDecoder) {
        self.decoder = decoder
        tracesDecodes = System.traces("decodes")
    }

    /// Readable when decodes have finished.
    public var wakeFileDescriptor: Int32 { decoder.wakeFileDescriptor }

    public func submit(_ requests: [DecodeRequest]) {
        for request in requests { decoder.submit(request) }
    }

    /// The decodes finished since the last call, at most `limit` of them (the others wait for
    /// the next call, which the wake-up descriptor stays readable for), each picture handed to
    /// `upload` first: a picture that cannot be uploaded is reported as failed.
    ///
    /// With a `budget`, the uploads stop once they have taken that long (a few at a time): the
    /// first pictures of an opening came sixty-four at once and took 12 ms of one turn.
    public func takeReports(limit: Int = .max, budget: Duration? = nil, upload: (DecodedImage, DecodeRequest) throws -> Void)
        -> [DecodeReport]
    {
        guard let budget else { return reports(decoder.takeResults(limit: limit), upload: upload) }
        let started = MonotonicClock.now()
        var reports: [DecodeReport] = []
        while reports.count < limit, MonotonicClock.now() - started < budget {
            let batch = self.reports(decoder.takeResults(limit: min(4, limit - reports.count)), upload: upload)
            guard !batch.isEmpty else { break }
            reports += batch
        }
        return reports
    }

    private func reports(_ results: [PhotoDecoder.Result], upload: (DecodedImage, DecodeRequest) throws -> Void) -> [DecodeReport] {
        results.map { result in
            let outcome: DecodeReport.Outcome
            switch result.outcome {
            case .failure(.image(let path, let reason)):
                outcome = .failed(Problem(path, reason))
            case .failure(let error):
                outcome = .failed(Problem(result.request.path, "\(error)"))
            case .success(let picture):
                if tracesDecodes { trace(picture, for: result.request) }
                do {
                    try upload(picture.image, result.request)
                    outcome = .decoded(
                        PictureFacts(
                            pixelSize: picture.image.pixelSize, nativeSize: picture.image.nativeSize, dateTaken: picture.dateTaken,
                            fingerprint: picture.fingerprint, warning: picture.warning, camera: picture.camera, thumbnail: picture.thumbnail
                        ))
                } catch {
                    outcome = .failed(Problem(result.request.path, "\(error)"))
                }
            }
            return DecodeReport(request: result.request, outcome: outcome, duration: result.duration)
        }
    }

    /// `trace: decoded PATH from the file at 108 px, made its normal thumbnail` or
    /// `trace: decoded PATH from its normal thumbnail at 108 px`.
    private func trace(_ picture: LoadedPicture, for request: DecodeRequest) {
        let source = picture.thumbnail.map { "its \($0) thumbnail" } ?? "the file"
        let made = picture.thumbnailWritten.map { ", made its \($0) thumbnail" } ?? ""
        System.printError("trace: decoded \(request.path.escaped) from \(source) at \(Int(picture.image.pixelSize.longEdge)) px\(made)")
    }
}
