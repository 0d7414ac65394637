import Foundation
import XBoard
import XorgHarness

/// Writes the fuzz targets' seed corpora under the folder given (one sub-folder per target): every
/// format and pixel layout the board opens, pictures in every orientation and stating their
/// colours every way, the refused formats, the damaged files the tests know, ICC profiles, and
/// layouts, drop lists and helper messages.
@main
enum FuzzCorpus {
    static func main() throws {
        let root = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".build-fuzz/corpus"
        func folder(_ name: String) throws -> String {
            let path = root + "/" + name
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }
        func write(_ bytes: [UInt8], to path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

        let pictures = try folder("FuzzPictureDecoding"), headers = try folder("FuzzPictureHeaders")
        let scratch = try folder("scratch")
        var files: [(String, [UInt8])] = []
        for kind in FormatFixtures.Kind.allCases {
            let path = scratch + "/flat-\(kind).\(kind.fileExtension)"
            try FormatFixtures.writeFlat(kind, color: kind.isGrey ? 0x80_8080 : 0xFF_8000, width: 48, height: 32, to: path)
            files.append(("flat-\(kind)", try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
        }
        let quadrants = FormatFixtures.quadrants(width: 40, height: 24, colors: [0xE0_2020, 0x20_C040, 0x20_40E0, 0xE0_D020])
        for kind in FormatFixtures.OrientedKind.allCases {
            for orientation in [1, 6, 7] {
                let path = scratch + "/turned-\(kind)-\(orientation).\(kind.fileExtension)"
                try FormatFixtures.writeOriented(kind, upright: quadrants, orientation: orientation, to: path)
                files.append(("turned-\(kind)-\(orientation)", try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
            }
        }
        for sample in try RefusedFormats.samples() { files.append(("refused-\(sample.name)", sample.bytes)) }
        // Pictures stating their colours, every way, and damaged statements.
        for (format, statement) in ColourFixtures.table + [(.heif, .profile(.displayP3))] {
            let name = "colour-\(format)-\(statement)".replacingOccurrences(of: " ", with: "-")
            let path = scratch + "/" + name + "." + format.fileExtension
            try ColourFixtures.writeFlat(format, colour: 0xC8_7840, stating: statement, width: 48, height: 32, to: path)
            files.append((name, try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
        }
        for damaged in ColourFixtures.Damaged.allCases where damaged != .tooLarge {
            let path = scratch + "/colour-damaged-\(damaged).\(damaged.fileExtension)"
            try damaged.write(colour: 0xC8_7840, width: 48, height: 32, to: path)
            files.append(("colour-damaged-\(damaged)", try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
        }
        files.append(("zero-width-gif", FormatFixtures.zeroWidthGIF()))
        files.append(("animated-webp", try FormatFixtures.animatedWebP()))
        files.append(("broken-animated-webp", try FormatFixtures.brokenAnimatedWebP()))
        for (name, bytes) in files where name.hasPrefix("flat-") {
            files.append(("cut-\(name.dropFirst(5))", Array(bytes.prefix(bytes.count * 2 / 3))))
        }
        let regions = try folder("FuzzJPEGRegion")
        for (name, bytes) in files {
            try write(bytes, to: pictures + "/" + name)
            try write(Array(bytes.prefix(4096)), to: headers + "/" + name)
            // JPEGs, each behind the five bytes that choose a scale and a region (`FuzzJPEGRegion`).
            if PictureContent(head: Array(bytes.prefix(PictureContent.headLength))) == .picture(.jpeg) {
                try write([1, 40, 90, 20, 10] + bytes, to: regions + "/" + name)
            }
        }
        try FileManager.default.removeItem(atPath: scratch)

        // Profiles: every one colord ships, Display P3, a grey one and a 216 KB lookup table.
        let profiles = try folder("FuzzColourProfiles")
        for name in try FileManager.default.contentsOfDirectory(atPath: ColourFixtures.colordFolder) where name.hasSuffix(".icc") {
            try write([UInt8](Data(contentsOf: URL(fileURLWithPath: ColourFixtures.colordFolder + "/" + name))), to: profiles + "/" + name)
        }
        try write(try ColourFixtures.Profile.displayP3.bytes(), to: profiles + "/display-p3.icc")
        try write(try ColourReference.greyProfile(gamma: 2.2), to: profiles + "/grey-2.2.icc")
        try write(
            try ColourReference.lookupTableProfile(
                chromaticities: ColourFixtures.displayP3Chromaticities, curveType: 4, parameters: ColourFixtures.sRGBCurve, grid: 17),
            to: profiles + "/lookup-table.icc")

        let replies: [(String, [UInt8])] = [
            (
                "reply-decoded",
                DecodeMessage.Reply(
                    id: 7, outcome: .decoded(width: 320, height: 240, stride: 1280, hasAlpha: true, nativeWidth: 4000, nativeHeight: 3000),
                    text: "truncated JPEG (the end-of-image marker is missing); shown as far as it decodes", cpuMilliseconds: 1200
                ).bytes
            ),
            (
                "reply-failed",
                DecodeMessage.Reply(id: 8, outcome: .failed, text: "could not be decoded: Bogus data", cpuMilliseconds: 3).bytes
            ),
            ("start-ready", DecodeMessage.Start(problem: nil).bytes),
            ("start-failed", DecodeMessage.Start(problem: "seccomp_load failed").bytes),
            ("request", DecodeMessage.Request(id: 9, maximumLongEdge: 1024).bytes),
            ("request-display", DecodeMessage.Request(id: 10, maximumLongEdge: 512, colour: .display(generation: 2)).bytes),
            (
                "request-region",
                DecodeMessage.Request(
                    id: 11, maximumLongEdge: 256, region: DecodeMessage.Region(scaleDenominator: 2, x: 512, y: 256, width: 256, height: 200)
                ).bytes
            ),
            ("display-profile", DecodeMessage.DisplayProfile(generation: 2, byteCount: 3144).bytes),
            (
                "display-profile-refused",
                DecodeMessage.DisplayProfileReply(generation: 2, problem: "its ICC profile is damaged (no acsp signature)").bytes
            ),
        ]
        for (name, bytes) in replies { try write(bytes, to: headers + "/" + name) }

        let layouts = try folder("FuzzLayoutDocument")
        let layoutTexts = [
            #"{"version":1,"boardWidth":800,"boardHeight":600,"photos":[{"path":"/a/b.png","baseLongEdge":300,"placement":[1,0,0,1,10,20],"initialPlacement":[1,0,0,1,10,20]}],"removedPaths":["/a/c.jpg"]}"#,
            #"{"version":1,"boardWidth":1280,"boardHeight":800,"photos":[{"path":{"escaped":"/photos/caf\\xe9.png"},"baseLongEdge":512,"placement":[0.5,0.8,-0.8,0.5,640,400],"initialPlacement":[1,0,0,1,600,380]},{"path":"/photos/b.jpg","baseLongEdge":400,"placement":[2,0,0,2,100,100],"initialPlacement":[1,0,0,1,100,100]}],"removedPaths":[{"escaped":"/x\\\\y.png"}]}"#,
            #"{"version":1,"boardWidth":1,"boardHeight":1,"photos":[],"removedPaths":[]}"#,
        ]
        for (index, text) in layoutTexts.enumerated() { try write(Array(text.utf8), to: layouts + "/layout-\(index).json") }

        let drops = try folder("FuzzFileURIList")
        let lists = [
            "file:///home/me/Pictures/IMG_0001.JPG\r\nfile:///home/me/Pictures/caf%E9.png\r\n",
            "# a comment\nfile://localhost/tmp/a%20b.png\nhttp://example.com/x.png\n",
            "file:///tmp/%00nul.png\nfile:///tmp/trailing%\nfile:///tmp/%zz.png\n",
        ]
        for (index, list) in lists.enumerated() { try write(Array(list.utf8), to: drops + "/list-\(index).txt") }
        let clipboard = try folder("FuzzClipboard")
        let offers = [
            "TARGETS\nimage/png\nimage/jpeg\ntext/uri-list",
            "x-special/nautilus-clipboard\ncopy\nfile:///photos/a.jpg\nfile:///photos/b%20c.png\n",
            "cut\nfile:///photos/a.jpg\nhttps://example.org/b.png",
            "https://example.org/cat.png\nA cat",
        ]
        for (index, offer) in offers.enumerated() { try write(Array(offer.utf8), to: clipboard + "/offer-\(index).txt") }
        try write(
            [0xFF, 0xFE] + Array("file:///tmp/a.png\nA".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, to: clipboard + "/moz-url")
        let directSave = try folder("FuzzDirectSave")
        for (index, name) in ["cat.png", "S", "F", "../../x.JPEG", "photo.tar.gz"].enumerated() {
            try write(Array(name.utf8), to: directSave + "/name-\(index)")
        }
        print("corpora written under \(root)")
    }
}
