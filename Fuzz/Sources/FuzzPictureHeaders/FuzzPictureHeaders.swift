import CLibFuzzer
import Foundation
import XBoard

/// libFuzzer's entry: the bytes as a file's head, as an ICC profile, as a helper's message and
/// as a cached thumbnail's text. Every reader either gives an answer that holds up or none.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPictureHeaders(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let content = PictureContent(head: Array(bytes.prefix(PictureContent.headLength)))
    _ = EmbeddedOrientation.read(from: bytes)
    switch EmbeddedColour.read(from: bytes) {
    case .success(.iccProfile(let profile)), .success(.deflatedICCProfile(let profile)):
        precondition(profile.count <= ICCProfileHeader.maximumSize, "a profile over the limit")
    case .success(.model(let model)):
        precondition(model.isPlausible, "a colour space that is no colour space")
    case .success(.sRGB):
        break
    case .failure(let problem):
        precondition(!problem.description.isEmpty && !problem.description.contains("\n"), "a colour problem of more than one line")
    }
    if let header = try? ICCProfileHeader(validating: bytes) {
        precondition(header.size >= 132 && header.size <= bytes.count, "a profile size outside its bytes")
    }
    if case .picture(let format) = content, let declared = DeclaredSize.read(format, from: EmbeddedOrientation.reader(over: bytes)) {
        for longEdge in [1, 256, 4096] {
            guard let plan = try? DecodePlan(format: format, declared: declared, maximumLongEdge: longEdge) else { continue }
            precondition(plan.decodeSize.width >= 1 && plan.decodeSize.height >= 1, "an empty decode size")
            let longest = max(declared.width, declared.height), decoded = max(plan.decodeSize.width, plan.decodeSize.height)
            precondition(
                longest > longEdge ? decoded <= longEdge : decoded == longest, "a decode size that is not the picture's, or too big")
            precondition(plan.memoryEstimate > 0, "no memory estimate")
        }
    }
    if let reply = DecodeMessage.Reply(bytes: bytes) {
        precondition(DecodeMessage.Reply(bytes: reply.bytes) == reply, "a reply that does not survive a round trip")
        precondition(!reply.text.contains("\n"), "a reply text of more than one line")
        _ = reply.problem(answering: DecodeMessage.Request(id: reply.id, maximumLongEdge: 1024))
    }
    if let entries = PNGText.entries(in: bytes) {
        var text: [String: String] = [:]
        for entry in entries {
            precondition(!entry.key.isEmpty && entry.key.unicodeScalars.count <= 79, "a keyword the chunk cannot hold")
            if case .text(let value) = entry.value { text[entry.key] = value }
        }
        if let record = ThumbnailRecord(text: text) {
            precondition(!record.uri.isEmpty && (record.size ?? 0) >= 0, "a record without what it must state")
            precondition(!(record.reason ?? "").contains("\n"), "a failure reason of more than one line")
            var again: [String: String] = [:]
            for (key, value) in record.text { again[key] = value }
            precondition(ThumbnailRecord(text: again) == record, "a record that does not survive a round trip")
        }
    }
    if let start = DecodeMessage.Start(bytes: bytes) { precondition(DecodeMessage.Start(bytes: start.bytes) == start) }
    if let request = DecodeMessage.Request(bytes: bytes) { precondition(DecodeMessage.Request(bytes: request.bytes) == request) }
    if let profile = DecodeMessage.DisplayProfile(bytes: bytes) {
        precondition(DecodeMessage.DisplayProfile(bytes: profile.bytes) == profile)
    }
    if let answer = DecodeMessage.DisplayProfileReply(bytes: bytes) {
        precondition(DecodeMessage.DisplayProfileReply(bytes: answer.bytes) == answer, "an answer that does not survive a round trip")
        precondition(!(answer.problem ?? "").contains("\n"), "an answer of more than one line")
    }
    return 0
}

/// The program: libFuzzer's driver with this target's input (the program keeps its own entry, so
/// libFuzzer's main is never linked).
@main
enum FuzzPictureHeadersProgram {
    static func main() {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzPictureHeaders(data, size) })
    }
}
