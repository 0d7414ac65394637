import Testing
import XBoard

/// Hostile touch streams: 40 seeds × 25,000 events = one million events per run, with the
/// model's invariants checked after every one (see RELIABILITY.md).
@Suite struct FuzzTests {
    static let eventsPerSeed = 25_000

    @Test(arguments: 0..<40)
    func aMillionHostileEventsLeaveTheBoardSane(seed: UInt64) {
        var random = SeededRandom(seed: seed &* 7919 &+ 13)
        let sizes = [
            Size(width: 4000, height: 3000), Size(width: 3000, height: 4000), Size(width: 800, height: 800),
            Size(width: 1920, height: 1080),
            Size(width: 640, height: 480), Size(width: 100, height: 2000), Size(width: 5000, height: 10), Size(width: 1, height: 1),
        ]
        var board = Board(size: Size(width: 1280, height: 800))
        for photo in Board.tossedLayout(pixelSizes: sizes, boardSize: board.size, seed: seed) { board.add(photo) }
        let controller = BoardController(board: board)
        var emulator = MouseEmulator()
        var time = Instant.origin
        var live: Set<TouchID> = []

        func location() -> Point {
            switch random.next() % 24 {
            case 0: Point(x: .nan, y: .nan)
            case 1: Point(x: .infinity, y: 3)
            case 2: Point(x: -.infinity, y: .greatestFiniteMagnitude)
            case 3: Point(x: random.next(in: -1e9...1e9), y: random.next(in: -1e9...1e9))
            case 4, 5: Point(x: random.next(in: -400...0), y: random.next(in: -300...1100))  // off the window
            default: Point(x: random.next(in: 0...controller.board.size.width), y: random.next(in: 0...controller.board.size.height))
            }
        }

        for _ in 0..<Self.eventsPerSeed {
            switch random.next() % 12 {
            case 0: break  // time stands still
            case 1: time = time - .milliseconds(Int64(random.next() % 80))  // time goes backwards
            default: time += .microseconds(Int64(random.next() % 20_000))
            }
            let roll = random.next() % 100
            if roll < 80 {
                // Touches from three devices, fifteen ids each: ids reused, updates and ends without a begin.
                let id = TouchID(source: UInt32(1 + random.next() % 3), number: UInt32(random.next() % 15))
                let phase: TouchPhase
                switch random.next() % 10 {
                case 0, 1: phase = .began
                case 2: phase = .ended
                case 3: phase = .cancelled
                default: phase = .moved
                }
                if phase == .began { live.insert(id) } else if phase != .moved { live.remove(id) }
                controller.handle(TouchEvent(id: id, phase: phase, location: location(), time: time))
            } else if roll < 92 {
                let kinds: [PointerEvent.Kind] = [
                    .moved, .moved, .pressed(.left), .released(.left), .pressed(.right), .scrolled(x: 0, y: random.next(in: -3...3)),
                    .scrolled(x: random.next(in: -2...2), y: 0), .pinchBegan,
                    .pinchUpdated(scale: random.next(in: 0...4), angleDelta: random.next(in: -1...1), offset: location()),
                    .pinchEnded(isCancelled: random.next() % 2 == 0),
                ]
                let modifiers: PointerEvent.Modifiers = [[], [.shift], [.control], [.shift, .control]][Int(random.next() % 4)]
                let event = PointerEvent(kinds[Int(random.next() % UInt64(kinds.count))], at: location(), modifiers: modifiers, time: time)
                for touch in emulator.touches(for: event, photoCenter: controller.photoCenter(atWindow:)) { controller.handle(touch) }
            } else if roll < 95 {
                let source = UInt32(1 + random.next() % 3)
                controller.cancelTouches(fromSource: source)  // the device went away mid-gesture
                live = live.filter { $0.source != source }
            } else if roll < 99 {
                controller.advance(to: time + .milliseconds(Int64(random.next() % 100)))
            } else {
                let sizes = [
                    Size(width: 1, height: 1), Size(width: 1280, height: 800), Size(width: 320, height: 2000),
                    Size(width: random.next(in: 1...3000).rounded(), height: random.next(in: 1...3000).rounded()),
                ]
                controller.resize(to: sizes[Int(random.next() % 4)])
            }
            controller._checkInvariants()  // finite, invertible transforms; scales within limits; touches consistent
        }

        // Every touch ends; then nothing may stay stuck, and Home finds every print: the table
        // may have been panned and zoomed anywhere, and prints out of view stay where they lie.
        for id in live { controller.handle(TouchEvent(id: id, phase: .ended, location: Point(x: 5, y: 5), time: time)) }
        for touch in emulator.cancelAll(at: time) { controller.handle(touch) }
        expectSettledInside(controller)
    }
}
