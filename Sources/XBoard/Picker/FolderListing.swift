import SystemPackage

/// One folder as the photo picker shows it: its sub-folders and its pictures, each sorted by
/// name as a file manager sorts them, or why it could not be read.
public struct FolderListing: Sendable {
    public var folder: FilePath
    public var subfolders: [FilePath]
    public var pictures: [ListedFile]
    /// Why the folder could not be read, in a few words; `nil` when it was.
    public var problem: String?

    public init(folder: FilePath, subfolders: [FilePath] = [], pictures: [ListedFile] = [], problem: String? = nil) {
        self.folder = folder
        self.subfolders = subfolders
        self.pictures = pictures
        self.problem = problem
    }
}

/// A thumbnail the picker wants: which picture, at most how large.
public struct ThumbnailRequest: Hashable, Sendable {
    public var id: ThumbnailID
    public var path: FilePath
    public var maximumLongEdge: Int
    /// The picture, absolute with links resolved: what names it in the shared thumbnail cache.
    public var canonical: FilePath?

    public init(id: ThumbnailID, path: FilePath, maximumLongEdge: Int, canonical: FilePath? = nil) {
        self.id = id
        self.path = path
        self.maximumLongEdge = maximumLongEdge
        self.canonical = canonical
    }
}
