import CLibFuzzer
import Foundation
import SystemPackage
import XBoard

/// libFuzzer's entry: the bytes as a direct-save (XDS) source's suggested file name and as its
/// answer. The name the board makes is always `dropped-` and the unique part with at most a
/// photo extension — one component, no slash, no NUL, nothing of the source's but that.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDirectSave(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let name = DirectSave.fileName(suggested: bytes, unique: "0123abcd")
    precondition(name.hasPrefix("dropped-0123abcd"), "a name that is not the board's")
    let rest = name.dropFirst("dropped-0123abcd".count)
    precondition(
        rest.isEmpty || (rest.first == "." && PictureFormat.fileExtensions.contains(String(rest.dropFirst()))), "a foreign extension")
    precondition(FilePath(name).components.count == 1 && !name.contains("/") && !name.utf8.contains(0), "a name that is not one component")
    if let answer = DirectSave.answer(bytes) {
        precondition(bytes.count == 1, "an answer read from \(bytes.count) bytes")
        _ = answer
    }
    return 0
}

/// The program: libFuzzer's driver with this target's input.
@main
enum FuzzDirectSaveProgram {
    static func main() {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzDirectSave(data, size) })
    }
}
