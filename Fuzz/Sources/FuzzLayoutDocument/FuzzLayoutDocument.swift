import CLibFuzzer
import Foundation
import SystemPackage
import XBoard

/// libFuzzer's entry: the bytes as a saved layout file. It is read or refused with a reason; a
/// layout that is read writes out as one that reads again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    guard let document = try? LayoutDocument.decode(Data(bytes: data, count: size)) else { return 0 }
    guard let encoded = try? document.encoded() else { preconditionFailure("a layout that was read cannot be written") }
    precondition((try? LayoutDocument.decode(encoded)) != nil, "a layout written from one that was read does not read")
    return 0
}

/// The program: libFuzzer's driver with this target's input (the program keeps its own entry, so
/// libFuzzer's main is never linked).
@main
enum FuzzLayoutDocumentProgram {
    static func main() {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzLayoutDocument(data, size) })
    }
}
