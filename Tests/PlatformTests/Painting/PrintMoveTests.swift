import Foundation
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

/// A close-up dragged in hesitating steps, painted frame by frame as the board paints it — its
/// pixels moved where it is a draft that only moved, its sharp sprite rendered a band at a time
/// once it rests — looks pixel for pixel as the same board painted afresh: turned or upright,
/// partly off screen, under an overlay, under another print, with a window over part of it.
@Suite(.serialized, .timeLimit(.minutes(15)))
struct PrintMoveTests {
    /// Seeded hesitating steps of 4–12 pixels, in legs of six that go one way and then come
    /// back the same way (so the print stays about where it was), each pair of legs with one
    /// far step of 25–70 pixels.
    static func steps(count: Int, seed: UInt64) -> [Point] {
        var random = SeededRandom(seed: seed)
        var steps: [Point] = []
        while steps.count < count {
            var leg = (0..<6).map { _ in Point(x: random.next(in: 4...12).rounded(), y: random.next(in: -6...6).rounded()) }
            let far = Int(random.next(in: 0...5.99))
            leg[far] = Point(x: leg[far].x * 6, y: leg[far].y)
            steps += leg + leg.reversed().map { Point(x: -$0.x, y: -$0.y) }
        }
        return Array(steps.prefix(count))
    }

    /// How alike two pictures must be. A sprite copied at whole pixels is the same pixel for
    /// pixel however the frame is cut into rectangles; a draft drawn through a transform is not
    /// quite: pixman steps along each span of the clip in fixed point from its start, so bilinear
    /// samples round a little differently (±2 in a channel) and a nearest-neighbour sample that
    /// falls on a texel's edge may take the next texel — a few pixels in a thousand, where a
    /// misplaced move would make whole strips differ.
    enum Likeness {
        case exact, resampled, nearest

        /// Pixels allowed to differ by more than 2 in a channel, of `count`: with nearest
        /// samples, whole columns or rows of them may fall on texel edges.
        func allowedStrays(of count: Int) -> Int {
            switch self {
            case .exact: 0
            case .resampled: count / 2000
            case .nearest: count / 400
            }
        }
        var channelSlack: Int { self == .exact ? 0 : 2 }
    }

    /// Pixels that differ at all, and those that differ by more than `slack` in some channel.
    static func differences(_ a: Screenshot, _ b: Screenshot, slack: Int) -> (any: Int, beyond: Int) {
        var any = 0, beyond = 0
        for (p, q) in zip(a.pixels, b.pixels) where p != q {
            any += 1
            for shift: UInt32 in [16, 8, 0] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > slack {
                beyond += 1
                break
            }
        }
        return (any, beyond)
    }

    /// Saves the pictures, for a person to look at.
    static func keep(_ shots: [(String, Screenshot)], named name: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("print-move-tests")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (label, shot) in shots { try? shot.savePNG(to: folder.appendingPathComponent("\(name)-\(label).png").path) }
    }

    static func expectSame(
        _ moved: Screenshot, _ fresh: Screenshot, _ what: String, _ likeness: Likeness = .exact,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let slack = likeness.channelSlack
        let (any, beyond) = differences(moved, fresh, slack: slack)
        let allowed = likeness.allowedStrays(of: moved.pixels.count)
        guard beyond > allowed else { return }
        let mask = Screenshot(
            width: moved.width, height: moved.height, pixels: zip(moved.pixels, fresh.pixels).map { $0 == $1 ? 0 : 0xFF_FFFF })
        keep([("moved", moved), ("fresh", fresh), ("differing", mask)], named: what.replacingOccurrences(of: " ", with: "-"))
        let box = mask.blob(of: 0xFF_FFFF, tolerance: 0).map { " within x \($0.minX)…\($0.maxX), y \($0.minY)…\($0.maxY)" } ?? ""
        let message = "\(what): \(beyond) pixels differ by more than \(slack) in a channel from the board painted afresh"
        Issue.record(Comment(rawValue: message + " (\(allowed) allowed; \(any) differ at all)\(box)"), sourceLocation: sourceLocation)
    }

    enum Kind: String, CaseIterable, CustomStringConvertible {
        case upright, turned, uprightDraft, turnedDraft, turnedQuickDraft
        var description: String { rawValue }
        var rotation: Double { self == .upright || self == .uprightDraft ? 0 : 20 * .pi / 180 }
        var isDraft: Bool { self == .uprightDraft || self == .turnedDraft || self == .turnedQuickDraft }
        var likeness: Likeness { self == .turnedQuickDraft ? .nearest : isDraft ? .resampled : .exact }
    }

