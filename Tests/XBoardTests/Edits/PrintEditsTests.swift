import Foundation
import SystemPackage
import Testing

@testable import XBoard

/// Edits of prints (issue 40) in the core: what each command does to the prints it acts on, one
/// undo step each, remembered in board files (a wrong value said in one line, the rest kept), and
/// what the frame is told to draw.
@Suite struct PrintEditsTests {
    @Test func seeThroughGoesByStepsAndBackToOpaque() {
        var edits = PrintEdits.none
        var seen: [Double] = []
        for _ in 0..<5 {
            edits.opacity = edits.nextOpacity
            seen.append(edits.opacity)
        }
        #expect(seen == [0.75, 0.5, 0.25, 1, 0.75])
        #expect(PrintEdits.opacityStep(nearest: 0.6) == 0.5 && PrintEdits.opacityStep(nearest: 0) == 0.25)
        #expect(PrintEdits.opacityStep(nearest: 1.5) == nil && PrintEdits.opacityStep(nearest: .nan) == nil)
    }

    @Test func aFlipMirrorsThePictureAsThePrintLiesTurned() {
        var photo = Photo(
            id: PhotoID(1), size: Size(width: 200, height: 100), pixelSize: Size(width: 200, height: 100),
            photoToBoard: AffineTransform(center: Point(500, 400), scale: 2, rotation: .pi / 2))
        let right = Point(90, 0)  // near the picture's right edge
        let before = photo.pictureToBoard.apply(to: right)
        photo.edits.flipsHorizontally = true
        let after = photo.pictureToBoard.apply(to: right)
        // Turned a quarter: the picture's right edge lies below the centre, and flipped, above it.
        #expect(abs(before.x - 500) < 1e-9 && abs(before.y - 580) < 1e-9, "\(before)")
        #expect(abs(after.x - 500) < 1e-9 && abs(after.y - 220) < 1e-9, "\(after)")
        #expect(photo.photoToBoard.rotation == .pi / 2, "the print stays turned as it lay")
    }

    @Test func eachEditActsOnTheSelectionAsOneUndoStep() {
        let controller = Fixtures.twoPhotoBoard()
        controller.select([PhotoID(1), PhotoID(2)])
        controller.perform(.flip(vertically: false))
        controller.perform(.toggleBlackAndWhite)
        controller.perform(.stepSeeThrough)
        controller.perform(.stepSeeThrough)
        for id in [PhotoID(1), PhotoID(2)] {
            #expect(controller.board.photo(id)?.edits == PrintEdits(flipsHorizontally: true, isBlackAndWhite: true, opacity: 0.5))
        }
        controller.undo()
        #expect(controller.board.photo(PhotoID(2))?.edits.opacity == 0.75)
        controller.undo()
        controller.undo()
        #expect(controller.board.photo(PhotoID(1))?.edits == PrintEdits(flipsHorizontally: true))
        controller.undo()
        #expect(controller.board.photos.allSatisfy { $0.edits == .none })
        controller.redo()
        controller.redo()
        #expect(controller.board.photos.allSatisfy { $0.edits == PrintEdits(flipsHorizontally: true, isBlackAndWhite: true) })
        // Nothing moved through all of it.
        #expect(controller.board.photo(PhotoID(1))?.center == Point(300, 300))
    }

    @Test func blackAndWhiteMakesAMixedSelectionAlikeFirst() {
        let controller = Fixtures.twoPhotoBoard()
        controller.toggleBlackAndWhite([PhotoID(1)])
        controller.toggleBlackAndWhite([PhotoID(1), PhotoID(2)])
        #expect(controller.board.photos.allSatisfy { $0.edits.isBlackAndWhite })
        controller.toggleBlackAndWhite([PhotoID(1), PhotoID(2)])
        #expect(controller.board.photos.allSatisfy { !$0.edits.isBlackAndWhite })
    }

