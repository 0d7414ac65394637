// swift-tools-version: 6.0
import PackageDescription

// Coverage-guided fuzz targets (libFuzzer) for the code that reads untrusted bytes. Not part of
// the app's build: `scripts/fuzz` builds them with `-sanitize=fuzzer,address` and runs them over
// corpora that `fuzz-corpus` writes with the test harness's encoders (see RELIABILITY.md).
let package = Package(
    name: "photoboard-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // What a decoding helper does with a file's bytes: the format by content, header checks,
        // the row decoders and gdk-pixbuf's loaders, the pixel conversion, the sealed memory file.
        .executableTarget(name: "FuzzPictureDecoding", dependencies: [.product(name: "XBoardPlatform", package: "photoboard-x11")]),
        // The pure readers of headers (format, declared size, orientation, decode plan) and of
        // a helper's messages, which the board reads from processes it does not trust.
        .executableTarget(name: "FuzzPictureHeaders", dependencies: [.product(name: "XBoard", package: "photoboard-x11")]),
        // Saved layouts (`LayoutDocument.decode`).
        .executableTarget(name: "FuzzLayoutDocument", dependencies: [.product(name: "XBoard", package: "photoboard-x11")]),
        // Dropped URI lists (`FileURIList`).
        .executableTarget(name: "FuzzFileURIList", dependencies: [.product(name: "XBoard", package: "photoboard-x11")]),
        // Writes the seed corpora (built without the fuzzer).
        .executableTarget(
            name: "fuzz-corpus",
            dependencies: [
                .product(name: "XBoard", package: "photoboard-x11"), .product(name: "XorgHarness", package: "photoboard-x11"),
            ]),
    ]
)
