import Testing
import XBoard

@Suite struct TidyLayoutTests {
    /// Prints of mixed shapes: landscape, portrait, square, panorama.
    static func printSizes(_ count: Int) -> [Size] {
        let shapes = [
            Size(width: 160, height: 120), Size(width: 90, height: 120), Size(width: 100, height: 100), Size(width: 300, height: 100),
        ]
        return (0..<count).map { shapes[$0 % shapes.count] }
    }

    @Test(arguments: [
        (1, Size(width: 1280, height: 800)), (7, Size(width: 1280, height: 800)), (20, Size(width: 1920, height: 1080)),
        (100, Size(width: 800, height: 1280)), (1000, Size(width: 1920, height: 1080)), (1000, Size(width: 3840, height: 2160)),
    ])
    func everyPrintLiesUprightInsideTheBoardAndNoTwoOverlap(count: Int, board: Size) {
        let sizes = Self.printSizes(count)
        let layout = TidyLayout(printSizes: sizes, boardSize: board)
        #expect(layout.columns * layout.rows >= count && layout.columns * (layout.rows - 1) < count)
        let bounds = sizes.enumerated().map { index, size in
            let placement = layout.placement(at: index, printSize: size)
            #expect(placement.rotation == 0)
            return Rect.bounding(
                Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height).corners.map(placement.apply(to:)))
        }
        let board = Rect(origin: .zero, size: board)
        for (index, rect) in bounds.enumerated() {
            #expect(board.contains(rect.origin) && rect.maxX <= board.maxX && rect.maxY <= board.maxY, "\(index) at \(rect)")
            #expect(rect.size.width > 0.5 * 0.86 * layout.cellSize.shortEdge, "\(index) is \(rect.size), its cell \(layout.cellSize)")
        }
        // Neighbours in a row and a column never meet: each print stays inside its own cell.
        for (index, rect) in bounds.enumerated() {
            let column = Double(index % layout.columns), row = Double(index / layout.columns)
            let cell = Rect(
                x: board.size.shortEdge * 0.02 + column * layout.cellSize.width,
                y: board.size.shortEdge * 0.02 + row * layout.cellSize.height,
                width: layout.cellSize.width, height: layout.cellSize.height)
            #expect(cell.insetBy(-1e-6).contains(rect.origin) && rect.maxX <= cell.maxX + 1e-6 && rect.maxY <= cell.maxY + 1e-6)
        }
    }

    @Test func theOrderGivenReadsLeftToRightThenTopToBottom() {
        let sizes = Self.printSizes(12)
        let layout = TidyLayout(printSizes: sizes, boardSize: Size(width: 1280, height: 800))
        let centers = sizes.indices.map { layout.placement(at: $0, printSize: sizes[$0]).center }
        for index in 1..<centers.count {
            let sameRow = index % layout.columns != 0
            if sameRow {
                #expect(centers[index].x > centers[index - 1].x && centers[index].y == centers[index - 1].y)
            } else {
                #expect(centers[index].y > centers[index - 1].y)
            }
        }
    }

    @Test func aWideBoardGetsMoreColumnsThanATallOne() {
        let sizes = Self.printSizes(24)
        #expect(
            TidyLayout(printSizes: sizes, boardSize: Size(width: 1920, height: 600)).columns
                > TidyLayout(printSizes: sizes, boardSize: Size(width: 600, height: 1920)).columns)
    }
}
