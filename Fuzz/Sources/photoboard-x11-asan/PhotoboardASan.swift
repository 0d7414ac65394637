import PhotoboardApp

/// Linked with libFuzzer's runtime like the fuzz targets (the flags are the build's), which
/// asks for a fuzz entry; the board has none to offer, and libFuzzer's driver never runs here.
@_cdecl("LLVMFuzzerTestOneInput")
public func notFuzzed(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { 0 }

/// The board, exactly as `photoboard-x11` runs it.
@main
enum PhotoboardASan {
    static func main() { PhotoboardCommand.main() }
}
