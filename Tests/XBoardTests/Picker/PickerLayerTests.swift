import SystemPackage
import Testing
import XBoard

/// The picker's layer alone: touches in, outcomes out, no session.
struct PickerLayerTests {
    let size = Size(width: 1280, height: 800)
    let metrics = WidgetMetrics(scale: 1)

    func layer(pictures: Int = 30, subfolders: [String] = ["trip"]) -> PickerLayer {
        var layer = PickerLayer(folder: FilePath("/p"), home: nil, metrics: metrics)
        let listing = FolderListing(
            folder: FilePath("/p"), subfolders: subfolders.map { FilePath("/p/\($0)") },
            pictures: (0..<pictures).map { PhotoPickerTests.file("/p/\($0).jpg") })
        let outcomes = layer.listed(listing, in: size)
        #expect(outcomes.count == 1)
        return layer
    }

    func event(_ phase: TouchPhase, _ point: Point, _ ms: Int, id: UInt32 = 1) -> TouchEvent {
        TouchEvent(id: TouchID(source: 2, number: id), phase: phase, location: point, time: Instant(sinceOrigin: .milliseconds(ms)))
    }

    func tap(_ layer: inout PickerLayer, _ point: Point) -> [PickerLayer.Outcome] {
        let shown = layer.layout(in: size, measure: .estimated, style: WidgetStyle(), onBoard: [])
        _ = layer.touch(event(.began, point, 0), shown: shown, in: size)
        return layer.touch(event(.ended, point, 50), shown: shown, in: size)
    }

    @Test func aTapChoosesAPictureAndAddTakesItAndCloses() throws {
        var layer = layer()
        let geometry = layer.picker.geometry(in: size, metrics: metrics)
        #expect(tap(&layer, geometry.tileFrame(1, scrolledBy: 0).center).isEmpty)
        #expect(layer.picker.selection == [PathKey(FilePath("/p/0.jpg"))])
        let shown = layer.layout(in: size, measure: .estimated, style: WidgetStyle(), onBoard: [])
        let add = try #require(shown.targets.first { $0.target == .picker(.add) }?.frame)
        #expect(tap(&layer, add.center) == [.close, .add([PhotoPickerTests.file("/p/0.jpg")], at: nil)])
    }

    @Test func aTapOnAFolderLeavesTheOldThumbnailsAndListsIt() {
        var layer = layer()
        let geometry = layer.picker.geometry(in: size, metrics: metrics)
        let outcomes = tap(&layer, geometry.tileFrame(0, scrolledBy: 0).center)
        #expect(outcomes.count == 2 && outcomes.last == .list(FilePath("/p/trip")))
        if case .forget(let ids) = outcomes.first { #expect(!ids.isEmpty) } else { Issue.record("\(outcomes)") }
    }

    @Test func aPictureDraggedSidewaysOutIsAddedWhereItIsLetGoAndACancelTakesItBack() {
        var layer = layer()
        let shown = layer.layout(in: size, measure: .estimated, style: WidgetStyle(), onBoard: [])
        let tile = layer.picker.geometry(in: size, metrics: metrics).tileFrame(1, scrolledBy: 0).center
        let target = Point(x: 700, y: 120)
        for finger: UInt32 in [1, 2] {
            _ = layer.touch(event(.began, tile, 0, id: finger), shown: shown, in: size)
            _ = layer.touch(event(.moved, tile + Point(x: 40, y: 0), 16, id: finger), shown: shown, in: size)
            _ = layer.touch(event(.moved, target, 32, id: finger), shown: shown, in: size)
            #expect(layer.dragged?.location == target && layer.draggedItem(style: WidgetStyle()) != nil)
            if finger == 1 {
                #expect(
                    layer.touch(event(.ended, target, 48, id: finger), shown: shown, in: size) == [
                        .add([PhotoPickerTests.file("/p/0.jpg")], at: target)
                    ])
            } else {
                #expect(layer.touch(event(.cancelled, target, 48, id: finger), shown: shown, in: size).isEmpty)
            }
            #expect(layer.dragged == nil)
        }
    }

    @Test func aFlickScrollsTheGridGlidesOnAndAsksForTheThumbnailsComingIntoView() {
        var layer = layer(pictures: 400)
        let shown = layer.layout(in: size, measure: .estimated, style: WidgetStyle(), onBoard: [])
        let start = layer.picker.geometry(in: size, metrics: metrics).tileFrame(8, scrolledBy: 0).center
        _ = layer.touch(event(.began, start, 0), shown: shown, in: size)
        var asked = 0
        for step in 1...5 {
            for outcome in layer.touch(event(.moved, start - Point(x: 0, y: Double(step) * 40), step * 16), shown: shown, in: size) {
                if case .decode(let requests) = outcome { asked += requests.count }
            }
        }
        _ = layer.touch(event(.ended, start - Point(x: 0, y: 200), 96), shown: shown, in: size)
        #expect(layer.picker.scrollOffset > 150 && layer.isGliding)
        let before = layer.picker.scrollOffset
        _ = layer.advance(to: Instant(sinceOrigin: .milliseconds(400)), in: size)
        #expect(layer.picker.scrollOffset > before)
        #expect(asked > 0, "scrolled, it asks for what comes into view")
    }

    @Test func thePicturesOnTheBoardAreThoseOfTheFolderShownThatTheBoardHas() {
        let onBoard: Set<PathKey> = [PathKey(FilePath("/p/3.jpg")), PathKey(FilePath("/elsewhere/1.jpg"))]
        #expect(layer(pictures: 5).onBoard { onBoard.contains($0) } == [PathKey(FilePath("/p/3.jpg"))])
        #expect(PickerLayer(folder: FilePath("/p"), home: nil, metrics: metrics).onBoard { _ in true }.isEmpty, "nothing listed yet")
    }
}
