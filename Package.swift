// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "photoboard-x11",
    products: [
        .executable(name: "photoboard-x11", targets: ["photoboard-x11"]),
        .library(name: "XBoard", targets: ["XBoard"]),
        .library(name: "XBoardPlatform", targets: ["XBoardPlatform"]),
        // The program as a library, for the fuzz package's AddressSanitizer build of the board (Fuzz/).
        .library(name: "PhotoboardApp", targets: ["PhotoboardApp"]),
    ],
    dependencies: [
        // Command-line parsing with generated --help and --version (see README, "Dependencies").
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // File paths as bytes (FilePath), so names that are not UTF-8 open, list and save (see README).
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11 xi xrandr xpresent xfixes cairo cairo-xlib pangocairo gdk-pixbuf-2.0 zlib",
            providers: [
                .apt([
                    "libx11-dev", "libxi-dev", "libxrandr-dev", "libxpresent-dev", "libxfixes-dev", "libcairo2-dev",
                    "libpango1.0-dev", "libgdk-pixbuf-2.0-dev", "zlib1g-dev",
                ])
            ]
        ),
        // Test support only: the Damage extension, to count the frames the board draws.
        .systemLibrary(
            name: "CXDamage",
            pkgConfig: "xdamage",
            providers: [.apt(["libxdamage-dev"])]
        ),
        .systemLibrary(
            name: "CInputTest",
            providers: [.apt(["xserver-xorg-dev"])]
        ),
        // Decoding in confined helper processes, the C side: spawning and confining helpers
        // (libseccomp), descriptors over Unix sockets, sealed memory files, decoders that scale
        // rows as they arrive (libpng, libtiff, libwebp), regions of JPEGs (libjpeg-turbo), and
        // colour management (Little CMS, and zlib for PNG's compressed profiles). Built optimized even in debug builds: it touches
        // every pixel of pictures up to 200 megapixels.
        .target(
            name: "CPictureDecoding",
            cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [
                .linkedLibrary("seccomp"), .linkedLibrary("png16"), .linkedLibrary("tiff"), .linkedLibrary("webp"), .linkedLibrary("lcms2"),
                .linkedLibrary("z"), .linkedLibrary("jpeg"),
            ]
        ),
        // Test support only: Little CMS called plainly, for the colours the tests expect and the
        // profiles they make (Display P3) — apart from the board's own conversion.
        .target(
            name: "CColourReference",
            linkerSettings: [.linkedLibrary("lcms2")]
        ),
        // The pure core: geometry, touches, gestures, the board, physics, the display list. No C,
        // no clock, no I/O — the compiler keeps it so, since this target cannot see CX11.
        // Optimized even in debug builds: its passes over a board's photos (stacking, merging,
        // scene building) are what the tests run with a hundred thousand photos, and what the
        // end-to-end tests' board runs on every frame.
        .target(
            name: "XBoard", dependencies: [.product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: [.unsafeFlags(["-O"])]
        ),
        // The adapter: the X11 window and its input, cairo painting, picture decoding, files and
        // the kernel. The only target of the app that imports CX11.
        .target(
            name: "XBoardPlatform",
            dependencies: ["XBoard", "CX11", "CPictureDecoding", .product(name: "SystemPackage", package: "swift-system")]
        ),
        // The program: arguments, composition and the one loop. A library so that the fuzz
        // package builds the board with AddressSanitizer beside its fuzz targets, from the same
        // instrumented objects (Fuzz/Package.swift, `photoboard-x11-asan`).
        .target(
            name: "PhotoboardApp",
            dependencies: [
                "XBoard", "XBoardPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(name: "photoboard-x11", dependencies: ["PhotoboardApp"]),
        // Test support: starts a real Xorg (dummy video, inputtest touch device) and injects input.
        .target(
            name: "XorgHarness",
            dependencies: ["CX11", "CInputTest", "CXDamage", "CColourReference"],
            swiftSettings: [.unsafeFlags(["-O"])]
        ),
        // Benchmarks that print figures (make bench); never part of the test suite.
        .executableTarget(
            name: "photoboard-bench",
            dependencies: [
                "XBoard", "XBoardPlatform", "XorgHarness",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Writes the fuzz targets' seed corpora (scripts/fuzz) with the test harness's encoders:
        // here rather than in Fuzz/, so the suite's debug build makes it and nothing compiles
        // the core a third way for it.
        .executableTarget(
            name: "fuzz-corpus",
            dependencies: ["XBoard", "XorgHarness"]
        ),
        .testTarget(
            name: "XBoardTests",
            dependencies: ["XBoard", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .testTarget(
            name: "PlatformTests",
            dependencies: [
                "XBoard", "XBoardPlatform", "CX11", "CPictureDecoding", "XorgHarness",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "XorgHarness", "XBoard", "XBoardPlatform", "photoboard-x11", .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
    ]
)
