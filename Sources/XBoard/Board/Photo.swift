/// A print on the board: its size, where it is, and where it was first laid out.
///
/// The photo's own space is centred on the print's middle, with the picture spanning
/// `size` (its size at scale 1, in board points). The placement is `photoToBoard` alone:
/// centre, scale and rotation are read from it, never stored twice (as Kivy's scatter).
public struct Photo: Hashable, Sendable, Identifiable {
    public var id: PhotoID
    /// The whole picture's size at scale 1, in board points, however it is cropped.
    public var pictureSize: Size
    /// The decoded image's native size in pixels; bounds how far zooming makes sense.
    public var pixelSize: Size
    /// From the photo's centred space to board points.
    public var photoToBoard: AffineTransform
    /// The placement it was first laid out with; triple tap animates back to it.
    public var initialPhotoToBoard: AffineTransform
    /// How the print shows its picture: flipped, in black and white, see-through (never the file).
    public var edits = PrintEdits.none

    public init(id: PhotoID, size: Size, pixelSize: Size, photoToBoard: AffineTransform) {
        self.id = id
        self.pictureSize = size
        self.pixelSize = pixelSize
        self.photoToBoard = photoToBoard
        self.initialPhotoToBoard = photoToBoard
    }

    /// The picture the print shows at scale 1, in board points (the print border lies outside
    /// it): the part its crop keeps (all of it, uncropped). Set, it sizes the whole picture so
    /// the crop comes to this.
    public var size: Size {
        get {
            let crop = edits.crop.size
            return crop == PrintEdits.wholePicture.size
                ? pictureSize : Size(width: pictureSize.width * crop.width, height: pictureSize.height * crop.height)
        }
        set {
            let crop = edits.crop.size
            pictureSize =
                crop == PrintEdits.wholePicture.size
                ? newValue : Size(width: newValue.width / crop.width, height: newValue.height / crop.height)
        }
    }

    /// Width of the white print border, in the photo's own units (it scales with the print).
    /// At least 2 points, for the whole picture: a cropped print's floor is its part of that, so a
    /// print cropped small and zoomed in has the border of an uncropped print its size.
    public var borderWidth: Double {
        let crop = edits.crop.size
        return max(2 * min(crop.width, crop.height), size.shortEdge * 0.035)
    }

    /// The print's outline (picture plus border) in the photo's own space.
    public var printBounds: Rect { Rect(printOutlineOf: size, borderWidth: borderWidth) }

    /// Where the print's middle is, in board points.
    public var center: Point { photoToBoard.center }
    public var scale: Double { photoToBoard.scale }
    public var rotation: Double { photoToBoard.rotation }

    /// The axis-aligned board rectangle covering the print as drawn.
    public var boardBounds: Rect { Rect.bounding(printBounds.corners.map(photoToBoard.apply(to:))) }

    /// The largest scale worth zooming to: the configured maximum, or more if the picture only
    /// reaches its native resolution beyond that — and then four times past it, so fingers can
    /// take a picture past its own pixels and see each as a square (issue 39), as they could
    /// the table.
    public func maximumScale(settings: MotionSettings) -> Double {
        let native = pictureSize.longEdge > 0 ? pixelSize.longEdge / pictureSize.longEdge : 1
        return max(settings.maximumScale, native > settings.maximumScale ? native * Self.pastOwnPixels : native, settings.minimumScale)
    }

    /// How far past its own pixels a picture larger than the configured maximum may be zoomed.
    public static let pastOwnPixels = 4.0

    /// `scale` limited to what the settings allow for this photo.
    public func clampScale(_ scale: Double, settings: MotionSettings) -> Double {
        guard scale.isFinite else { return self.scale }
        return min(max(scale, settings.minimumScale), maximumScale(settings: settings))
    }
}
