import Glibc
import Testing
import XBoard

/// Random touch streams against a board of tossed photos: whatever arrives, the model stays sane.
@Suite struct PropertyTests {
    private static func board(seed: UInt64) -> BoardController {
        let sizes = [
            Size(width: 4000, height: 3000), Size(width: 3000, height: 4000), Size(width: 800, height: 800),
            Size(width: 1920, height: 1080), Size(width: 640, height: 480), Size(width: 100, height: 2000),
        ]
        var board = Board(size: Size(width: 1280, height: 800))
        for photo in Board.tossedLayout(pixelSizes: sizes, boardSize: board.size, seed: seed) { board.add(photo) }
        return BoardController(board: board)
    }

    private static func randomLocation(_ random: inout SeededRandom) -> Point {
        switch random.next() % 20 {
        case 0: Point(x: .nan, y: 100)
        case 1: Point(x: .infinity, y: -.infinity)
        case 2: Point(x: random.next(in: -1e9...1e9), y: random.next(in: -1e9...1e9))
        case 3: Point(x: random.next(in: -300...0), y: random.next(in: 0...800))
        default: Point(x: random.next(in: 0...1280), y: random.next(in: 0...800))
        }
    }

    @Test(arguments: 0..<200)
    func randomStreamsKeepEveryInvariant(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let controller = Self.board(seed: seed)
        var time = Instant.origin
        var live: Set<UInt32> = []
        for _ in 0..<300 {
            // Time mostly moves on, sometimes stands still or goes backwards.
            switch random.next() % 10 {
            case 0: break
            case 1: time = time - .milliseconds(Int64(random.next() % 50))
            default: time += .milliseconds(Int64(random.next() % 40))
            }
            let finger = UInt32(random.next() % 12)
            let phase: TouchPhase
            switch random.next() % 10 {
            case 0, 1: phase = .began
            case 2: phase = .ended
            case 3: phase = .cancelled
            default: phase = .moved  // often for fingers that are not down at all
            }
            if phase == .began { live.insert(finger) } else if phase != .moved { live.remove(finger) }
            controller.handle(TouchEvent(id: TouchID(number: finger), phase: phase, location: Self.randomLocation(&random), time: time))
            if random.next() % 7 == 0 { controller.advance(to: time + .milliseconds(Int64(random.next() % 30))) }
            if random.next() % 97 == 0 {
                controller.resize(to: Size(width: random.next(in: 1...2000).rounded(), height: random.next(in: 1...1200).rounded()))
            }
            controller._checkInvariants()
            for photo in controller.board.photos { #expect(photo.photoToBoard.isFinite) }
        }
        for finger in live {
            time += .milliseconds(5)
            controller.handle(TouchEvent(id: TouchID(number: finger), phase: .ended, location: Point(10, 10), time: time))
        }
        expectSettledInside(controller)
    }

    @Test(arguments: 0..<300)
    func twoFingersStickToTheirPhotoPoints(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &+ 10_000)
        var board = Board(size: Size(width: 1280, height: 800))
        board.add(
            Photo(
                id: PhotoID(1), size: Size(width: 400, height: 300), pixelSize: Size(width: 4000, height: 3000),
                photoToBoard: AffineTransform(center: Point(640, 400), scale: 1, rotation: random.next(in: -3...3))))
        let controller = BoardController(board: board)
        let script = TouchScript(controller)
        // Two fingers on the (turned) print, far enough apart to pinch: drawn in the photo's own
        // space, and again until they are apart.
        let photoToBoard = controller.board.photos[0].photoToBoard
        var a0 = Point.zero, b0 = Point.zero
        while a0.distance(to: b0) <= 40 {
            a0 = photoToBoard.apply(to: Point(random.next(in: -190...190), random.next(in: -140...140)))
            b0 = photoToBoard.apply(to: Point(random.next(in: -190...190), random.next(in: -140...140)))
        }
        let boardToPhoto = try #require(controller.board.photo(PhotoID(1))!.photoToBoard.inverted())
        let anchors = [boardToPhoto.apply(to: a0), boardToPhoto.apply(to: b0)]
        let turn = random.next(in: -7...7), shift = Point(random.next(in: -200...200), random.next(in: -150...150))
        // A spread that changes the fingers' distance by at least three slops, so the pinch begins.
        var spread = 1.0
        while a0.distance(to: b0) * abs(spread - 1) < 3 * GestureSettings().slop { spread = random.next(in: 0.6...3) }
        script.down(1, at: a0).down(2, at: b0, after: .milliseconds(Int64(random.next() % 30)))
        let centroid0 = (a0 + b0) / 2
        var checkedSteps = 0
        for step in 1...30 {
            let f = Double(step) / 30
            let rotation = AffineTransform(rotation: turn * f)
            let centroid = centroid0 + shift * f
            let s = 1 + (spread - 1) * f
            let a = centroid + rotation.applyToVector((a0 - centroid0) * s)
            let b = centroid + rotation.applyToVector((b0 - centroid0) * s)
            script.move([(1, a), (2, b)], after: .milliseconds(Int64(1 + random.next() % 16)))
            let photo = controller.board.photo(PhotoID(1))!
            guard script.log.contains("pinch began"), controller.visibleBounds.insetBy(1).contains(photo.center) else { continue }
            let error = max(
                photo.photoToBoard.apply(to: anchors[0]).distance(to: a), photo.photoToBoard.apply(to: anchors[1]).distance(to: b))
            #expect(error <= 0.5, "step \(step): finger off its photo point by \(error)")
            checkedSteps += 1
        }
        // Most steps are checked: the pinch begins within the first steps and the centre stays inside.
        #expect(checkedSteps >= 15, "only \(checkedSteps) of 30 steps were checked: \(script.log)")
    }
}

