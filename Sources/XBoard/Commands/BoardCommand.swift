/// What a person can ask of the board without gestures: the vocabulary of its keys, controls
/// and menus (`CommandCatalogue`, see `--help`), which the session carries out
/// (`BoardSession.perform(_:at:)`). Pure data, so every command is testable
/// without X.
public enum BoardCommand: Hashable, Sendable {
    /// Quit the board (q, Ctrl+Q, Ctrl+W).
    case quit
    /// Open the photo picker, to add photos from a folder (Ctrl+O, the Add control).
    case addPhotos
    /// Take what the clipboard holds onto the board: a picture, or files (Ctrl+V, Paste).
    case paste
    /// Put the target photo on the clipboard: its picture and its file (Ctrl+C, Copy in its menu).
    case copy
    /// Close what is open (Esc): the help panel and a pinned finger, or else leave fullscreen.
    case escape
    case toggleFullscreen
    /// Show or hide the gestures and keys on the board (? or F1).
    case toggleHelp
    /// Save the board as a picture (Ctrl+S).
    case exportPicture
    /// Save the board as a board document, `NAME.photoboard` (Ctrl+Shift+S).
    case saveDocument
    /// Show or hide the photos taken off the board, to tap one back (r).
    case toggleRemovedPhotos
    case undo
    case redo
    /// Gather every photo back into view in a tidy spread (Space, g).
    case gather
    /// Tidy every photo into a grid without overlaps, sorted by file name (t) or by date taken
    /// (Shift+T: EXIF DateTimeOriginal, else the file's time). The session's to carry out: the
    /// board knows no file names (`BoardController.tidy(order:)`).
    case tidy(byDate: Bool)
    /// Show or hide captions on the prints: file name and date taken (c). The session's own.
    case toggleCaptions
    /// Take the target photo off the board, never off the disk (Delete).
    case removeTarget
    /// Select the next photo in stacking order, top first (Tab; Shift+Tab backwards).
    case selectNext(backwards: Bool)
    /// Move the target photo one step (arrow keys); a larger step with Shift.
    case nudge(Direction, isLarge: Bool)
    /// Zoom the target photo one step about its centre (+ and −).
    case zoom(isIn: Bool)
    /// Turn the target photo one step about its centre ([ and ]).
    case turn(isClockwise: Bool)
    /// Bring the target photo up close, or back from it (a double tap; its menu).
    case closeUp
    /// Put the target photo back as first laid out (a triple tap; its menu).
    case putBack
    /// Turn the target photo upright (its menu).
    case turnUpright
    /// Show the target photo's picture at its own pixels, one to a window pixel, about the
    /// print's middle (`1`; its menu): every pixel the picture has, in tiles (issue 39).
    case actualPixels
    /// Mirror the target photos' pictures left to right, or top to bottom (`h`, `v`; the menu).
    case flip(vertically: Bool)
    /// Crop the target photo: its frame and handles, Done and Cancel (`x`; the menu).
    case crop
    /// Show the target photos' whole pictures again (Shift+X; the menu's "Reset crop").
    case resetCrop
    /// Keep what is being done (Enter): a crop.
    case confirm
    /// Show the target photos in black and white, or in colour again (`b`; the menu).
    case toggleBlackAndWhite
    /// Make the target photos one step more see-through: 75, 50, 25 %, then opaque again (`o`;
    /// the menu).
    case stepSeeThrough
    /// Say what the target photo is: name, folder, size, date taken, camera (its menu).
    case about
    /// Show every print whole in the window (Home, the Fit control): the view onto the board
    /// zooms and pans to them. The session's, which knows what the controls cover.
    case showWholeBoard
    /// Show the prints at the size they were laid out, about the window's middle (Ctrl+0).
    case showActualSize
    /// Zoom the table one step about the window's middle (Ctrl+plus and Ctrl+minus).
    case zoomTable(isIn: Bool)
    /// Select every print on the board (Ctrl+A); Esc clears the selection.
    case selectAll
    /// Pin a second finger under the pointer, for two-finger gestures with a mouse
    /// (Ctrl+right-click; a right-clicked print's menu).
    case pinFinger

    /// Where a nudge moves, on screen.
    public enum Direction: Hashable, Sendable, CaseIterable {
        case left, right, up, down

        /// One board point in this direction (y grows downwards).
        public var unit: Point {
            switch self {
            case .left: Point(x: -1, y: 0)
            case .right: Point(x: 1, y: 0)
            case .up: Point(x: 0, y: -1)
            case .down: Point(x: 0, y: 1)
            }
        }
    }
}
