import XBoard
import XBoardPlatform
import XorgHarness

/// Milliseconds per frame on a real X server: whole frames, and frames while one photo is
/// dragged (only its old and new area repainted). With `captions`, every print shows a caption
/// (`c`: a name, Latin or Japanese, and a date), so each sprite rendered anew sets its text. With
/// `edits`, every print has them (issue 40: flipped, black and white, see-through).
enum PaintBenchmark {
    static func run(
        width: Int, height: Int, photos count: Int, pictures: BenchPhotos, captions: Bool = false, edits: PrintEdits = .none,
        editsName: String = ""
    ) throws -> [String] {
        let server = try XorgServer(width: width, height: height)
        defer { server.stop() }
        let size = Size(width: Double(width), height: Double(height))
        let window = try X11Window(displayName: server.displayName, size: size, title: "bench", applicationClass: "Bench")
        let painter = try CairoPainter(window: window)
        let layout = TossedLayout(count: count, boardSize: size, seed: 5)
        let picture = try ImageLoader.load(path: pictures.master, maximumLongEdge: PictureResolution.forLayout(layout).baseLongEdge)
        var board = Board(size: size)
        for index in 0..<count {
            var photo = layout.photo(at: index, id: PhotoID(index), pixelSize: picture.image.nativeSize)
            photo.edits = edits
            board.add(photo)
            try painter.setPicture(picture.image, for: PhotoID(index))
        }
        let controller = BoardController(board: board)
        let scene = SceneBuilder()
        var texts: [PhotoID: String] = [:]
        for index in 0..<count where captions {
            let name = index.isMultiple(of: 2) ? "IMG_20240501_\(1000 + index).jpg" : "旅行の写真 \(index).jpg"
            texts[PhotoID(index)] = CaptionLayout.text(fileName: name, dateTaken: 1_714_550_400 + Double(index) * 86_400)
        }
        func frame() -> DisplayList { scene.build(controller.board, captions: texts) }
        _ = window.pendingEvents()
        painter.paint(frame())
        painter.finish()

        var full: [Double] = []
        for _ in 0..<25 {
            painter.invalidate()
            full.append(
                Measure.seconds {
                    painter.paint(frame())
                    painter.finish()
                } * 1000)
        }

        var cold: [Double] = []
        for _ in 0..<10 {
            painter.invalidate(sprites: true)
            cold.append(
                Measure.seconds {
                    painter.paint(frame())
                    painter.finish()
                } * 1000)
        }

        // Drag the top photo across the board, one frame per touch update.
        var time = Instant.origin
        guard let top = controller.board.photos.last else { return [] }
        controller.handle(TouchEvent(id: TouchID(number: 1), phase: .began, location: top.center, time: time))
        var drag: [Double] = [], areas: [Double] = []
        for step in 1...80 {
            time += .milliseconds(8)
            let location = top.center + Point(x: Double(step) * 4, y: Double(step % 20) * 2)
            controller.handle(TouchEvent(id: TouchID(number: 1), phase: .moved, location: location, time: time))
            drag.append(
                Measure.seconds {
                    painter.paint(frame())
                    painter.finish()
                } * 1000)
            areas.append(painter.lastPaintedArea)
        }
        controller.handle(TouchEvent(id: TouchID(number: 1), phase: .ended, location: top.center, time: time + .seconds(1)))
        controller.advance(to: time + .seconds(30))
        painter.paint(frame())

        // Twist and pinch it with two fingers: its sprite is rendered again every frame.
        time += .seconds(30)
        guard let twisted = controller.board.photos.last else { return [] }
        let c = twisted.center
        controller.handle(TouchEvent(id: TouchID(number: 2), phase: .began, location: c - Point(x: 40, y: 0), time: time))
        controller.handle(TouchEvent(id: TouchID(number: 3), phase: .began, location: c + Point(x: 40, y: 0), time: time))
        var twist: [Double] = []
        for step in 1...60 {
            time += .milliseconds(8)
            let arm = AffineTransform(rotation: Double(step) * 0.02).applyToVector(Point(x: 40 * (1 + Double(step) / 120), y: 0))
            controller.handle(TouchEvent(id: TouchID(number: 2), phase: .moved, location: c - arm, time: time))
            controller.handle(TouchEvent(id: TouchID(number: 3), phase: .moved, location: c + arm, time: time))
            twist.append(
                Measure.seconds {
                    painter.paint(frame())
                    painter.finish()
                } * 1000)
        }
        let frameArea = Double(width * height)
        let setup = "\(width)×\(height), \(count) photos" + (captions ? " with captions" : "") + (edits == .none ? "" : ", \(editsName)")
        return [
            "| paint, full frame | \(setup) | median \(Measure.format(Measure.median(full))) ms, p95 \(Measure.format(Measure.percentile(full, 0.95))) ms |",
            "| paint, full frame rendering every sprite anew | \(setup) | median \(Measure.format(Measure.median(cold))) ms, p95 \(Measure.format(Measure.percentile(cold, 0.95))) ms |",
            "| paint, pinching and twisting the top photo | \(setup) | median \(Measure.format(Measure.median(twist))) ms, p95 \(Measure.format(Measure.percentile(twist, 0.95))) ms |",
            "| paint, dragging the top photo | \(setup) | median \(Measure.format(Measure.median(drag))) ms, p95 \(Measure.format(Measure.percentile(drag, 0.95))) ms; repaints \(Measure.format(100 * Measure.median(areas) / frameArea, 1))% of the frame |",
        ]
    }
}
