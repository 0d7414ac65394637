/// What the board tells a person as it happens, in one place: each piece of news is a notice's
/// words, topic, tone and whether it stays until dismissed, and the line standard error gets
/// for it, if any (`NoticeQueue.tell`; `BoardNewsTests`). Paths come escaped.
public enum BoardNews: Hashable, Sendable {
    /// A photo went to the clipboard (its name, when known).
    case copied(String?)
    /// Its file went, its picture could not (why).
    case copyFailed(String)
    case pasteFailed(String)
    /// A pasted or dropped picture was refused (why).
    case pictureRefused(String)
    case dropIgnored(String)
    /// A picture tapped in the picker cannot be opened (its name).
    case cannotOpen(String)
    /// Photos given to the board were all on it already.
    case alreadyOnBoard
    /// Captions were turned on and no print is large enough for its caption.
    case captionsTooSmall
    /// A picture of the board was saved at `path`.
    case exported(path: String, home: String?)
    case exportFailed(String)
    /// The board was saved as a document at `path`.
    case documentSaved(path: String, home: String?)
    case documentFailed(String)
    /// Saves of the arrangement fail: where (`folder`), why in plain words, and the whole line.
    case notSaved(folder: String?, why: String, detail: String, home: String?)

    /// The notice's words.
    public var text: String {
        switch self {
        case .copied(let name): "Copied \(name ?? "the photo")"
        case .copyFailed(let line): "Copied the file only, not its picture: \(line)"
        case .pasteFailed(let reason), .dropIgnored(let reason): reason
        case .pictureRefused(let line): "Not taken: \(line)"
        case .cannotOpen(let name): "\(name) cannot be opened"
        case .alreadyOnBoard: "Those photos are on the board already"
        case .captionsTooSmall: BoardNotices.captionsTooSmall
        case .exported(let path, let home): BoardNotices.saved(path: path, home: home, asPicture: true)
        case .exportFailed(let line): "Could not save the board: \(line)"
        case .documentSaved(let path, let home): BoardNotices.saved(path: path, home: home)
        // The line, as a sentence.
        case .documentFailed(let line): line.first.map { $0.uppercased() + line.dropFirst() } ?? line
        case .notSaved(let folder, let why, _, let home): BoardNotices.notSaved(in: folder, why: why, home: home)
        }
    }

    /// What the notice is about: a newer notice on the same topic replaces it.
    public var topic: Notice.Topic {
        switch self {
        case .copied, .copyFailed, .pasteFailed, .pictureRefused: BoardNotices.pasteTopic
        case .dropIgnored, .cannotOpen, .alreadyOnBoard: BoardNotices.dropTopic
        case .captionsTooSmall: BoardNotices.captionsTopic
        case .exported, .exportFailed, .documentSaved, .documentFailed: BoardNotices.savedTopic
        case .notSaved: BoardNotices.notSavedTopic
        }
    }

    public var tone: Notice.Tone {
        switch self {
        case .copyFailed, .pasteFailed, .pictureRefused, .dropIgnored, .exportFailed, .documentFailed, .notSaved: .problem
        case .copied, .cannotOpen, .alreadyOnBoard, .captionsTooSmall, .exported, .documentSaved: .information
        }
    }

    /// Whether the notice stays until dismissed (or withdrawn): while saves fail.
    public var isSticky: Bool {
        if case .notSaved = self { true } else { false }
    }

    /// The line standard error gets, if any.
    public var report: String? {
        switch self {
        case .copyFailed(let line): "copy: \(line)"
        case .pasteFailed(let reason): "paste: \(reason)"
        case .dropIgnored(let reason): "drop ignored: \(reason)"
        case .pictureRefused(let line), .exportFailed(let line), .documentFailed(let line): line
        case .exported(let path, _): "saved a picture of the board as \(path)"
        case .documentSaved(let path, _): "saved the board as \(path)"
        case .notSaved(_, _, let detail, _): "could not save the arrangement: \(detail)"
        case .copied, .cannotOpen, .alreadyOnBoard, .captionsTooSmall: nil
        }
    }
}
