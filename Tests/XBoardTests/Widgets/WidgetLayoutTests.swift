import SystemPackage
import Testing

@testable import XBoard

/// The widget layer: targets a finger can hit (9 mm, by `Xft.dpi`), inside the window,
/// hit-tested as laid out.
@Suite struct WidgetLayoutTests {
    let controls = CommandCatalogue.board.controls

    @Test(arguments: [1.0, 2.0])
    func everyControlIsAFingersWidthAndGrowsWithTheScale(scale: Double) throws {
        // 1440 wide: at 1280 the last control (Quit) goes under "More" since Fit joined the bar.
        let size = Size(width: 1440 * scale, height: 900 * scale)
        let bar = ControlBar(controls: controls, metrics: WidgetMetrics(scale: scale)).layout(in: size, measure: .estimated)
        #expect(bar.targets.count == controls.count)
        for target in bar.targets {
            #expect(target.frame.size.height >= 48 * scale && target.frame.size.width >= 48 * scale, "\(target)")
        }
        // Kept off the window's very edge, and inside it.
        #expect(bar.item.frame.minY >= 14 * scale && bar.item.frame.minX >= 14 * scale && bar.item.frame.maxX <= size.width - 14 * scale)
        // Hit-testing finds each control at its centre, nothing outside the bar.
        for (index, target) in bar.targets.enumerated() { #expect(bar.target(at: target.frame.center) == .control(index)) }
        #expect(bar.target(at: Point(x: size.width / 2, y: size.height / 2)) == nil)
    }

    @Test func twiceTheDpiIsTwiceTheSize() {
        let small = ControlBar(controls: controls, metrics: WidgetMetrics(scale: 1)).layout(
            in: Size(width: 1920, height: 1080), measure: .estimated)
        let large = ControlBar(controls: controls, metrics: WidgetMetrics(scale: 2)).layout(
            in: Size(width: 3840, height: 2160), measure: .estimated)
        #expect(large.targets.map(\.frame.size.height) == small.targets.map { $0.frame.size.height * 2 })
    }

    @Test func aNarrowWindowPutsTheRestUnderMore() {
        let bar = ControlBar(controls: controls, metrics: WidgetMetrics(scale: 1))
        let laidOut = bar.layout(in: Size(width: 640, height: 480), measure: .estimated)
        #expect(laidOut.targets.last?.target == .control(bar.moreIndex))
        #expect(laidOut.targets.count < controls.count)
        #expect(laidOut.item.frame.maxX <= 640)
    }

    @Test func greyedControlsShowGreyAndStillTakeTheTouch() {
        let undo = controls.firstIndex { $0.word == "Undo" } ?? 0
        let bar = ControlBar(controls: controls, metrics: WidgetMetrics(scale: 1), disabled: [undo]).layout(
            in: Size(width: 1280, height: 800), measure: .estimated)
        let greyed = bar.item.steps.compactMap { step -> Color? in
            if case .text(let line, let color) = step, line.text == "Undo" { return color }
            return nil
        }
        #expect(greyed == [WidgetStyle().disabledText])
    }

    @Test func aMenuOpensBesideTheFingerAndStaysInsideTheWindow() {
        let menu = PopupMenu(
            title: "a.jpg", entries: [PopupMenu.Entry("Close up"), PopupMenu.Entry("Remove")], anchor: Point(x: 1270, y: 790))
        let laidOut = menu.layout(in: Size(width: 1280, height: 800), metrics: WidgetMetrics(scale: 1), measure: .estimated)
        let frame = laidOut.item.frame
        #expect(frame.minX >= 0 && frame.maxX <= 1280 && frame.minY >= 0 && frame.maxY <= 800)
        #expect(laidOut.targets.map(\.target) == [.menuEntry(0), .menuEntry(1)])
        #expect(laidOut.targets.allSatisfy { $0.frame.size.height >= 48 })
        #expect(laidOut.target(at: Point(x: frame.minX + 4, y: frame.minY + 4)) == .inert)  // the title
    }

    /// A print's menu has twelve entries (issue 40): on a window too short for them one under
    /// another they stand in columns, each a finger's size, all inside the window, none over another.
    @Test func aMenuTooTallForTheWindowStandsInColumns() throws {
        let entries = (1...13).map { PopupMenu.Entry("Entry number \($0)") }
        let menu = PopupMenu(title: "a.jpg", entries: entries, anchor: Point(x: 300, y: 200))
        let window = Size(width: 1024, height: 480)
        let laidOut = menu.layout(in: window, metrics: WidgetMetrics(scale: 1), measure: .estimated)
        let frame = laidOut.item.frame
        #expect(frame.minX >= 0 && frame.maxX <= window.width && frame.minY >= 0 && frame.maxY <= window.height, "\(frame)")
        #expect(laidOut.targets.map(\.target) == (0..<13).map { .menuEntry($0) })
        let frames = laidOut.targets.map(\.frame)
        #expect(frames.allSatisfy { $0.size.height >= 48 && $0.size.width >= 96 && frame.contains($0.center) })
        for (index, one) in frames.enumerated() {
            for other in frames[(index + 1)...] { #expect(one.intersection(other).map { $0.size.area < 1 } ?? true, "\(one) \(other)") }
        }
        #expect(Set(frames.map(\.minX)).count == 2, "two columns")
        // Where it fits, one column as before.
        let tall = menu.layout(in: Size(width: 1280, height: 1000), metrics: WidgetMetrics(scale: 1), measure: .estimated)
        #expect(Set(tall.targets.map(\.frame.minX)).count == 1)
    }

    /// The last review: at 560×320 the print's menu stands in three columns and shortened its
    /// longest entries; each now takes two lines, its words whole.
    @Test func aLongEntryInANarrowColumnTakesTwoLinesNotAnEllipsis() throws {
        let menu = MenuLayer.print(
            PhotoID(1), named: "a.jpg", viaPointer: true, isUpClose: false, commands: .board, at: Point(x: 300, y: 150)
        ).popup
        let laidOut = menu.layout(in: Size(width: 560, height: 320), metrics: WidgetMetrics(scale: 1), measure: .estimated)
        #expect(Set(laidOut.targets.map(\.frame.minX)).count >= 3, "columns")
        let texts = laidOut.item.steps.compactMap { step -> TextLine? in
            if case .text(let line, _) = step { return line }
            return nil
        }
        #expect(!texts.contains { $0.text.contains("…") }, "\(texts.map(\.text))")
        let words = Set(texts.flatMap { $0.text.split(separator: " ").map(String.init) })
        for entry in menu.entries { #expect(entry.title.split(separator: " ").allSatisfy { words.contains(String($0)) }, "\(entry.title)") }
        // Two lines of an entry lie within its target.
        for (frame, _) in laidOut.targets {
            let inside = texts.filter { frame.contains(Point(x: $0.origin.x + 1, y: $0.origin.y)) }
            #expect(!inside.isEmpty && inside.count <= 2, "\(frame): \(inside.map(\.text))")
        }
    }

    @Test func thePickersTilesAreHitWhereTheyShowAndScroll() throws {
        var picker = PhotoPicker(folder: FilePath("/home/ann/Pictures"), home: FilePath("/home/ann"))
        let pictures = (0..<100).map {
            ListedFile(path: FilePath("/home/ann/Pictures/\($0).jpg"), canonical: PathKey(FilePath("/home/ann/Pictures/\($0).jpg")))
        }
        picker.listed(
            FolderListing(folder: FilePath("/home/ann/Pictures"), subfolders: [FilePath("/home/ann/Pictures/trip")], pictures: pictures))
        let size = Size(width: 1280, height: 800), metrics = WidgetMetrics(scale: 1)
        let geometry = picker.geometry(in: size, metrics: metrics)
        #expect(geometry.sheet.maxY <= size.height && geometry.columns >= 5)
        var laidOut = picker.layout(in: size, metrics: metrics, measure: .estimated)
        #expect(laidOut.target(at: geometry.tileFrame(0, scrolledBy: 0).center) == .picker(.tile(0)))
        #expect(picker.crumbs.map(\.name) == ["Home", "Pictures"])
        picker.scroll(by: geometry.tileSize.height + geometry.gap, maximum: geometry.maximumScroll)
        laidOut = picker.layout(in: size, metrics: metrics, measure: .estimated)
        // Scrolled one row: the first row's place now holds the second.
        #expect(
            laidOut.target(at: geometry.tileFrame(geometry.columns, scrolledBy: picker.scrollOffset).center)
                == .picker(.tile(geometry.columns)))
        picker.scroll(by: 1e9, maximum: geometry.maximumScroll)
        #expect(picker.scrollOffset == geometry.maximumScroll)
        // Only what is in view (and a few rows around) is asked for.
        #expect(picker.wantedThumbnails(in: size, metrics: metrics).count < 100)
    }

    @Test func aFlingGlidesAndSlowsToAStop() {
        var picker = PhotoPicker(folder: FilePath("/p"), home: nil)
        var now = Instant(sinceOrigin: .seconds(1))
        picker.fling(speed: 2000, at: now)
        var offsets: [Double] = []
        while picker.isGliding, offsets.count < 1000 {
            now += .milliseconds(16)
            picker.advance(to: now, maximum: 10_000)
            offsets.append(picker.scrollOffset)
        }
        #expect(!picker.isGliding)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
        // v / k: 2000 / 3.5 ≈ 571 points, less what the stop speed cuts short.
        #expect(offsets.last.map { $0 > 500 && $0 < 572 } == true, "\(offsets.last ?? 0)")
    }

    @Test func userDirsNameThePicturesFolder() {
        let home = FilePath("/home/ann")
        let text = "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n"
        #expect(UserDirs.folder("PICTURES", in: text, home: home) == FilePath("/home/ann/Bilder"))
        #expect(UserDirs.folder("PICTURES", in: "XDG_PICTURES_DIR=\"/srv/photos\"", home: home) == FilePath("/srv/photos"))
        #expect(UserDirs.folder("PICTURES", in: "XDG_PICTURES_DIR=\"$HOME/\"", home: home) == nil)  // disabled: the home folder
        #expect(UserDirs.folder("PICTURES", in: "XDG_PICTURES_DIR=$HOME/Bilder", home: home) == nil)  // not quoted
        #expect(UserDirs.folder("PICTURES", in: "XDG_PICTURES_DIR=\"relative\"", home: home) == nil)
    }
}
