import CLibFuzzer
import Foundation
import XBoard
import XBoardPlatform

/// libFuzzer's entry: the bytes as a picture file, decoded as a helper decodes it. Whatever the
/// bytes, the decode returns a picture within the asked size or a one-line reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPictureDecoding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Big declared pictures are legitimate but slow to decode; keep the fuzzer fast.
    if let declared = DeclaredSize.read(from: bytes), declared.pixelCount > 4_000_000 { return 0 }
    switch ImageLoader.decode(bytes: bytes, maximumLongEdge: 128) {
    case .success(let picture):
        precondition(picture.image.pixelSize.longEdge <= 128 && picture.image.pixelSize.width >= 1, "decoded past the asked size")
        precondition(picture.image.rgb(x: 0, y: 0) != nil, "a decoded picture with no first pixel")
        precondition(picture.warning.map { !$0.contains("\n") } ?? true, "a warning of more than one line")
    case .failure(let error):
        precondition(!"\(error)".contains("\n") && !"\(error)".isEmpty, "a reason of more than one line")
    }
    return 0
}

/// The program: libFuzzer's driver with this target's input (the program keeps its own entry, so
/// libFuzzer's main is never linked).
@main
enum FuzzPictureDecodingProgram {
    static func main() {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzPictureDecoding(data, size) })
    }
}
