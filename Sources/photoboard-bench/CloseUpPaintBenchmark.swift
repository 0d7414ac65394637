import XBoard
import XBoardPlatform
import XorgHarness

/// Milliseconds of one frame of a close-up on a 4K board, painted in this process and waited
/// for (`CairoPainter.finish`): its sharp sprite rendered at rest, a drag upright, a drag turned
/// (sharp sprite), and a drag of a turned draft (its sprite made for another scale).
enum CloseUpPaintBenchmark {
    static func run(width: Int = 3840, height: Int = 2160, photos count: Int = 20, pictures: BenchPhotos) throws -> [String] {
        let server = try XorgServer(width: width, height: height)
        defer { server.stop() }
        let size = Size(width: Double(width), height: Double(height))
        let window = try X11Window(displayName: server.displayName, size: size, title: "bench", applicationClass: "Bench")
        let painter = try CairoPainter(window: window)
        let layout = TossedLayout(count: count, boardSize: size, seed: 5)
        let small = try ImageLoader.load(path: pictures.master, maximumLongEdge: PictureResolution.forLayout(layout).baseLongEdge)
        let sharp = try ImageLoader.load(path: pictures.master, maximumLongEdge: 2400)
        var board = Board(size: size)
        for index in 0..<count {
            board.add(layout.photo(at: index, id: PhotoID(index), pixelSize: small.image.nativeSize))
            try painter.setPicture(index == count - 1 ? sharp.image : small.image, for: PhotoID(index))
        }
        let top = PhotoID(count - 1)
        guard let photo = board.photo(top) else { return [] }
        let closeUpScale = 2242 / photo.printBounds.size.width
        let scene = SceneBuilder()
        func place(_ center: Point, rotation: Double, scale: Double = closeUpScale) {
            board.setTransform(AffineTransform(center: center, scale: scale, rotation: rotation), of: top)
        }
        func frame(_ painting: () -> Void) -> Double {
            Measure.seconds {
                painting()
                painter.finish()
            } * 1000
        }
        _ = window.pendingEvents()
        var rows: [String] = []
        let setup = "\(width)×\(height), \(count) photos, close-up 2242 px"
        for (name, rotation) in [("upright", 0.0), ("turned 20°", 20 * Double.pi / 180)] {
            let center = Point(x: size.width / 2, y: size.height / 2)
            place(center, rotation: rotation)
            painter.paint(scene.build(board))
            painter.finish()
            var rest: [Double] = []
            for _ in 0..<3 {
                painter.invalidate(sprites: true)
                rest.append(frame { painter.paint(scene.build(board)) })
            }
            var drag: [Double] = []
            for step in 1...40 {
                place(center + Point(x: Double(step % 10) * 7, y: 0), rotation: rotation)
                drag.append(frame { painter.paint(scene.build(board, moving: [top])) })
            }
            // Scaled a little while held, then dragged: its sprite was made for the old scale.
            place(center, rotation: rotation, scale: closeUpScale * 1.05)
            painter.paint(scene.build(board, moving: [top]))
            var draft: [Double] = []
            for step in 1...40 {
                place(center + Point(x: Double(step % 10) * 7, y: 0), rotation: rotation, scale: closeUpScale * 1.05)
                draft.append(frame { painter.paint(scene.build(board, moving: [top])) })
            }
            var settle: [Double] = [], steps: [Double] = [], refinements: [Double] = []
            for _ in 0..<5 {
                place(center, rotation: rotation)
                painter.invalidate(sprites: true)
                painter.paint(scene.build(board, moving: [top]))  // every sprite a draft
                painter.finish()
                settle.append(frame { painter.paint(scene.build(board)) })
                // What the loop does after it: each time the window comes back for the next band
                // of the sharp sprite (an exposure), `present()`.
                var total = 0.0
                while window.pendingEvents().contains(where: { if case .exposed = $0 { true } else { false } }) {
                    let step = frame { painter.present() }
                    steps.append(step)
                    total += step
                }
                if total > 0 { refinements.append(total) }
            }
            let format = { (values: [Double]) in
                "median \(Measure.format(Measure.median(values))) ms, p95 \(Measure.format(Measure.percentile(values, 0.95))) ms"
            }
            rows += [
                "| paint, close-up \(name): sharp sprite rendered (every sprite anew) | \(setup) | \(format(rest)) |",
                "| paint, close-up \(name): the frame coming to rest from a draft | \(setup) | \(format(settle)) |",
                "| paint, close-up \(name): then its sharp sprite a band at a time: each band, all bands | \(setup) | "
                    + (steps.isEmpty
                        ? "— (drawn in the frame above) |"
                        : "each \(format(steps)); all \(format(refinements)), \(steps.count / max(refinements.count, 1)) bands |"),
                "| paint, close-up \(name): dragged | \(setup) | \(format(drag)) |",
                "| paint, close-up \(name): dragged as a draft (scaled while held) | \(setup) | \(format(draft)) |",
            ]
        }
        return rows
    }
}
