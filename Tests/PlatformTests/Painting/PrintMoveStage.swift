import Foundation
import XBoard
import XBoardPlatform
import XorgHarness

/// A real X server, a window on it, the painter, and a board of photos with a close-up on top.
final class PrintMoveStage {
    let server: XorgServer
    let reader: ScreenReader
    // Let go before the server stops (Xlib ends the process when its server goes).
    private(set) var window: X11Window!
    private(set) var painter: CairoPainter!
    var board: Board
    let scene = SceneBuilder()
    let closeUp = PhotoID(12)

    init(width: Int = 1600, height: Int = 1000, closeUpWidth: Double = 1000, rotation: Double) throws {
        server = try XorgServer(width: width, height: height)
        reader = try ScreenReader(displayName: server.displayName)
        let size = Size(width: Double(width), height: Double(height))
        window = try X11Window(displayName: server.displayName, size: size, title: "moves", applicationClass: "Moves")
        painter = try CairoPainter(window: window)
        board = Board(size: size)
        let pixelSize = Size(width: 800, height: 600)
        for (index, photo) in Board.tossedLayout(pixelSizes: Array(repeating: pixelSize, count: 12), boardSize: size, seed: 9).enumerated()
        {
            board.add(photo)
            try painter.setPicture(picture(seed: index, size: pixelSize), for: photo.id)
        }
        let scale = closeUpWidth / 800
        board.add(
            Photo(
                id: closeUp, size: pixelSize, pixelSize: pixelSize,
                photoToBoard: AffineTransform(center: Point(x: size.width / 2, y: size.height / 2), scale: scale, rotation: rotation)))
        try painter.setPicture(picture(seed: 99, size: pixelSize), for: closeUp)
    }

    deinit {
        painter = nil
        window = nil
        reader.close()
        server.stop()
    }

    /// A picture with detail everywhere (so a misplaced pixel shows): noise over two colours.
    func picture(seed: Int, size: Size) throws -> DecodedImage {
        let path = server.directory.appendingPathComponent("picture-\(seed).jpg").path
        try TestPhotos.writeJPEG(
            to: path, width: Int(size.width), height: Int(size.height), left: 0x80_4020 &+ UInt32(seed * 0x0A0B0C),
            right: 0x20_6090 &+ UInt32(seed * 0x050607), noise: 60)
        return try ImageLoader.load(path: path, maximumLongEdge: Int(size.longEdge)).image
    }

    static func print(_ id: PhotoID, in list: DisplayList) -> PrintItem? {
        for case .print(let print) in list.items where print.photo == id { return print }
        return nil
    }

    var center: Point { board.photo(closeUp)?.center ?? .zero }

    /// The board's list with the close-up moving or not, the help panel (over the middle of
    /// the board) when `help`, and `overlays` on top.
    func list(moving: Bool, help: Bool = false, overlays: [DisplayItem] = []) -> DisplayList {
        var list = scene.build(board, moving: moving ? [closeUp] : [])
        if help { list.items.append(.panel(scene.overlayLayout(for: board.size).help(scene.help))) }
        list.items += overlays
        return list
    }

    func place(_ center: Point, scale: Double? = nil, rotation: Double? = nil) {
        guard let photo = board.photo(closeUp) else { return }
        board.setTransform(
            AffineTransform(center: center, scale: scale ?? photo.scale, rotation: rotation ?? photo.rotation), of: closeUp)
    }

    func settle() { painter.settle(in: window) }

    func screen() throws -> Screenshot {
        painter.finish()
        return try reader.screenshot()
    }

    /// The same list painted afresh (every layer drawn anew from the same sprites).
    func fresh(_ list: DisplayList) throws -> Screenshot {
        painter.invalidate()
        painter.paint(list)
        settle()
        return try screen()
    }

    /// Turns the close-up by `angle` radians a step, `steps` times (one frame each, held).
    func twist(by angle: Double, steps: Int) {
        for _ in 0..<steps {
            place(center, rotation: (board.photo(closeUp)?.rotation ?? 0) + angle)
            painter.paint(list(moving: true))
            settle()
        }
    }

    /// Drags the close-up by `steps` (one frame each), settling between frames as a
    /// hesitating finger lets the board do.
    func drag(_ steps: [Point], help: Bool = false, overlays: [DisplayItem] = [], between: () -> Void = {}) {
        for step in steps {
            place(center + step)
            painter.paint(list(moving: true, help: help, overlays: overlays))
            between()
            settle()
        }
    }
}