@Suite struct RebaseProperties {
    @Test(arguments: 0..<200)
    func fingersAddedOrLiftedNeverJumpThePhoto(seed: UInt64) {
        var random = SeededRandom(seed: seed &+ 77_000)
        var board = Board(size: Size(width: 1280, height: 800))
        board.add(
            Photo(
                id: PhotoID(1), size: Size(width: 500, height: 350), pixelSize: Size(width: 5000, height: 3500),
                photoToBoard: AffineTransform(center: Point(640, 400), scale: 1, rotation: random.next(in: -1...1))))
        let controller = BoardController(board: board)
        var time = Instant.origin
        var fingers: [UInt32: Point] = [:]
        var nextFinger: UInt32 = 1
        func corners() -> [Point] {
            let photo = controller.board.photo(PhotoID(1))!
            return photo.printBounds.corners.map(photo.photoToBoard.apply(to:))
        }
        var checkedChanges = 0
        for _ in 0..<120 {
            time += .milliseconds(Int64(1 + random.next() % 12))
            let roll = random.next() % 10
            if roll < 2 && fingers.count < 4 || fingers.isEmpty {
                // A new finger somewhere on the print.
                let photo = controller.board.photo(PhotoID(1))!
                let local = Point(random.next(in: -200...200), random.next(in: -140...140))
                let location = photo.photoToBoard.apply(to: local)
                let before = corners()
                controller.handle(TouchEvent(id: TouchID(number: nextFinger), phase: .began, location: location, time: time))
                if controller.owner(of: TouchID(number: nextFinger)) != nil { fingers[nextFinger] = location }
                nextFinger += 1
                let jump = zip(before, corners()).map { $0.distance(to: $1) }.max() ?? 0
                #expect(jump <= 0.5, "adding a finger jumped the photo by \(jump)")
                checkedChanges += 1
            } else if roll < 3 {
                let finger = fingers.keys.sorted()[Int(random.next() % UInt64(fingers.count))]
                let before = corners()
                controller.handle(TouchEvent(id: TouchID(number: finger), phase: .ended, location: fingers[finger]!, time: time))
                fingers[finger] = nil
                if fingers.isEmpty {
                    controller.advance(to: time + .seconds(30))  // let any glide finish
                    time = controller.now
                    continue
                }
                let jump = zip(before, corners()).map { $0.distance(to: $1) }.max() ?? 0
                #expect(jump <= 0.5, "lifting a finger jumped the photo by \(jump)")
                checkedChanges += 1
            } else {
                for (finger, location) in fingers {
                    let moved = location + Point(random.next(in: -12...12), random.next(in: -12...12))
                    fingers[finger] = moved
                    controller.handle(TouchEvent(id: TouchID(number: finger), phase: .moved, location: moved, time: time))
                }
            }
            controller._checkInvariants()
        }
        // Fingers are added or lifted in about a quarter of the 120 steps.
        #expect(checkedChanges >= 15, "only \(checkedChanges) finger changes were checked")
    }
}
