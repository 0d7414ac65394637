import Foundation
import SystemPackage
import Testing
import XBoard

/// Saved layouts remember every path, UTF-8 or not, reversibly and unambiguously.
@Suite struct LayoutDocumentTests {
    static let latin1 = FilePath(bytes: Array("/photos/caf".utf8) + [0xE9] + Array(".png".utf8)) ?? FilePath()
    /// A UTF-8 name that happens to spell the escape of the Latin-1 one.
    static let lookalike = FilePath("/photos/caf\\xe9.png")

    static func document(paths: [FilePath], removed: [FilePath]) -> LayoutDocument {
        var board = Board(size: Size(width: 800, height: 600))
        for (index, _) in paths.enumerated() {
            let placement = AffineTransform(center: Point(x: 100 + 50 * Double(index), y: 300), scale: 1, rotation: 0)
            board.add(
                Photo(
                    id: PhotoID(index), size: Size(width: 300, height: 200), pixelSize: Size(width: 300, height: 200),
                    photoToBoard: placement))
        }
        var map: [PhotoID: FilePath] = [:]
        for (index, path) in paths.enumerated() { map[PhotoID(index)] = path }
        return LayoutDocument(board: board, paths: map, removedPaths: removed)
    }

    @Test func pathsThatAreNotUTF8SurviveTheRoundTripAndStayApartFromLookalikes() throws {
        let paths = [Self.latin1, Self.lookalike, FilePath("/photos/café.png")]
        let saved = Self.document(paths: paths, removed: [Self.latin1])
        let data = try saved.encoded()
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains(#""escaped" : "\/photos\/caf\\xe9.png""#), "\(text)")
        #expect(text.contains(#""\/photos\/caf\\xe9.png""#), "the lookalike is a plain string: \(text)")
        #expect(!text.contains("\u{FFFD}"))
        let loaded = try LayoutDocument.decode(data)
        #expect(loaded == saved)
        #expect(loaded.photos.map(\.path) == paths)
        #expect(loaded.removedPaths == [Self.latin1])
        #expect(BoardFile.contents(ofLegacy: loaded).memory[Self.latin1] != nil)
        #expect(LayoutDocument.key(for: [Self.latin1]) != LayoutDocument.key(for: [Self.lookalike]))
    }

    @Test func layoutsWrittenBeforeBytePathsStillOpenWithTheSameKey() throws {
        let old =
            #"{"version":1,"boardWidth":800,"boardHeight":600,"photos":[{"path":"/a/b.png","baseLongEdge":300,"placement":[1,0,0,1,10,20],"initialPlacement":[1,0,0,1,10,20]}],"removedPaths":["/a/c.jpg"]}"#
        let document = try LayoutDocument.decode(Data(old.utf8))
        #expect(document.photos.map(\.path) == [FilePath("/a/b.png")])
        #expect(document.removedPaths == [FilePath("/a/c.jpg")])
        // FNV-1a of "/a/b.png\0/a/c.jpg", as the key was computed over the sorted text.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in Array("/a/b.png\u{0}/a/c.jpg".utf8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        #expect(LayoutDocument.key(for: [FilePath("/a/c.jpg"), FilePath("/a/b.png")]) == String(hash, radix: 16))
    }

    @Test func malformedPathsMakeTheLayoutUnreadableNotWrong() {
        for path in [#"{"escaped":"\\q"}"#, #"{"escaped":"a\\x00"}"#, #""""#, #"{"other":"x"}"#, "17"] {
            let text =
                #"{"version":1,"boardWidth":800,"boardHeight":600,"photos":[{"path":"# + path
                + #","baseLongEdge":300,"placement":[1,0,0,1,0,0],"initialPlacement":[1,0,0,1,0,0]}]}"#
            #expect(throws: LayoutDocument.LayoutError.self) { try LayoutDocument.decode(Data(text.utf8)) }
        }
    }
}
