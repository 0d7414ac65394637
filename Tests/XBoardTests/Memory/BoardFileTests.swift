import Foundation
import SystemPackage
import Testing
import XBoard

/// Board files: every path and number survives a round trip; stored numbers are checked before
/// the board sees them, one line per photo refused, the rest kept.
@Suite struct BoardFileTests {
    static let latin1 = FilePath(bytes: Array("/photos/caf".utf8) + [0xE9] + Array(".png".utf8)) ?? FilePath()

    static func memory() -> BoardMemory {
        var removed = BoardMemoryMergeTests.entry("c.png", x: 300, stack: 2, removed: true)
        removed.isAdded = true
        var odd = BoardMemoryMergeTests.entry("x", x: 50, stack: 3)
        odd.path = latin1
        odd.fingerprint = PhotoFingerprint(size: 1234, headHash: 0xDEAD_BEEF)
        return BoardMemory(
            boardSize: Size(width: 1280, height: 800), entries: [BoardMemoryMergeTests.a, BoardMemoryMergeTests.b, removed, odd])
    }

    @Test func everyEntrySurvivesTheRoundTripBytePathsIncluded() throws {
        let saved = Self.memory()
        let data = try BoardFile.encode(saved, arguments: [FilePath("/photos")])
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains(#""format" : "photoboard""#) && text.contains(#""escaped" : "\/photos\/caf\\xe9.png""#), "\(text)")
        let read = try BoardFile.decode(data)
        #expect(read.memory == saved)
        #expect(read.arguments == [FilePath("/photos")])
        #expect(read.problems.isEmpty)
    }

    @Test func aDocumentsPathsAreRelativeToItAndFollowItWhenMoved() throws {
        let data = try BoardFile.encode(Self.memory(), relativeTo: FilePath("/photos"))
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains(#""path" : "a.png""#) && !text.contains("/photos/a.png"), "\(text)")
        let moved = try BoardFile.decode(data, relativeTo: FilePath("/media/usb/photos"))
        #expect(moved.memory[FilePath("/media/usb/photos/a.png")]?.placement == BoardMemoryMergeTests.a.placement)
        #expect(moved.memory.count == 4)
    }

    @Test func absurdNumbersAreRefusedPerPhotoInOneLineAndTheRestIsKept() throws {
        let text = """
            {"format":"photoboard","version":2,"photos":[
            {"path":"/p/huge.png","baseLongEdge":1e300,"placement":[1,0,0,1,10,20],"initialPlacement":[1,0,0,1,10,20],"stack":0},
            {"path":"/p/far.png","baseLongEdge":300,"placement":[1e200,0,0,1e200,1e15,20],"initialPlacement":[1,0,0,1,10,20],"stack":1},
            {"path":"/p/inf.png","baseLongEdge":300,"placement":[1,0,0,1,1e400,20],"initialPlacement":[1,0,0,1,10,20],"stack":2},
            {"path":"/p/good.png","baseLongEdge":300,"placement":[0,2,-2,0,400,300],"initialPlacement":["x"],"stack":1e999,"changed":-5},
            {"nopath":true}
            ]}
            """
        let read = try BoardFile.decode(Data(text.utf8))
        #expect(read.problems.count == 4, "\(read.problems)")
        #expect(read.problems.contains { $0.hasPrefix("/p/huge.png: remembered size 1e+300 is out of range") }, "\(read.problems)")
        #expect(read.problems.contains { $0.hasPrefix("/p/far.png: remembered placement") }, "\(read.problems)")
        #expect(read.problems.contains { $0.hasPrefix("/p/inf.png: remembered placement") }, "\(read.problems)")
        #expect(read.problems.contains { $0.contains("1 remembered photo could not be read") }, "\(read.problems)")
        for name in ["huge", "far", "inf"] { #expect(read.memory[FilePath("/p/\(name).png")]?.isUnplaced == true) }
        let good = try #require(read.memory[FilePath("/p/good.png")])
        #expect(!good.isUnplaced && good.placement.center == Point(x: 400, y: 300) && abs(good.placement.scale - 2) < 1e-12)
        #expect(good.initialPlacement == good.placement && good.stack == 0 && good.changed == 0)
    }

    /// The part of the board shown is written with the board and read back as it was.
    @Test func theViewRoundTrips() throws {
        var saved = Self.memory()
        saved.view = Rect(x: -250.5, y: 120.25, width: 2560.125, height: 1600.0625)
        let data = try BoardFile.encode(saved, arguments: [FilePath("/photos")])
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains(#""view" : ["#) && text.contains(#""version" : 2"#), "\(text)")
        let read = try BoardFile.decode(data)
        #expect(read.memory == saved && read.memory.view == saved.view)
        #expect(read.problems.isEmpty)
        // In a board document too.
        let document = try BoardFile.decode(try BoardFile.encode(saved, relativeTo: FilePath("/photos")), relativeTo: FilePath("/photos"))
        #expect(document.memory.view == saved.view)
    }

    /// A file from before views (or from a build that does not write one) shows the table it
    /// was saved on, whole: what it always meant.
    @Test func aFileWithoutAViewShowsTheWholeTable() throws {
        let data = try BoardFile.encode(Self.memory())
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(!text.contains("view"), "\(text)")
        let read = try BoardFile.decode(data)
        #expect(read.memory.view == nil && read.problems.isEmpty)
        #expect(read.memory.shownRect == Rect(x: 0, y: 0, width: 1280, height: 800))
        #expect(BoardRestore.initialView(of: read.memory, windowSize: Size(width: 1280, height: 800)) == .identity)
        let legacy = #"{"version":1,"boardWidth":800,"boardHeight":600,"photos":[]}"#
        let carried = BoardFile.contents(ofLegacy: try LayoutDocument.decode(Data(legacy.utf8)))
        #expect(carried.memory.view == nil && carried.memory.shownRect == Rect(x: 0, y: 0, width: 800, height: 600))
    }

    /// A view that cannot be one is one line naming the file and what it holds; the board
    /// shows the whole table it was saved on, and every photo opens as it was.
    @Test(arguments: [
        (#"[0, 0, 0, 800]"#, "[0, 0, 0, 800] has no width or no height"),
        (#"[10, 20, -1280, 800]"#, "[10, 20, -1280, 800] has no width or no height"),
        (#"[1, 2, 3]"#, "[1, 2, 3] is not four numbers"),
        (#""wide""#, "is not four numbers"),
        (#"[1e300, 0, 1280, 800]"#, "[1e+300, 0, 1280, 800] is far off any board"),
        (#"[0, 0, 1e400, 800]"#, "is not four numbers"),
    ])
    func aViewWithBadNumbersIsOneProblemLine(view: String, reason: String) throws {
        let text = """
            {"format":"photoboard","version":2,"boardWidth":1280,"boardHeight":800,"view":\(view),"photos":[
            {"path":"/p/good.png","baseLongEdge":300,"placement":[1,0,0,1,400,300],"initialPlacement":[1,0,0,1,400,300],"stack":1}
            ]}
            """
        let read = try BoardFile.decode(Data(text.utf8), file: FilePath("/state/boards/abc.json"))
        #expect(read.problems == ["/state/boards/abc.json: remembered view \(reason); the whole table is shown"], "\(read.problems)")
        #expect(read.memory.view == nil && read.memory.shownRect == Rect(x: 0, y: 0, width: 1280, height: 800))
        #expect(read.memory[FilePath("/p/good.png")]?.placement.center == Point(x: 400, y: 300))
    }

    @Test func whatIsNotABoardFileIsRefusedWhole() {
        #expect(throws: BoardFile.ReadError.notABoard) { try BoardFile.decode(Data("{ not json".utf8)) }
        #expect(throws: BoardFile.ReadError.notABoard) { try BoardFile.decode(Data(#"{"version":2,"photos":[]}"#.utf8)) }
        #expect(throws: BoardFile.ReadError.newerVersion(9)) {
            try BoardFile.decode(Data(#"{"format":"photoboard","version":9,"photos":[]}"#.utf8))
        }
        #expect(throws: BoardFile.ReadError.tooLarge(BoardFile.sizeLimit + 1)) {
            try BoardFile.decode(Data(count: BoardFile.sizeLimit + 1))
        }
    }

    @Test func anOldLayoutIsCarriedOverWithItsStackAndRemovals() throws {
        let old =
            #"{"version":1,"boardWidth":800,"boardHeight":600,"photos":[{"path":"/a/b.png","baseLongEdge":300,"placement":[1,0,0,1,10,20],"initialPlacement":[1,0,0,1,10,20]},{"path":"/a/d.png","baseLongEdge":1e300,"placement":[1,0,0,1,10,20],"initialPlacement":[1,0,0,1,10,20]}],"removedPaths":["/a/c.jpg"]}"#
        let carried = BoardFile.contents(ofLegacy: try LayoutDocument.decode(Data(old.utf8)))
        #expect(carried.memory.entries.map(\.path) == [FilePath("/a/c.jpg"), FilePath("/a/b.png"), FilePath("/a/d.png")])
        #expect(carried.memory[FilePath("/a/c.jpg")]?.isRemoved == true)
        #expect(carried.memory[FilePath("/a/b.png")]?.placement.center == Point(x: 10, y: 20))
        #expect(carried.problems == ["/a/d.png: remembered size 1e+300 is out of range; laid out anew"])
    }

    @Test func fingerprintsReadBackAndDifferForDifferentHeads() {
        let one = PhotoFingerprint(size: 10, head: [1, 2, 3]), two = PhotoFingerprint(size: 10, head: [1, 2, 4])
        #expect(one != two)
        #expect(PhotoFingerprint(stored: one.description) == one)
        #expect(PhotoFingerprint(stored: "12") == nil && PhotoFingerprint(stored: "-1:0000000000000000") == nil)
        #expect(
            PhotoFingerprint(size: 1, head: [UInt8](repeating: 7, count: 70000))
                == PhotoFingerprint(size: 1, head: [UInt8](repeating: 7, count: 65536)))
        // FNV-1a as stored by every earlier version, through an array and through any collection.
        #expect(PhotoFingerprint(size: 5, head: Array("photo".utf8)).headHash == 0x31E7_A66B_DE74_1263)
        #expect(PhotoFingerprint(size: 5, head: "photo".utf8) == PhotoFingerprint(size: 5, head: Array("photo".utf8)))
    }

    @Test func relativePathsGoUpAndBackDown() {
        #expect(FilePath("/a/b/c.png").relative(to: FilePath("/a/d")) == FilePath("../b/c.png"))
        #expect(FilePath("/a/b/c.png").relative(to: FilePath("/a/b")) == FilePath("c.png"))
        #expect(FilePath("../b/c.png").resolved(against: FilePath("/a/d")) == FilePath("/a/b/c.png"))
        #expect(FilePath("/x/y.png").resolved(against: FilePath("/a")) == FilePath("/x/y.png"))
        #expect(FilePath("c.png").relative(to: FilePath("/a")) == nil)
    }

    @Test func aBoardIsTheSetOfPathsNamedInAnyOrder() {
        let one = BoardIdentity.named([FilePath("/b"), FilePath("/a"), FilePath("/a")]),
            two = BoardIdentity.named([FilePath("/a"), FilePath("/b")])
        #expect(one == two && one.key == two.key)
        #expect(BoardIdentity.named([FilePath("/a")]).isContained(in: two))
        #expect(!two.isContained(in: two) && !two.isContained(in: BoardIdentity.named([FilePath("/a")])))
        #expect(BoardIdentity.document(FilePath("/a")).key != BoardIdentity.named([FilePath("/a")]).key)
        #expect(BoardFile.isDocument(FilePath("/x/Trip.PhotoBoard")) && !BoardFile.isDocument(FilePath("/x/trip.png")))
    }

    /// A document is named by its last component's extension, as `FilePath.extension` reads it
    /// (which the quick reading of the path's end replaced).
    @Test(arguments: [
        "/x/Trip.PhotoBoard", "/x/trip.photoboard", "trip.photoboard", "/x/trip.photoboard/", "/x/trip.photoboard//",
        "/x/.photoboard", ".photoboard", "/x/trip.photoboard.png", "/x.photoboard/trip", "/x/tripphotoboard", "/x/a.PHOTOBOARD",
        "/x/é.photobōard", "/x/é.photoboard", "/", "", "/x/.trip.photoboard", "/x/trip.photoboarD",
    ])
    func aDocumentIsNamedByItsExtensionInAnyCase(_ path: String) {
        let filePath = FilePath(path)
        #expect(BoardFile.isDocument(filePath) == (filePath.extension?.lowercased() == BoardFile.documentExtension), "\(path)")
    }
}
