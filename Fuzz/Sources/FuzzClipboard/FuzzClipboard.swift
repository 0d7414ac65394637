import CLibFuzzer
import Foundation
import SystemPackage
import XBoard

/// libFuzzer's entry: the bytes as what a clipboard owner or a drag source hands over — a list
/// of offered targets (one a line), GNOME's copied files, Nautilus's clipboard text, a
/// `text/x-moz-url` and a `_NETSCAPE_URL` — on a machine named `photos-host`. Every path taken
/// is absolute and holds no NUL; every refusal is one line; a chosen offer is one offered.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClipboard(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let targets = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    if let flavor = TransferFlavor.best(among: targets) {
        precondition(targets.contains { $0.lowercased() == flavor.target.lowercased() }, "an offer chosen that was not offered")
    } else {
        let line = TransferFlavor.refusal(of: targets, from: "the clipboard")
        precondition(!line.contains("\n") && line.count < 1000, "a refusal of more than one short line")
    }
    func check(_ list: (paths: [FilePath], refused: [DropReport.LeftOut])?) {
        guard let list else { return }
        for path in list.paths {
            precondition(path.bytes.first == UInt8(ascii: "/") && !path.bytes.contains(0), "a path that is not absolute, or holds NUL")
        }
        for entry in list.refused { precondition(!entry.item.contains("\n") && !entry.reason.contains("\n"), "a refusal of two lines") }
    }
    check(CopiedFiles.paths(inGnomeCopiedFiles: bytes, hostName: "photos-host"))
    check(CopiedFiles.paths(inNautilusText: bytes, hostName: "photos-host"))
    for link in [
        DroppedLink.file(inMozURL: bytes, hostName: "photos-host"), DroppedLink.file(inNetscapeURL: bytes, hostName: "photos-host"),
    ] {
        switch link {
        case .success(let path): precondition(path.bytes.first == UInt8(ascii: "/") && !path.bytes.contains(0), "a bad path from a link")
        case .failure(let refused): precondition(!refused.leftOut.item.contains("\n"), "a refused link of two lines")
        }
    }
    return 0
}

/// The program: libFuzzer's driver with this target's input.
@main
enum FuzzClipboardProgram {
    static func main() {
        var count = CommandLine.argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzClipboard(data, size) })
    }
}
