/// What a person changed about how a print shows its picture, never written to the picture's
/// file (issue 40): cropped, mirrored left–right or top–bottom, in black and white, see-through.
///
/// The crop is the part of the picture the print shows, a rectangle in the picture's own unit
/// square (as its pixels lie, before the flips): the print's picture is that part, so its size
/// on the board (`Photo.size`) is the crop's, and everything that reads a print's size — hit
/// tests, layouts, bounds — reads the print as it shows.
///
/// The flips mirror the picture within the print, about its centre and in its own axes: a print
/// turned 30° stays turned 30°, its picture mirrored as it lies. The border, the shadow and the
/// caption are the print's and do not mirror.
public struct PrintEdits: Hashable, Sendable {
    /// Mirrored left to right.
    public var flipsHorizontally = false
    /// Mirrored top to bottom.
    public var flipsVertically = false
    /// Its pixels shown as their luminance (Rec. 709 weights on the display's values).
    public var isBlackAndWhite = false
    /// How much of the print covers what lies under it: one of `opacitySteps`.
    public var opacity = 1.0
    /// The part of the picture shown, in its unit square (`wholePicture` for all of it).
    public var crop = Self.wholePicture

    public init(
        flipsHorizontally: Bool = false, flipsVertically: Bool = false, isBlackAndWhite: Bool = false, opacity: Double = 1,
        crop: Rect = Self.wholePicture
    ) {
        self.flipsHorizontally = flipsHorizontally
        self.flipsVertically = flipsVertically
        self.isBlackAndWhite = isBlackAndWhite
        self.opacity = opacity
        self.crop = crop
    }

    /// The whole picture, as a crop.
    public static let wholePicture = Rect(x: 0, y: 0, width: 1, height: 1)

    /// The smallest part of a picture's edge a crop keeps.
    public static let smallestCrop = 0.02

    /// Whether the print shows less than its whole picture.
    public var isCropped: Bool { crop != Self.wholePicture }

    /// `crop` when it is one (finite, at least `smallestCrop` on each side, within the unit
    /// square, allowing for rounding), snapped into the square; else `nil`.
    public static func checkedCrop(_ crop: Rect) -> Rect? {
        let values = [crop.minX, crop.minY, crop.size.width, crop.size.height]
        let slack = 1e-9
        guard values.allSatisfy(\.isFinite), crop.size.width >= smallestCrop - slack, crop.size.height >= smallestCrop - slack,
            crop.minX >= -slack, crop.minY >= -slack, crop.maxX <= 1 + slack, crop.maxY <= 1 + slack
        else { return nil }
        let x = min(max(crop.minX, 0), 1), y = min(max(crop.minY, 0), 1)
        return Rect(x: x, y: y, width: min(crop.size.width, 1 - x), height: min(crop.size.height, 1 - y))
    }

    /// No edit: the picture as its file holds it.
    public static let none = PrintEdits()

    /// The see-through steps, as the menu and the key go through them: opaque, then three quarters,
    /// half and a quarter, then opaque again.
    public static let opacitySteps = [1.0, 0.75, 0.5, 0.25]

    /// Whether the print hides what lies under it.
    public var isOpaque: Bool { opacity >= 1 }

    /// The next see-through step after this one.
    public var nextOpacity: Double {
        let index = Self.opacitySteps.firstIndex { abs($0 - opacity) < 0.01 } ?? 0
        return Self.opacitySteps[(index + 1) % Self.opacitySteps.count]
    }

    /// The step nearest to `value` (a remembered opacity read back), or `nil` for a value that is
    /// no opacity (outside 0–1, not a number).
    public static func opacityStep(nearest value: Double) -> Double? {
        guard value.isFinite, value >= 0, value <= 1 else { return nil }
        return opacitySteps.min { abs($0 - value) < abs($1 - value) }
    }

    /// The whole picture's own space (centred on its middle, spanning `pictureSize`) → the
    /// print's (centred on the crop's middle): the crop's offset, then the flips.
    public func pictureToPrint(pictureSize: Size) -> AffineTransform {
        let offset = cropOffset(in: pictureSize)
        let x = flipsHorizontally ? -1.0 : 1.0, y = flipsVertically ? -1.0 : 1.0
        return AffineTransform(a: x, b: 0, c: 0, d: y, tx: -offset.x * x, ty: -offset.y * y)
    }

    /// The crop's middle in the whole picture's centred space, for a picture of `pictureSize`.
    public func cropOffset(in pictureSize: Size) -> Point {
        Point(x: (crop.center.x - 0.5) * pictureSize.width, y: (crop.center.y - 0.5) * pictureSize.height)
    }

    /// Whether the picture is mirrored at all.
    public var flips: Bool { flipsHorizontally || flipsVertically }
}

extension Photo {
    /// The whole picture's own space (centred, as its pixels lie) → the board: its crop and
    /// flips, then the print's placement. What finds the part of the picture a window shows (tiles).
    public var pictureToBoard: AffineTransform {
        edits.flips || edits.isCropped ? edits.pictureToPrint(pictureSize: pictureSize).concatenating(photoToBoard) : photoToBoard
    }

    /// The photo showing the part `crop` of its picture, the picture left where it lies on the
    /// board (and where it was first laid out): the print shrinks or grows about it, keeping its
    /// turn, flips and scale.
    public func cropped(to crop: Rect) -> Photo {
        var photo = self
        photo.edits.crop = crop
        let move = edits.pictureToPrint(pictureSize: pictureSize).applyToVector(
            photo.edits.cropOffset(in: pictureSize) - edits.cropOffset(in: pictureSize))
        photo.photoToBoard = photoToBoard.withCenter(photoToBoard.apply(to: move))
        photo.initialPhotoToBoard = initialPhotoToBoard.withCenter(initialPhotoToBoard.apply(to: move))
        return photo
    }
}
