// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The app's package, one folder up; SwiftPM names a path dependency after its folder.
let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Coverage-guided fuzz targets (libFuzzer) for the code that reads untrusted bytes. Not part of
// the app's build: `scripts/fuzz` builds them with `-sanitize=fuzzer,address` and runs them over
// corpora that the app package's `fuzz-corpus` writes with the test harness's encoders (built by
// the app's own debug build, so the suite compiles that code once; see RELIABILITY.md).
let package = Package(
    name: "photoboard-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // libFuzzer's driver, called from each target's entry point.
        .target(name: "CLibFuzzer"),
        // What a decoding helper does with a file's bytes: the format by content, header checks,
        // the row decoders and gdk-pixbuf's loaders, the pixel conversion, the sealed memory file.
        .executableTarget(name: "FuzzPictureDecoding", dependencies: ["CLibFuzzer", .product(name: "XBoardPlatform", package: app)]),
        // Regions of JPEGs decoded alone (`JPEGRegion`: libjpeg-turbo's cropping and row skipping),
        // the tiles of big pictures.
        .executableTarget(name: "FuzzJPEGRegion", dependencies: ["CLibFuzzer", .product(name: "XBoardPlatform", package: app)]),
        // ICC profiles as the helpers use them: checked, opened by Little CMS, made into
        // conversions, as the display's and as a picture's (a JPEG stating it).
        .executableTarget(name: "FuzzColourProfiles", dependencies: ["CLibFuzzer", .product(name: "XBoardPlatform", package: app)]),
        // The pure readers of headers (format, declared size, orientation, colour statements, decode
        // plan) and of a helper's messages, which the board reads from processes it does not trust.
        .executableTarget(name: "FuzzPictureHeaders", dependencies: ["CLibFuzzer", .product(name: "XBoard", package: app)]),
        // Saved layouts (`LayoutDocument.decode`).
        .executableTarget(name: "FuzzLayoutDocument", dependencies: ["CLibFuzzer", .product(name: "XBoard", package: app)]),
        // Dropped URI lists (`FileURIList`).
        .executableTarget(name: "FuzzFileURIList", dependencies: ["CLibFuzzer", .product(name: "XBoard", package: app)]),
        // What the clipboard and browser drags hand over (`TransferFlavor`, `CopiedFiles`, `DroppedLink`).
        .executableTarget(name: "FuzzClipboard", dependencies: ["CLibFuzzer", .product(name: "XBoard", package: app)]),
        // A direct-save source's suggested name and answer (`DirectSave`).
        .executableTarget(name: "FuzzDirectSave", dependencies: ["CLibFuzzer", .product(name: "XBoard", package: app)]),
        // The board itself, built with the same instrumentation as the targets (so nothing is
        // compiled a second time for it): scripts/test soaks it in random gestures on an X
        // server and checks AddressSanitizer and LeakSanitizer find nothing.
        .executableTarget(
            name: "photoboard-x11-asan", dependencies: ["CLibFuzzer", .product(name: "PhotoboardApp", package: app)]),
    ]
)
