import CLibFuzzer
import Foundation
import SystemPackage
import XBoard

/// libFuzzer's entry: the bytes as a dropped `text/uri-list`. Every path it yields is absolute,
/// holds no NUL, and is no longer than the list.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFileURIList(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let list = Array(UnsafeBufferPointer(start: data, count: size))
    for path in FileURIList.paths(in: list) {
        precondition(path.bytes.first == UInt8(ascii: "/"), "a relative path from a file URI")
        precondition(!path.bytes.contains(0), "a path holding NUL")
        precondition(path.bytes.count <= list.count, "a path longer than the list")
    }
    return 0
}

/// The program: libFuzzer's driver with this target's input (the program keeps its own entry, so
/// libFuzzer's main is never linked).
@main
enum FuzzFileURIListProgram {
    static func main() {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzFileURIList(data, size) })
    }
}
