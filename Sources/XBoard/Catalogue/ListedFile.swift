import SystemPackage

/// A picture file as listing found it: the path to open, and the path it is remembered by
/// (absolute, links resolved), worked out once, off the board's loop; and, when its header was
/// read then, its picture's size.
public struct ListedFile: Hashable, Sendable {
    public var path: FilePath
    public var canonical: PathKey
    /// The picture's size, upright, in pixels, as its file's header declares it (its print is
    /// laid out from this before it decodes); `nil` when not read.
    public var declaredSize: Size?

    public init(path: FilePath, canonical: PathKey, declaredSize: Size? = nil) {
        self.path = path
        self.canonical = canonical
        self.declaredSize = declaredSize
    }
}

/// What listing the command line's paths, or a drop's, found: the files to open, in order, and
/// the problems of the paths that gave none.
public struct FileListing: Sendable {
    public var files: [ListedFile]
    public var problems: [Problem]

    public init(files: [ListedFile] = [], problems: [Problem] = []) {
        self.files = files
        self.problems = problems
    }
}
