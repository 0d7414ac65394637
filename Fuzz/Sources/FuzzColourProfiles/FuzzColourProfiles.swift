import CLibFuzzer
import Foundation
import XBoard
import XBoardPlatform

/// A 16×16 baseline JPEG (the warm-up's orange sample), to carry a fuzzed profile.
let carrier = [UInt8](
    Data(
        base64Encoded: """
            /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYU\
            GBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAQABAD\
            AREAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAj/xAAUEQEA\
            AAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwC9Q4sUAAB//9k=
            """, options: .ignoreUnknownCharacters) ?? Data())

/// `jpeg` with `profile` in APP2 "ICC_PROFILE" segments after SOI (at most 65,519 bytes each).
func tagged(_ jpeg: [UInt8], with profile: [UInt8]) -> [UInt8] {
    let chunks = stride(from: 0, to: max(profile.count, 1), by: 65_519).map { Array(profile[$0..<min(profile.count, $0 + 65_519)]) }
    var segments: [UInt8] = []
    for (index, chunk) in chunks.enumerated() {
        let body = Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(chunks.count)] + chunk
        segments += [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    }
    return Array(jpeg.prefix(2)) + segments + jpeg.dropFirst(2)
}

/// libFuzzer's entry: the bytes as an ICC profile — the display's (checked, opened by Little CMS,
/// a conversion from sRGB made) and a picture's (a JPEG stating it, decoded to sRGB and to the
/// display). Whatever the bytes, the picture decodes (a profile problem is a one-line warning,
/// never a failure) and every message is one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzColourProfiles(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, !carrier.isEmpty else { return 0 }
    let profile = Array(UnsafeBufferPointer(start: data, count: size))
    let display = ColourConversion(target: .display(DisplayProfile(bytes: profile, origin: "fuzz")))
    precondition(display.targetProblem.map { !$0.description.contains("\n") } ?? true, "a display problem of more than one line")
    let picture = tagged(carrier, with: profile)
    for colour in [ColourConversion.toSRGB, display] {
        switch ImageLoader.decode(bytes: picture, maximumLongEdge: 16, colour: colour) {
        case .success(let loaded):
            precondition(loaded.warning.map { !$0.contains("\n") } ?? true, "a warning of more than one line")
            precondition(loaded.image.rgb(x: 8, y: 8) != nil, "no middle pixel")
        case .failure(let error):
            preconditionFailure("a profile made the picture fail: \(error)")
        }
    }
    return 0
}

/// The program: libFuzzer's driver with this target's input (the program keeps its own entry, so
/// libFuzzer's main is never linked).
@main
enum FuzzColourProfilesProgram {
    static func main() {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzColourProfiles(data, size) })
    }
}
