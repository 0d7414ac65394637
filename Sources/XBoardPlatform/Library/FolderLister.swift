import Foundation
import SystemPackage
import XBoard

/// Lists folders for the photo picker, off the loop: a folder's sub-folders and its pictures
/// (by extension, as folders on the command line are listed), each sorted by name, hidden ones
/// left out, with each picture's canonical path.
public final class FolderLister: Sendable {
    private let worker: SerialWorker<SessionEvent>

    public init() throws {
        worker = try SerialWorker(name: "photoboard-picker")
    }

    public var wakeFileDescriptor: Int32 { worker.wakeFileDescriptor }

    public func takeResults() -> [SessionEvent] { worker.takeResults() }

    public func list(_ folder: FilePath) {
        worker.submit { .folderListed(Self.listing(of: folder)) }
    }

    public func stop() { worker.stop() }

    static func listing(of folder: FilePath) -> FolderListing {
        let entries: [System.DirectoryEntry]
        switch System.directoryListing(folder) {
        case .success(let listed): entries = listed
        case .failure(let problem): return FolderListing(folder: folder, problem: "\(folder.escaped): \(problem)")
        }
        var subfolders: [(name: [UInt8], path: FilePath)] = [], pictures: [(name: [UInt8], path: FilePath)] = []
        for entry in entries where entry.name.first != UInt8(ascii: ".") {
            guard entry.kind != .regular || PictureFiles.hasPictureExtension(entry.name),
                let name = FilePath.Component(bytes: entry.name)
            else { continue }
            let path = folder.appending(name)
            switch System.fileInfo(path) {
            case .success(let info) where info.kind == .directory: subfolders.append((entry.name, path))
            case .success(let info) where info.kind == .regular && PictureFiles.hasPictureExtension(entry.name):
                pictures.append((entry.name, path))
            default: break
            }
        }
        subfolders.sort { NameOrder.isOrderedBefore($0.name, $1.name) }
        pictures.sort { NameOrder.isOrderedBefore($0.name, $1.name) }
        return FolderListing(
            folder: folder, subfolders: subfolders.map(\.path),
            pictures: pictures.map { ListedFile(path: $0.path, canonical: PathKey(System.canonicalPath($0.path))) })
    }

    /// Where the picker starts: the Pictures folder `user-dirs.dirs` names (in
    /// `$XDG_CONFIG_HOME`, else `~/.config`), else `~/Pictures`, else the home folder.
    public static func picturesFolder(environment: [String: String]) -> FilePath? {
        guard let homeText = environment["HOME"], !homeText.isEmpty else { return nil }
        let home = FilePath(homeText)
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? FilePath($0) : nil } ?? home.appending(".config")
        // Followed if it is a link (dotfiles are often links); a file that large is no user-dirs.dirs.
        if let data = FileManager.default.contents(atPath: config.appending("user-dirs.dirs").string), data.count <= 64 * 1024,
            let named = UserDirs.folder("PICTURES", in: String(decoding: data, as: UTF8.self), home: home), System.isDirectory(named)
        {
            return named
        }
        let pictures = home.appending("Pictures")
        return System.isDirectory(pictures) ? pictures : home
    }
}

/// Decodes the photo picker's thumbnails in confined helpers of their own (the board's keep
/// decoding the board's photos meanwhile), started when the picker first asks, and gives them
/// to the painter. Through the shared thumbnail cache, as the board's photos: a folder a file
/// manager has shown already has its thumbnails, and those the picker makes serve them too.
public final class ThumbnailPump {
    private var pump: DecodePump?
    private let helperExecutable: FilePath?
    private let settings: DecodeSettings
    private let cache: ThumbnailCache?
    /// The display's profile, which thumbnails are converted to as the board's photos are.
    private var displayProfile: DisplayProfile?

    /// - Parameters:
    ///   - helperExecutable: as `PhotoDecoder`'s (tests pass the board's binary).
    ///   - thumbnails: the shared thumbnail cache, if there is one to use.
    public init(settings: DecodeSettings = DecodeSettings(), helperExecutable: FilePath? = nil, thumbnails: ThumbnailCache? = nil) {
        self.settings = settings
        self.helperExecutable = helperExecutable
        cache = thumbnails
    }

    /// Converts thumbnails decoded from now on to `profile`.
    public func setDisplayProfile(_ profile: DisplayProfile?) {
        displayProfile = profile
        _ = pump?.decoder.setDisplayProfile(profile)
    }

    public var wakeFileDescriptor: Int32? { pump?.wakeFileDescriptor }

    public func submit(_ requests: [ThumbnailRequest]) throws {
        if pump == nil {
            let decoder = try PhotoDecoder(settings: settings, helperExecutable: helperExecutable, thumbnails: cache)
            _ = decoder.setDisplayProfile(displayProfile)
            pump = DecodePump(decoder: decoder)
        }
        // A tile shows its picture at its own size.
        pump?.submit(
            requests.map {
                DecodeRequest(
                    photo: $0.id.pictureKey, path: $0.path, wanted: $0.maximumLongEdge, shown: Double($0.maximumLongEdge),
                    canonical: cache == nil ? nil : $0.canonical)
            })
    }

    /// The thumbnails finished since the last call, each uploaded by `upload` first.
    public func takeResults(upload: (DecodedImage, ThumbnailID) throws -> Void) -> [ThumbnailID: Bool] {
        guard let pump else { return [:] }
        var results: [ThumbnailID: Bool] = [:]
        for report in pump.takeReports(limit: 32, upload: { image, request in try upload(image, ThumbnailID(-1 - request.photo.rawValue)) })
        {
            let id = ThumbnailID(-1 - report.request.photo.rawValue)
            if case .decoded = report.outcome { results[id] = true } else { results[id] = false }
        }
        return results
    }

    public func stop() { pump?.decoder.stop() }
}
