import XBoard
import XBoardPlatform

/// Touch events per second through routing, recognizers and the board, with no X at all.
enum EngineBenchmark {
    static func run(photos: Int, events targetEvents: Int) -> String {
        var board = Board(size: Size(width: 1280, height: 800))
        let sizes = Array(repeating: Size(width: 4000, height: 3000), count: photos)
        for photo in Board.tossedLayout(pixelSizes: sizes, boardSize: board.size, seed: 1) { board.add(photo) }
        let controller = BoardController(board: board)
        // A deterministic stream of one- and two-finger gestures over random photos, made up front.
        var random = SeededRandom(seed: 42)
        var events: [TouchEvent] = []
        var time = Instant.origin
        var finger: UInt32 = 0
        while events.count < targetEvents {
            let target = controller.board.photos[Int(random.next() % UInt64(photos))].center
            let count = 1 + Int(random.next() % 2)
            let ids = (0..<count).map { _ -> TouchID in
                finger &+= 1
                return TouchID(number: finger)
            }
            let starts = ids.indices.map { target + Point(x: Double($0) * 60 - 30, y: 0) }
            for (id, start) in zip(ids, starts) { events.append(TouchEvent(id: id, phase: .began, location: start, time: time)) }
            let direction = Point(x: random.next(in: -6...6), y: random.next(in: -6...6))
            for step in 1...40 {
                time += .milliseconds(8)
                for (index, (id, start)) in zip(ids, starts).enumerated() {
                    let spread = Point(x: Double(index) * Double(step) * 0.5, y: 0)
                    events.append(TouchEvent(id: id, phase: .moved, location: start + direction * Double(step) + spread, time: time))
                }
            }
            time += .milliseconds(8)
            for id in ids { events.append(TouchEvent(id: id, phase: .ended, location: target, time: time)) }
            time += .milliseconds(300)
        }
        let cpuBefore = Measure.processCPUSeconds()
        let seconds = Measure.seconds {
            for event in events { controller.handle(event) }
        }
        let cpu = Measure.processCPUSeconds() - cpuBefore
        return
            "| engine | \(photos) photos | \(events.count) touch events | \(Measure.format(Double(events.count) / seconds / 1e6, 2)) M events/s (\(Measure.format(seconds * 1e9 / Double(events.count), 0)) ns each, CPU \(Measure.format(cpu, 2)) s) |"
    }
}
