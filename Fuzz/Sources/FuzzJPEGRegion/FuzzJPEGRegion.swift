import CLibFuzzer
import Foundation
import XBoard
import XBoardPlatform

/// libFuzzer's entry: the first five bytes choose the scale and a region, the rest is a JPEG file;
/// a region of it decoded alone (`JPEGRegion`, libjpeg-turbo's cropping and row skipping) gives
/// exactly the region's pixels, or a one-line reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGRegion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 5 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let file = Array(input.dropFirst(5))
    guard let declared = DeclaredSize.read(from: file), declared.pixelCount <= 4_000_000 else { return 0 }
    let denominator = 1 << Int(input[0] % 5)  // 16 is not a scale JPEG decodes at: refused
    let scaled = (width: max(1, declared.width / denominator), height: max(1, declared.height / denominator))
    let region = JPEGRegion.Region(
        x: Int(input[1]) * scaled.width / 256, y: Int(input[2]) * scaled.height / 256, width: 1 + Int(input[3]) % 64,
        height: 1 + Int(input[4]) % 64)
    switch JPEGRegion.decode(file, scaleDenominator: denominator, region: region) {
    case .success(let decoded):
        precondition(decoded.pixels.count == region.width * region.height * 4, "pixels for another region")
        precondition(decoded.warning.map { !$0.contains("\n") && !$0.isEmpty } ?? true, "a warning of more than one line")
    case .failure(let failure):
        precondition(!failure.reason.contains("\n") && !failure.reason.isEmpty, "a reason of more than one line")
    }
    return 0
}

/// The program: libFuzzer's driver with this target's input.
@main
enum FuzzJPEGRegionProgram {
    static func main() {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzJPEGRegion(data, size) })
    }
}
