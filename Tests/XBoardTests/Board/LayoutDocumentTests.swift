import Foundation
import SystemPackage
import Testing
import XBoard

/// Layouts of earlier versions are read back with every path they saved, UTF-8 or not,
/// unambiguously.
@Suite struct LayoutDocumentTests {
    static let latin1 = FilePath(bytes: Array("/photos/caf".utf8) + [0xE9] + Array(".png".utf8)) ?? FilePath()
    /// A UTF-8 name that happens to spell the escape of the Latin-1 one.
    static let lookalike = FilePath("/photos/caf\\xe9.png")

    /// A layout in the form those versions wrote (keys sorted): the Latin-1 path escaped, the
    /// lookalike and a UTF-8 name as plain strings.
    static let saved = #"""
        {
          "boardHeight" : 600,
          "boardWidth" : 800,
          "photos" : [
            {
              "baseLongEdge" : 300,
              "initialPlacement" : [1, 0, 0, 1, 100, 300],
              "path" : { "escaped" : "\/photos\/caf\\xe9.png" },
              "placement" : [1, 0, 0, 1, 100, 300]
            },
            {
              "baseLongEdge" : 300,
              "initialPlacement" : [1, 0, 0, 1, 150, 300],
              "path" : "\/photos\/caf\\xe9.png",
              "placement" : [1, 0, 0, 1, 150, 300]
            },
            {
              "baseLongEdge" : 300,
              "initialPlacement" : [1, 0, 0, 1, 200, 300],
              "path" : "\/photos\/café.png",
              "placement" : [0.5, 0, 0, 0.5, 200, 300]
            }
          ],
          "removedPaths" : [{ "escaped" : "\/photos\/caf\\xe9.png" }],
          "version" : 1
        }
        """#

    @Test func pathsThatAreNotUTF8AreReadBackAndStayApartFromLookalikes() throws {
        let loaded = try LayoutDocument.decode(Data(Self.saved.utf8))
        #expect(loaded.photos.map(\.path) == [Self.latin1, Self.lookalike, FilePath("/photos/café.png")])
        #expect(loaded.photos.map(\.placement[4]) == [100, 150, 200] && loaded.photos[2].placement[0] == 0.5)
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