    /// Brings the stage to the kind's starting frame: held (drawn moving), and for a draft
    /// scaled a little while held, so that it is drawn from a sprite made for another scale.
    static func start(_ stage: PrintMoveStage, as kind: Kind) {
        stage.painter.quickDrafts = kind == .turnedQuickDraft
        stage.painter.paint(stage.list(moving: false))
        stage.settle()
        if kind.isDraft { stage.place(stage.center, scale: (stage.board.photo(stage.closeUp)?.scale ?? 1) * 1.06) }
        stage.painter.paint(stage.list(moving: true))
        stage.settle()
    }

    @Test(arguments: Kind.allCases)
    func aCloseUpDraggedInHesitatingStepsLooksAsPaintedAfresh(kind: Kind) throws {
        let stage = try PrintMoveStage(rotation: kind.rotation)
        Self.start(stage, as: kind)
        stage.drag(Self.steps(count: 24, seed: 5))
        let moved = try stage.screen()
        Self.expectSame(moved, try stage.fresh(stage.list(moving: true)), "\(kind) dragged", kind.likeness)
        if kind.isDraft {
            #expect(stage.painter.statistics.moves > 0, "a draft that only moves has its pixels moved")
        } else {
            #expect(stage.painter.statistics.moves == 0, "a sprite copied at whole pixels is drawn, not moved")
        }
    }

    @Test(arguments: [Kind.upright, .turnedDraft])
    func aCloseUpDraggedPartlyOffScreenAndBackLooksAsPaintedAfresh(kind: Kind) throws {
        let stage = try PrintMoveStage(rotation: kind.rotation)
        Self.start(stage, as: kind)
        // Out past the left edge by a third of it, hesitating, then most of the way back.
        let out = (0..<8).map { _ in Point(x: -55, y: 9) } + (0..<6).map { _ in Point(x: 47, y: -7) }
        stage.drag(out)
        Self.expectSame(try stage.screen(), try stage.fresh(stage.list(moving: true)), "\(kind) off screen and back", kind.likeness)
    }

    @Test(arguments: [Kind.turned, .turnedDraft])
    func aCloseUpDraggedUnderAnOverlayLooksAsPaintedAfresh(kind: Kind) throws {
        let stage = try PrintMoveStage(rotation: kind.rotation)
        Self.start(stage, as: kind)
        let marker = DisplayItem.fingerMarker(stage.center + Point(x: 100, y: 40))
        let panel = DisplayItem.fingerMarker(stage.center - Point(x: 150, y: 60))
        // The help panel over the middle first, with two markers; then one marker; then none.
        stage.drag(Self.steps(count: 10, seed: 7), help: true, overlays: [marker, panel])
        let all = try stage.screen()
        Self.expectSame(
            all, try stage.fresh(stage.list(moving: true, help: true, overlays: [marker, panel])), "\(kind) under overlays", kind.likeness)
        stage.drag(Self.steps(count: 10, seed: 8), overlays: [panel])  // one overlay gone
        let one = try stage.screen()
        Self.expectSame(one, try stage.fresh(stage.list(moving: true, overlays: [panel])), "\(kind) under an overlay", kind.likeness)
        stage.drag(Self.steps(count: 6, seed: 9))
        Self.expectSame(try stage.screen(), try stage.fresh(stage.list(moving: true)), "\(kind) overlays gone", kind.likeness)
    }

    @Test func aCloseUpUnderAnotherPrintDraggedAsADraftLooksAsPaintedAfresh() throws {
        let stage = try PrintMoveStage(rotation: 0.3)
        Self.start(stage, as: .turnedDraft)
        // Another print laid over the close-up: the close-up is no longer on top.
        var above = try #require(stage.board.photos.first)
        stage.board.remove(above.id)
        above.photoToBoard = AffineTransform(center: stage.center + Point(x: 200, y: 120), scale: above.scale, rotation: -0.2)
        stage.board.add(above)
        stage.painter.paint(stage.list(moving: true))
        stage.settle()
        stage.drag(Self.steps(count: 12, seed: 11))
        Self.expectSame(try stage.screen(), try stage.fresh(stage.list(moving: true)), "close-up under a print", .resampled)
    }

