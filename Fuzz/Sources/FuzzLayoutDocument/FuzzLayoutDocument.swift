import CLibFuzzer
import Foundation
import SystemPackage
import XBoard

/// libFuzzer's entry: the bytes as a layout file of an earlier version. It is read or refused
/// with a reason; a layout that is read carries over into board memory (what the board does
/// with it) holding only absolute paths the layout named.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    guard let document = try? LayoutDocument.decode(Data(bytes: data, count: size)) else { return 0 }
    precondition(document.version == LayoutDocument.currentVersion, "a layout of another version was read")
    let named = Set(document.photos.map(\.path) + (document.removedPaths ?? []))
    let carried = BoardFile.contents(ofLegacy: document).memory.entries
    precondition(
        carried.allSatisfy { $0.path.isAbsolute && named.contains($0.path) }, "a carried-over photo is not one the layout named")
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
