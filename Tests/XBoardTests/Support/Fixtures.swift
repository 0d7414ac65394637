import XBoard

extension Point {
    init(_ x: Double, _ y: Double) { self.init(x: x, y: y) }
}

enum Fixtures {
    /// A 1000×800 board with one upright 200×100 photo centred at (500, 400), scale 1.
    static func singlePhotoBoard(settings: BoardSettings = BoardSettings()) -> BoardController {
        var board = Board(size: Size(width: 1000, height: 800))
        board.add(
            Photo(
                id: PhotoID(1), size: Size(width: 200, height: 100), pixelSize: Size(width: 2000, height: 1000),
                photoToBoard: AffineTransform(center: Point(500, 400), scale: 1, rotation: 0)))
        return BoardController(board: board, settings: settings)
    }

    /// Photo 1 at (300, 300) and photo 2 at (700, 500), both 200×100, upright; 2 on top.
    static func twoPhotoBoard() -> BoardController {
        var board = Board(size: Size(width: 1000, height: 800))
        for (number, center) in [(1, Point(300, 300)), (2, Point(700, 500))] {
            board.add(
                Photo(
                    id: PhotoID(number), size: Size(width: 200, height: 100), pixelSize: Size(width: 2000, height: 1000),
                    photoToBoard: AffineTransform(center: center, scale: 1, rotation: 0)))
        }
        return BoardController(board: board)
    }
}