    @Test(arguments: [Kind.upright, .turnedDraft])
    func aCloseUpDraggedWhileAWindowCoversPartOfItLooksAsPaintedAfreshOnceUncovered(kind: Kind) throws {
        let stage = try PrintMoveStage(rotation: kind.rotation)
        Self.start(stage, as: kind)
        let c = stage.center
        let cover = stage.reader.openCover(x: Int(c.x) - 300, y: Int(c.y) - 200, width: 420, height: 260)
        stage.drag(Self.steps(count: 16, seed: 13))
        stage.reader.closeCover(cover)
        stage.settle()
        stage.drag(Self.steps(count: 4, seed: 14))
        Self.expectSame(try stage.screen(), try stage.fresh(stage.list(moving: true)), "\(kind) covered", kind.likeness)
    }

    @Test(arguments: [Kind.turnedDraft, .turnedQuickDraft])
    func aDraftLetGoIsDrawnSharpABandAtATimeAndLooksAsASharpPrint(kind: Kind) throws {
        let stage = try PrintMoveStage(rotation: kind.rotation)
        Self.start(stage, as: kind)
        stage.drag(Self.steps(count: 6, seed: 3))
        let bandsBefore = stage.painter.statistics.refinementBands
        stage.painter.paint(stage.list(moving: false))  // let go: drawn from its draft at first
        let letGo = try stage.screen()
        Self.expectSame(letGo, try stage.fresh(stage.list(moving: true)), "\(kind) let go, still the draft", kind.likeness)
        stage.painter.paint(stage.list(moving: false))
        stage.settle()
        #expect(stage.painter.statistics.refinementBands - bandsBefore > 1, "its sharp sprite is rendered in more than one band")
        let refined = try stage.screen()
        stage.painter.invalidate(sprites: true)  // every sprite rendered sharp, at once
        stage.painter.paint(stage.list(moving: false))
        stage.settle()
        Self.expectSame(refined, try stage.screen(), "\(kind) refined", .resampled)
    }

    /// A print far larger than the window keeps a sprite of its visible part only (cut). Moved
    /// by fractions of a pixel, that sprite still holds it: drawn from it, not cut anew each
    /// frame, and the frames look as the board painted afresh.
    @Test func aCutSpriteHoldsItsPrintAtAFractionalCentreAndIsNotCutAgain() throws {
        let stage = try PrintMoveStage(closeUpWidth: 4000, rotation: 0)
        // Its left edge in the window (a pixel column shared with the table), the rest cut.
        stage.place(Point(x: 2100.6, y: 500.6))
        stage.painter.paint(stage.list(moving: true))
        stage.settle()
        let before = stage.painter.statistics
        stage.drag(Array(repeating: Point(x: 0.25, y: 0), count: 6))
        let after = stage.painter.statistics
        let cuts = after.draftsRendered - before.draftsRendered
        #expect(cuts == 0, "cut anew \(cuts) times while it moved by fractions")
        Self.expectSame(try stage.screen(), try stage.fresh(stage.list(moving: true)), "a cut sprite moved by fractions", .resampled)
    }

    @Test func aDraftLetGoAndGrabbedAgainDropsItsHalfMadeSharpSprite() throws {
        let stage = try PrintMoveStage(rotation: 0.35)
        Self.start(stage, as: .turnedDraft)
        stage.painter.paint(stage.list(moving: false))
        // Two steps of its sharp render, then a finger lands and drags it.
        for _ in 0..<2 {
            stage.painter.finish()
            _ = stage.window.pendingEvents()
            stage.painter.present()
        }
        let rendered = stage.painter.statistics.spritesRendered
        stage.drag(Self.steps(count: 8, seed: 17))
        #expect(stage.painter.statistics.spritesRendered == rendered, "no sharp sprite is finished while it is held")
        Self.expectSame(try stage.screen(), try stage.fresh(stage.list(moving: true)), "grabbed again", .resampled)
    }

    @Test(arguments: [false, true])
    func aDraftHeldWhileQuickDraftsFlipLooksTheSameAfterAWindowCoveredIt(quickAtFirst: Bool) throws {
        let stage = try PrintMoveStage(rotation: 0.35)
        Self.start(stage, as: quickAtFirst ? .turnedQuickDraft : .turnedDraft)
        // Twisted while held: every frame draws its inside straight into the window anew.
        stage.twist(by: 0.03, steps: 4)
        let held = try stage.screen()
        // The server's speed flips the drafts' quality after the frame; then a window covers the board.
        stage.painter.quickDrafts = !quickAtFirst
        stage.reader.cover(x: 0, y: 0, width: held.width, height: held.height, for: .milliseconds(50))
        stage.settle()
        Self.expectSame(try stage.screen(), held, "held while quick drafts flipped, uncovered", .resampled)
        // Twisted on with the new quality, then covered again: shown as it was drawn.
        stage.twist(by: -0.02, steps: 3)
        let moved = try stage.screen()
        stage.reader.cover(x: 200, y: 100, width: 700, height: 600, for: .milliseconds(50))
        stage.settle()
        Self.expectSame(try stage.screen(), moved, "twisted on, uncovered", .resampled)
    }