    @Test func theFrameDrawsTheEditsAndASeeThroughPrintHidesNothing() throws {
        let controller = Fixtures.twoPhotoBoard()
        controller.flip([PhotoID(2)], vertically: true)
        controller.stepSeeThrough([PhotoID(2)])
        let list = SceneBuilder().build(controller.board)
        let prints = list.items.compactMap { item -> PrintItem? in
            if case .print(let print) = item { return print }
            return nil
        }
        let (plain, edited) = (try #require(prints.first), try #require(prints.last))
        #expect(edited.edits == PrintEdits(flipsVertically: true, opacity: 0.75) && plain.edits == .none)
        #expect(plain.isOpaque && !plain.opaqueRegion().isEmpty && plain.opaqueBounds != nil)
        #expect(!edited.isOpaque && edited.opaqueRegion().isEmpty && edited.opaqueBounds == nil && edited.directRegion.isEmpty)
    }

    @Test func editsSurviveABoardFileAndAWrongOneIsSaidAndLeftOut() throws {
        var entry = BoardMemoryMergeTests.entry("a.png", x: 100, stack: 0)
        entry.edits = PrintEdits(flipsHorizontally: true, flipsVertically: true, isBlackAndWhite: true, opacity: 0.25)
        let memory = BoardMemory(boardSize: Size(width: 1280, height: 800), entries: [entry, BoardMemoryMergeTests.b])
        let data = try BoardFile.encode(memory)
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains(#""flip" : "both""#) && text.contains(#""opacity" : 0.25"#) && text.contains(#""blackAndWhite" : true"#))
        #expect(try BoardFile.decode(data).memory == memory)

        let wrong = """
            {"format":"photoboard","version":2,"photos":[
            {"path":"/p/a.png","baseLongEdge":300,"placement":[1,0,0,1,10,20],"initialPlacement":[1,0,0,1,10,20],"stack":0,
             "flip":"sideways","blackAndWhite":"yes","opacity":7},
            {"path":"/p/b.png","baseLongEdge":300,"placement":[1,0,0,1,10,20],"initialPlacement":[1,0,0,1,10,20],"stack":1,
             "flip":"vertical","opacity":0.5}
            ]}
            """
        let read = try BoardFile.decode(Data(wrong.utf8), file: FilePath("/state/boards/1234.json"))
        #expect(read.problems.count == 1, "\(read.problems)")
        let line = try #require(read.problems.first)
        // The outside review: the file that holds them, each value as written, one way of listing.
        let expected =
            "/state/boards/1234.json: /p/a.png: remembered flip \"sideways\" (not horizontal, vertical or both: shown unflipped), "
            + "blackAndWhite \"yes\" (not true or false: shown in colour), opacity 7 (not between 0 and 1: shown opaque); the rest of it opens"
        #expect(line == expected)
        let a = try #require(read.memory[FilePath("/p/a.png")]), b = try #require(read.memory[FilePath("/p/b.png")])
        #expect(a.edits == .none && !a.isUnplaced, "a wrong edit leaves the print where it lay, unedited")
        #expect(b.edits == PrintEdits(flipsVertically: true, opacity: 0.5))
    }

    @Test func aPrintLaidOutAnewKeepsItsEdits() {
        var remembered = BoardMemoryMergeTests.entry("a.png", x: 100, stack: 0)
        remembered.isUnplaced = true
        remembered.edits = PrintEdits(isBlackAndWhite: true)
        let restore = BoardRestore(
            memory: BoardMemory(entries: [remembered]), layout: TossedLayout(count: 1, boardSize: Size(width: 1000, height: 800), seed: 1))
        let arrival = restore.arrival(index: 0, id: PhotoID(1), pixelSize: Size(width: 400, height: 300), remembered: remembered)
        #expect(!arrival.isRestored && arrival.photo.edits.isBlackAndWhite)
    }

    @Test func theMenuSaysWhatEachEntryWillDo() {
        func titles(_ edits: PrintEdits) -> [String] {
            MenuLayer.print(
                PhotoID(1), named: "a.png", viaPointer: false, isUpClose: false, edits: edits, commands: .board, at: Point(100, 100)
            ).popup.entries.map(\.title)
        }
        let plain = titles(.none)
        #expect(plain.contains("Flip left to right") && plain.contains("Flip top to bottom"), "\(plain)")
        #expect(plain.contains("Black and white") && plain.contains("See-through 75 %"), "\(plain)")
        let edited = titles(PrintEdits(isBlackAndWhite: true, opacity: 0.25))
        #expect(edited.contains("Back to colour") && edited.contains("Opaque again"), "\(edited)")
    }
}
