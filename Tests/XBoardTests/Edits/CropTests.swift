import Foundation
import SystemPackage
import Testing

@testable import XBoard

/// Cropping a print (issue 40) in the core: the picture stays where it lay however the print is
/// turned and flipped; the crop layer's handles, the picture moved and pinched under the frame,
/// Done, Cancel, a tap outside, Enter and Esc; one undo step; Reset crop; board files.
@Suite struct CropTests {
    static func close(_ a: Point, _ b: Point, within tolerance: Double = 1e-6) -> Bool { a.distance(to: b) <= tolerance }

    @Test func aCropKeepsThePictureWhereItLayTurnedAndFlipped() {
        var photo = Photo(
            id: PhotoID(1), size: Size(width: 200, height: 100), pixelSize: Size(width: 2000, height: 1000),
            photoToBoard: AffineTransform(center: Point(500, 400), scale: 2, rotation: 0.7))
        photo.edits.flipsHorizontally = true
        // Points of the picture, in its unit square: where they lie on the board before and after.
        let unit = [Point(0.6, 0.3), Point(0.9, 0.7), Point(0.75, 0.5)]
        func onBoard(_ photo: Photo) -> [Point] { unit.map(CropLayer.unitToBoard(photo).apply(to:)) }
        let crop = Rect(x: 0.5, y: 0.2, width: 0.5, height: 0.6)
        let cropped = photo.cropped(to: crop)
        for (before, after) in zip(onBoard(photo), onBoard(cropped)) { #expect(Self.close(before, after), "\(before) \(after)") }
        #expect(cropped.size == Size(width: 100, height: 60) && cropped.pictureSize == photo.pictureSize)
        #expect(cropped.rotation == photo.rotation && cropped.scale == photo.scale, "it keeps its turn and scale")
        // The print's middle is the crop's: the picture point (0.75, 0.5).
        #expect(Self.close(cropped.center, onBoard(photo)[2]))
        // Put back as first laid out keeps the crop where the picture first lay.
        #expect(Self.close(cropped.initialPhotoToBoard.center, cropped.photoToBoard.center))
        // And back to the whole picture, where it was.
        let whole = cropped.cropped(to: PrintEdits.wholePicture)
        #expect(Self.close(whole.center, photo.center) && whole.size == photo.size)
    }

    @Test func aCropIsOneUndoStepAndResetCropShowsTheWholeAgain() {
        let controller = Fixtures.twoPhotoBoard()
        let before = controller.board.photo(PhotoID(1))!
        _ = controller.beginCrop(PhotoID(1))
        controller.finishCrop(PhotoID(1), to: Rect(x: 0, y: 0, width: 0.5, height: 1))
        let cropped = controller.board.photo(PhotoID(1))!
        #expect(cropped.size == Size(width: 100, height: 100) && Self.close(cropped.center, Point(250, 300)))
        controller.undo()
        #expect(controller.board.photo(PhotoID(1)) == before)
        controller.redo()
        #expect(controller.board.photo(PhotoID(1))?.edits.crop == Rect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(Self.close(controller.board.photo(PhotoID(1))!.center, Point(250, 300)), "redo puts it where it was, at once")
        controller.resetCrop([PhotoID(1), PhotoID(2)])
        #expect(controller.board.photo(PhotoID(1))?.edits.isCropped == false)
        #expect(Self.close(controller.board.photo(PhotoID(1))!.center, Point(300, 300)))
        controller.undo()
        #expect(controller.board.photo(PhotoID(1))?.edits.isCropped == true)
        // A crop begun and left leaves no step behind.
        let steps = controller.history.undo.count
        let again = controller.beginCrop(PhotoID(2))!
        controller.cancelCrop(again)
        #expect(controller.board.photo(PhotoID(2)) == again)
        controller.undo()
        #expect(controller.board.photo(PhotoID(1))?.edits.isCropped == false, "the undo undid the crop before, not the one left")
        _ = steps
    }

    @Test func cropsSurviveABoardFileAndAWrongOneIsSaid() throws {
        var entry = BoardMemoryMergeTests.entry("a.png", x: 100, stack: 0)
        entry.edits = PrintEdits(crop: Rect(x: 0.25, y: 0, width: 0.5, height: 0.75))
        let memory = BoardMemory(boardSize: Size(width: 1280, height: 800), entries: [entry, BoardMemoryMergeTests.b])
        let data = try BoardFile.encode(memory)
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains(#""crop" : ["#), "\(text)")
        #expect(try BoardFile.decode(data).memory == memory)
        let wrong = """
            {"format":"photoboard","version":2,"photos":[
            {"path":"/p/a.png","baseLongEdge":300,"placement":[1,0,0,1,10,20],"initialPlacement":[1,0,0,1,10,20],"stack":0,
             "crop":[0.5,0,0.75,1]},
            {"path":"/p/b.png","baseLongEdge":300,"placement":[1,0,0,1,10,20],"initialPlacement":[1,0,0,1,10,20],"stack":1,
             "crop":"half"}
            ]}
            """
        let read = try BoardFile.decode(Data(wrong.utf8), file: FilePath("/state/boards/1234.json"))
        #expect(read.problems.count == 2, "\(read.problems)")
        #expect(read.problems.contains { $0.contains("/p/a.png: remembered crop [0.5, 0, 0.75, 1] (not [x, y, width, height]") })
        #expect(read.problems.contains { $0.contains("/p/b.png: remembered crop \"half\"") })
        #expect(read.memory[FilePath("/p/a.png")]?.edits.isCropped == false)
    }

    @Test func theMenuOffersCropAndResetCropOnlyOnACroppedPrint() {
        func titles(_ edits: PrintEdits) -> [String] {
            MenuLayer.print(
                PhotoID(1), named: "a.png", viaPointer: false, isUpClose: false, edits: edits, commands: .board, at: Point(100, 100)
            ).popup.entries.map(\.title)
        }
        #expect(titles(.none).contains("Crop") && !titles(.none).contains("Reset crop"))
        #expect(titles(PrintEdits(crop: Rect(x: 0, y: 0, width: 0.5, height: 0.5))).contains("Reset crop"))
    }

    // MARK: The crop layer, by touch and keys

    /// The handles and buttons the last frame showed, by name: their middles.
    static func targets(_ script: SessionScript) -> [String: Point] {
        _ = script.frame()
        var found: [String: Point] = [:]
        for line in script.session.shownTargets() where line.hasPrefix("handle ") || line.hasPrefix("crop ") {
            let parts = line.split(separator: " ")
            guard parts.count == 7, let x = Double(parts[3]), let y = Double(parts[4]), let w = Double(parts[5]),
                let h = Double(parts[6])
            else { continue }
            found[String(parts[1])] = Point(x + w / 2, y + h / 2)
        }
        return found
    }

    static func drag(_ script: SessionScript, from start: Point, to end: Point, finger: UInt32 = 1) {
        script.touch(finger, .began, at: start, after: .milliseconds(300))
        for step in 1...10 {
            let t = Double(step) / 10
            script.touch(finger, .moved, at: Point(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t))
        }
        script.touch(finger, .ended, at: end)
    }

    static func openedOne() -> (SessionScript, PhotoID) {
        let script = SessionScript().open(["a.jpg"]).wait(.seconds(1))
        let id = script.session.controller.board.photos[0].id
        script.session.controller.select([id])
        return (script, id)
    }

    @Test func aHandleDraggedCropsAndDoneKeepsItWithThePictureInPlace() throws {
        let (script, id) = Self.openedOne()
        let before = try #require(script.session.controller.board.photo(id))
        script.key("x").wait(.seconds(1))  // the frame brought where fingers reach it
        var targets = Self.targets(script)
        let right = try #require(targets["right"]), done = try #require(targets["Done"])
        #expect(targets["Cancel"] != nil && targets.count == 10, "\(targets.keys.sorted())")
        // The right edge's handle dragged to the picture's middle.
        let left = try #require(targets["left"])
        let middle = Point((left.x + right.x) / 2, (left.y + right.y) / 2)
        Self.drag(script, from: right, to: middle)
        targets = Self.targets(script)
        #expect(abs((targets["right"]?.x ?? 0) - middle.x) < 1.5)
        script.tap(at: done)
        let after = try #require(script.session.controller.board.photo(id))
        #expect(abs(after.edits.crop.size.width - 0.5) < 0.01 && after.edits.crop.size.height == 1, "\(after.edits.crop)")
        #expect(abs(after.size.width - before.size.width / 2) < 1)
        // The left half stays where it lay: the print's left edge has not moved.
        let leftBefore = before.photoToBoard.apply(to: Point(-before.size.width / 2, 0))
        let leftAfter = after.photoToBoard.apply(to: Point(-after.size.width / 2, 0))
        #expect(Self.close(leftBefore, leftAfter, within: 0.5), "\(leftBefore) \(leftAfter)")
        #expect(Self.targets(script).isEmpty, "the crop closed")
        script.key("z", .control)
        #expect(script.session.controller.board.photo(id)?.edits.isCropped == false)
    }

    @Test func escLeavesThePrintAsItWasAndEnterKeepsTheCrop() throws {
        let (script, id) = Self.openedOne()
        let before = try #require(script.session.controller.board.photo(id))
        script.key("x").wait(.seconds(1))  // the frame brought where fingers reach it
        let bottom = try #require(Self.targets(script)["bottom"])
        Self.drag(script, from: bottom, to: Point(bottom.x, bottom.y - before.size.height * before.scale / 2))
        script.key(.named(.escape))
        #expect(script.session.controller.board.photo(id) == before)
        #expect(Self.targets(script).isEmpty)
        script.key("x").wait(.seconds(1))  // the frame brought where fingers reach it
        let top = try #require(Self.targets(script)["top"])
        Self.drag(script, from: top, to: Point(top.x, top.y + before.size.height * before.scale / 4))
        script.key(.named(.enter))
        let after = try #require(script.session.controller.board.photo(id))
        #expect(abs(after.edits.crop.minY - 0.25) < 0.02 && abs(after.edits.crop.maxY - 1) < 1e-9, "\(after.edits.crop)")
    }

    @Test func aFingerInsideMovesThePictureUnderTheFrameAndATapOutsideKeepsIt() throws {
        let (script, id) = Self.openedOne()
        script.key("x").wait(.seconds(1))  // the frame brought where fingers reach it
        var targets = Self.targets(script)
        // First a frame half the picture's width, on its left.
        let (left, right) = (try #require(targets["left"]), try #require(targets["right"]))
        Self.drag(script, from: right, to: Point((left.x + right.x) / 2, (left.y + right.y) / 2))
        targets = Self.targets(script)
        let frameLeft = try #require(targets["left"]), frameRight = try #require(targets["right"])
        let photo = try #require(script.session.controller.board.photo(id))
        let inside = Point((frameLeft.x + frameRight.x) / 2, frameLeft.y + 20)
        // The picture dragged left under the frame by a quarter of its width: the frame now
        // shows its middle, and stays where it was on screen.
        let quarter = photo.size.width * photo.scale / 4
        Self.drag(script, from: inside, to: Point(inside.x - quarter, inside.y))
        targets = Self.targets(script)
        #expect(
            Self.close(targets["left"] ?? .zero, frameLeft, within: 1.5) && Self.close(targets["right"] ?? .zero, frameRight, within: 1.5))
        // Dragged further than the picture reaches: it stops at its edge.
        Self.drag(script, from: inside, to: Point(inside.x - quarter * 4, inside.y))
        // A tap outside the print keeps it.
        script.tap(at: Point(20, 780))
        let after = try #require(script.session.controller.board.photo(id))
        #expect(abs(after.edits.crop.minX - 0.5) < 0.01 && abs(after.edits.crop.maxX - 1) < 1e-9, "\(after.edits.crop)")
        #expect(Self.targets(script).isEmpty)
    }

    @Test func twoFingersInsidePinchThePictureUnderTheFrame() throws {
        let (script, id) = Self.openedOne()
        let before = try #require(script.session.controller.board.photo(id))
        script.key("x").wait(.seconds(1))  // the frame brought where fingers reach it
        let centre = script.session.controller.view.boardToWindow.apply(to: before.center)
        // Pinched apart to twice the distance about the picture's middle.
        script.touch(1, .began, at: Point(centre.x - 20, centre.y), after: .milliseconds(300))
        script.touch(2, .began, at: Point(centre.x + 20, centre.y))
        for step in 1...10 {
            let d = 20 + 2 * Double(step)
            script.touch(1, .moved, at: Point(centre.x - d, centre.y)).touch(2, .moved, at: Point(centre.x + d, centre.y))
        }
        script.touch(1, .ended, at: Point(centre.x - 40, centre.y)).touch(2, .ended, at: Point(centre.x + 40, centre.y))
        script.key(.named(.enter))
        let after = try #require(script.session.controller.board.photo(id))
        // The frame (the whole picture as it lay) now shows its middle half, at twice the scale.
        #expect(abs(after.edits.crop.size.width - 0.5) < 0.01 && abs(after.edits.crop.center.x - 0.5) < 0.01, "\(after.edits.crop)")
        #expect(abs(after.scale - before.scale * 2) < before.scale * 0.01)
        #expect(abs(after.size.width * after.scale - before.size.width * before.scale) < 1, "the print's size on screen is the frame's")
    }
}

/// What the outside review of the crop found, each mended.
@Suite struct CropReviewTests {
    static func big(cropped crop: Rect) -> Photo {
        var photo = Photo(
            id: PhotoID(1), size: Size(width: 600, height: 400), pixelSize: Size(width: 12000, height: 8000),
            photoToBoard: AffineTransform(center: Point(500, 400), scale: 1, rotation: 0))
        photo.edits.crop = crop
        return photo
    }

    @Test func actualPixelsOfACroppedPrintShowsOnePicturePixelToAScreenPixel() throws {
        var board = Board(size: Size(width: 1000, height: 800))
        board.add(Self.big(cropped: Rect(x: 0.5, y: 0.5, width: 0.05, height: 0.05)))
        let controller = BoardController(board: board)
        controller.showActualPixels(PhotoID(1))
        controller.advance(to: controller.now + .seconds(2))
        let photo = try #require(controller.board.photo(PhotoID(1)))
        #expect(abs(photo.scale * photo.pictureSize.width - 12000) < 1e-6, "\(photo.scale)")
    }

    @Test func aPrintCroppedSmallAndZoomedInWantsTiles() {
        // 5 % of a 12000-px picture shown 600 px across: 0.93 screen pixels a picture pixel.
        var photo = Self.big(cropped: Rect(x: 0.5, y: 0.5, width: 0.05, height: 0.05))
        photo.photoToBoard = AffineTransform(center: Point(500, 400), scale: 18.6, rotation: 0)
        #expect(photo.size.longEdge * photo.scale < BoardSession.tilesFromShownLongEdge, "the print itself is small")
        #expect(BoardSession.mayWantTiles(photo, zoom: 1))
        #expect(TileBook.wantedLevel(of: photo, zoom: 1, copyLongEdge: 4096) == 0)
    }

    @Test func aPrintCroppedSmallHasTheBorderOfAnUncroppedPrintItsSize() {
        let whole = Self.big(cropped: PrintEdits.wholePicture)
        var cropped = Self.big(cropped: Rect(x: 0.5, y: 0.5, width: 0.02, height: 0.02))
        cropped.photoToBoard = AffineTransform(center: Point(500, 400), scale: 50, rotation: 0)
        // On screen, the cropped print is 600 × 400 as the whole one is: the same border.
        #expect(abs(cropped.borderWidth * cropped.scale - whole.borderWidth * whole.scale) < 1e-6)
    }

    @Test func aCropRefusedOrChangedByHandLeavesThePictureAtItsScale() {
        let layout = TossedLayout(count: 1, boardSize: Size(width: 1000, height: 800), seed: 1)
        let laidOut = layout.photo(at: 0, id: PhotoID(1), pixelSize: Size(width: 400, height: 300))
        var cropped = laidOut.cropped(to: Rect(x: 0, y: 0, width: 0.5, height: 0.5))
        cropped.photoToBoard = AffineTransform(center: Point(400, 300), scale: 1.5, rotation: 0.2)
        var memory = PhotoMemory(
            cropped, key: PathKey(FilePath("/p/a.png")), fingerprint: nil, stack: 0, isRemoved: false, isAdded: false)
        memory.edits = .none  // the crop refused when read back
        let restore = BoardRestore(memory: BoardMemory(entries: [memory]), layout: layout)
        let arrival = restore.arrival(index: 0, id: PhotoID(1), pixelSize: Size(width: 400, height: 300), remembered: memory)
        #expect(arrival.isRestored && abs(arrival.photo.scale - 1.5) < 1e-9, "\(arrival.photo.scale)")
        #expect(arrival.photo.size == laidOut.size, "the whole picture, at its own scale")
    }

    @Test func aListOfWordsForACropIsSaidAsWritten() throws {
        let wrong = """
            {"format":"photoboard","version":2,"photos":[
            {"path":"/p/a.png","baseLongEdge":300,"placement":[1,0,0,1,10,20],"initialPlacement":[1,0,0,1,10,20],"stack":0,
             "crop":["a","b","c","d"]}
            ]}
            """
        let read = try BoardFile.decode(Data(wrong.utf8), file: FilePath("/state/boards/1234.json"))
        #expect(read.problems.first?.contains(#"remembered crop ["a", "b", "c", "d"] (not"#) == true, "\(read.problems)")
    }

    @Test func insideAFrameAtItsSmallestAFingerMovesThePicture() throws {
        let (script, id) = CropTests.openedOne()
        script.key("x").wait(.seconds(1))  // the frame brought where fingers reach it
        var targets = CropTests.targets(script)
        // The right edge dragged onto the left: the frame at its smallest, a finger wide.
        let left = try #require(targets["left"]), right = try #require(targets["right"])
        CropTests.drag(script, from: right, to: left)
        CropTests.drag(script, from: try #require(CropTests.targets(script)["bottom"]), to: try #require(CropTests.targets(script)["top"]))
        targets = CropTests.targets(script)
        let frameLeft = try #require(targets["left"]), frameRight = try #require(targets["right"])
        let middle = Point((frameLeft.x + frameRight.x) / 2, frameLeft.y)
        let before = try #require(script.session.controller.board.photo(id)).center
        CropTests.drag(script, from: middle, to: Point(middle.x - 60, middle.y))
        let after = try #require(script.session.controller.board.photo(id)).center
        #expect(abs(after.x - (before.x - 60)) < 1, "the picture moved under the frame: \(before) → \(after)")
        let now = CropTests.targets(script)
        #expect(CropTests.close(now["left"] ?? .zero, frameLeft, within: 1), "the frame stayed")
    }

    @Test func doneAndCancelStandClearOfALowFrameAndAFrameOutOfViewIsBroughtIn() throws {
        let (script, id) = CropTests.openedOne()
        let photo = try #require(script.session.controller.board.photo(id))
        // The print dragged low, half out of the window.
        let start = photo.center
        CropTests.drag(script, from: start, to: Point(start.x, 790))
        script.wait(.seconds(2))
        script.key("x").wait(.seconds(1))
        let targets = CropTests.targets(script)
        let done = try #require(targets["Done"])
        for name in ["top", "bottom", "left", "right", "top-left", "bottom-right"] {
            let handle = try #require(targets[name])
            #expect(handle.x >= 0 && handle.x <= 1000 && handle.y >= 0 && handle.y <= 800, "\(name) at \(handle)")
            #expect(handle.distance(to: done) > 48, "\(name) clear of Done")
        }
    }
}
