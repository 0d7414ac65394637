import SystemPackage

/// A picture file as listing found it: the path to open, and the path it is remembered by
/// (absolute, links resolved), worked out once, off the board's loop.
public struct ListedFile: Hashable, Sendable {
    public var path: FilePath
    public var canonical: PathKey

    public init(path: FilePath, canonical: PathKey) {
        self.path = path
        self.canonical = canonical
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
