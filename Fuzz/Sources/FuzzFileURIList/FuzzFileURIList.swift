import CLibFuzzer
import Foundation
import SystemPackage
import XBoard

/// libFuzzer's entry: the bytes as a dropped `text/uri-list`, on a machine named `photos-host`.
/// Every path it yields is absolute, holds no NUL, and is no longer than the list; every refused
/// entry is one line, and no entry is both taken and refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFileURIList(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let list = Array(UnsafeBufferPointer(start: data, count: size))
    let (paths, refused) = FileURIList.paths(in: list, hostName: "photos-host")
    for path in paths {
        precondition(path.bytes.first == UInt8(ascii: "/"), "a relative path from a file URI")
        precondition(!path.bytes.contains(0), "a path holding NUL")
        precondition(path.bytes.count <= list.count, "a path longer than the list")
    }
    precondition(paths.count + refused.count <= list.count(where: { $0 == UInt8(ascii: "\n") }) + 1, "more entries than lines")
    for entry in refused {
        precondition(!entry.item.contains("\n") && !entry.reason.contains("\n"), "a refused entry of more than one line")
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
