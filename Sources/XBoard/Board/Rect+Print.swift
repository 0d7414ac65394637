extension Rect {
    /// A print's outline in the photo's own space: the picture of `pictureSize`, centred on the
    /// origin, with a border of `borderWidth` around it. Hit testing, damage and drawing all use
    /// this one outline.
    public init(printOutlineOf pictureSize: Size, borderWidth: Double) {
        self.init(centeredSize: Size(width: pictureSize.width + 2 * borderWidth, height: pictureSize.height + 2 * borderWidth))
    }
}
