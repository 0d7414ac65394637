extension PictureFormat {
    /// The MIME types programs offer this format's bytes as (lower case; the registered one
    /// first, then the names GTK's and browsers' clipboards also use).
    public var mimeTypes: [String] {
        switch self {
        case .png: ["image/png"]
        case .jpeg: ["image/jpeg", "image/jpg", "image/pjpeg"]
        case .gif: ["image/gif"]
        case .webp: ["image/webp"]
        case .tiff: ["image/tiff"]
        case .bmp: ["image/bmp", "image/x-bmp", "image/x-ms-bmp"]
        case .heif: ["image/heif", "image/heic"]
        case .avif: ["image/avif"]
        case .ico: ["image/vnd.microsoft.icon", "image/x-icon", "image/x-ico"]
        }
    }

    /// The file extension a picture of this format is stored with (lower case, no dot).
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .gif: "gif"
        case .webp: "webp"
        case .tiff: "tiff"
        case .bmp: "bmp"
        case .heif: "heic"
        case .avif: "avif"
        case .ico: "ico"
        }
    }

    /// Every file extension this format's files go by (lower case, no dot).
    public var fileExtensions: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg", "jpe", "jfif"]
        case .png: ["png"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .tiff: ["tif", "tiff"]
        case .bmp: ["bmp", "dib"]
        case .heif: ["heic", "heif"]
        case .avif: ["avif"]
        case .ico: ["ico", "cur"]
        }
    }

    /// The extensions of every photo format.
    public static var fileExtensions: Set<String> { Set(allCases.flatMap(\.fileExtensions)) }
}