    @Test func aSharperCopyOfACloseUpAtRestComesABandAtATimeWithoutRepaintingTheFrame() throws {
        let stage = try PrintMoveStage(rotation: 0.2)
        stage.painter.paint(stage.list(moving: false))
        stage.settle()
        let before = stage.painter.statistics
        // The close-up's picture decoded sharper arrives while it rests.
        try stage.painter.setPicture(try stage.picture(seed: 99, size: Size(width: 1600, height: 1200)), for: stage.closeUp)
        stage.painter.paint(stage.list(moving: false))
        #expect(stage.painter.statistics.spritesRendered == before.spritesRendered, "no sharp render in the frame")
        let print = try #require(PrintMoveStage.print(stage.closeUp, in: stage.list(moving: false)))
        #expect(stage.painter.lastPaintedArea <= RectRegion.area(of: print.damageRegion) + 1, "only the print is repainted")
        stage.settle()
        #expect(stage.painter.statistics.refinementBands - before.refinementBands > 1)
        #expect(stage.painter.statistics.spritesRendered == before.spritesRendered + 1)
        let refined = try stage.screen()
        stage.painter.invalidate(sprites: true)
        stage.painter.paint(stage.list(moving: false))
        stage.settle()
        Self.expectSame(refined, try stage.screen(), "sharper copy refined", .resampled)
    }

    @Test func aCloseUpAt4KDraggedInHesitatingStepsLooksAsPaintedAfresh() throws {
        let stage = try PrintMoveStage(width: 3840, height: 2160, closeUpWidth: 2242, rotation: 0.25)
        Self.start(stage, as: .turnedDraft)
        let cover = stage.reader.openCover(x: 2600, y: 300, width: 900, height: 700)
        stage.drag(Self.steps(count: 14, seed: 22))
        stage.reader.closeCover(cover)
        stage.settle()
        stage.drag(Self.steps(count: 6, seed: 23))
        Self.expectSame(try stage.screen(), try stage.fresh(stage.list(moving: true)), "4K close-up", .resampled)
        stage.painter.paint(stage.list(moving: false))
        stage.settle()
        let refined = try stage.screen()
        stage.painter.invalidate(sprites: true)
        stage.painter.paint(stage.list(moving: false))
        stage.settle()
        Self.expectSame(refined, try stage.screen(), "4K close-up refined", .resampled)
    }

    @Test func aPictureArrivingForAPrintShownAsACardRepaintsOnlyThatPrint() throws {
        let stage = try PrintMoveStage(rotation: 0.2)
        let card = PhotoID(40)
        let pixelSize = Size(width: 800, height: 600)
        stage.board.add(
            Photo(
                id: card, size: pixelSize, pixelSize: pixelSize,
                photoToBoard: AffineTransform(center: Point(x: 300, y: 260), scale: 0.3, rotation: -0.1)))
        stage.painter.paint(stage.list(moving: false))
        stage.settle()
        let print = try #require(PrintMoveStage.print(card, in: stage.list(moving: false)))
        // Ten thousand photos arrive one by one: each repaints its own print, never the frame.
        try stage.painter.setPicture(try stage.picture(seed: 40, size: pixelSize), for: card)
        stage.painter.paint(stage.list(moving: false))
        stage.settle()
        #expect(stage.painter.lastPaintedArea > 0, "the picture shows")
        #expect(stage.painter.lastPaintedArea <= RectRegion.area(of: print.damageRegion) + 1, "only the print is repainted")
        Self.expectSame(try stage.screen(), try stage.fresh(stage.list(moving: false)), "picture arrived", .exact)
        stage.painter.removePicture(for: card)
        stage.painter.paint(stage.list(moving: false))
        stage.settle()
        #expect(stage.painter.lastPaintedArea > 0 && stage.painter.lastPaintedArea <= RectRegion.area(of: print.damageRegion) + 1)
        Self.expectSame(try stage.screen(), try stage.fresh(stage.list(moving: false)), "picture gone", .exact)
    }
}
