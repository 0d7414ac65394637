/// What the board says in its notices, and the topics that keep one notice per subject.
public enum BoardNotices {
    /// Files that could not be opened (at start, dropped, or failing to decode).
    public static let unopenedTopic = Notice.Topic("unopened")
    /// A drop the board could not take.
    public static let dropTopic = Notice.Topic("drop")
    /// Where Ctrl+S saved the board.
    public static let savedTopic = Notice.Topic("saved")
    /// Captions were asked for (`c`) on a board where no print is large enough to show one.
    public static let captionsTopic = Notice.Topic("captions")
    /// The board has no photos.
    public static let emptyTopic = Notice.Topic("empty")
    /// What a paste brought, or why it brought nothing; what was copied.
    public static let pasteTopic = Notice.Topic("paste")
    /// The arrangement cannot be saved (while saves fail).
    public static let notSavedTopic = Notice.Topic("not saved")

    /// How many names a notice lists before "and N more".
    public static let namesListed = 3

    /// "Could not open broken.png: it is cut short" when one file could not be opened and why is
    /// known (whoever started the board from a file manager never sees standard error), else
    /// "Could not open 5 items: a.png, b.jpg, c and 2 more", naming files by their last path
    /// component; standard error has every path and reason.
    public static func unopened(_ paths: [String], reason: String? = nil) -> String {
        let names = paths.prefix(namesListed).map(BoardTitle.lastComponent(of:))
        let more = paths.count - names.count
        let listed = names.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
        if paths.count == 1, let reason, !reason.isEmpty { return "Could not open \(listed): \(reason)" }
        let subject = paths.count == 1 ? listed : "\(paths.count) items: \(listed)"
        return "Could not open \(subject) (standard error says why)"
    }

    /// "Saved the board as ~/Pictures/trip.photoboard", with the home folder as "~"; for a
    /// picture of it, "Saved a picture of the board as ~/Pictures/photoboard-….png".
    public static func saved(path: String, home: String?, asPicture: Bool = false) -> String {
        (asPicture ? "Saved a picture of the board as " : "Saved the board as ") + shown(path, home: home)
    }

    /// `path` (escaped) as notices show it: inside the home folder, from "~".
    public static func shown(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// "Could not save the arrangement in ~/.local/state/photoboard-x11/boards: no space left on
    /// the disk. Keep the board open: it tries again by itself." — what stays on the board while
    /// its saves fail, naming the `folder` (escaped; "~" for the home folder) and `why` in plain
    /// words; standard error has the whole line.
    public static func notSaved(in folder: String?, why: String, home: String?) -> String {
        let place = folder.map { " in " + shown($0, home: home) } ?? ""
        return "Could not save the arrangement\(place): \(why). Keep the board open: it tries again by itself."
    }

    /// "This board's arrangement will not be kept: cannot create the folder ~/.local/state/…:
    /// read-only file system" — when the board cannot keep anything (its state folder cannot be
    /// made, its memory file cannot be read): `problem` is the line standard error got, with
    /// the home folder shown as "~".
    public static func notKept(_ problem: String, home: String?) -> String {
        var text = problem
        if let home, !home.isEmpty, home != "/" { text = text.replacing(home + "/", with: "~/") }
        return "This board's arrangement will not be kept: \(text)"
    }

    /// What `c` says when no print is large enough on screen for its caption.
    public static let captionsTooSmall = "Captions show on prints large enough to read them — zoom in (+) or bring one up close"

    /// What an empty board says: what to do.
    public static let emptyBoard =
        "The board is empty. Drop pictures or folders here from a file manager, or press Ctrl+Z to bring back what was taken off."
}
