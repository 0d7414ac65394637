import SystemPackage

/// Tunables of a board session, with their units.
public struct SessionSettings: Sendable {
    /// The display's refresh interval: the one frame clock of the board (glides, settles and
    /// notices' fades are stepped at it).
    public var frameInterval: Duration = .microseconds(16_667)
    /// How long the board must rest before its arrangement is saved.
    public var autosaveDelay: Duration = .seconds(1)
    /// After a save failed, how long until the board tries again by itself; each failure in a
    /// row doubles the wait, up to `longestSaveRetry` (`SaveStatus`).
    public var saveRetry: Duration = .seconds(2)
    public var longestSaveRetry: Duration = .seconds(30)
    /// How often the loading indicator is redrawn while photos are still opening.
    public var loadingTick: Duration = .milliseconds(250)
    /// While photos arrive and nobody is at the board, how often frames show what arrived: ten
    /// thousand pictures arriving 64 a turn made a frame of every turn, and the X server drawing
    /// them took the processors the decoders and the loop needed.
    public var arrivalFrameInterval: Duration = .milliseconds(100)
    /// While the view moves on a board of more prints than this (and no print is held), a frame
    /// shows a snapshot of the table scaled and moved with the view (`DisplayItem.tableSnapshot`)
    /// instead of every print; smaller boards draw each print as a draft.
    public var tableSnapshotMinimum = 400
    /// How long after a touch, a click or a key the board counts as in someone's hands.
    public var inputQuiet: Duration = .milliseconds(300)
    /// How many decodes run at once (for the loading indicator's estimate).
    public var decodeWorkers = 1
    /// The seed of the first layout.
    public var seed: UInt64 = 1
    /// Whether photos may be decoded from, and make, the shared thumbnail cache (the platform
    /// has a usable one).
    public var usesThumbnails = false
    /// The home folder, which notices show as `~`.
    public var home: String?
    /// The same as a path (the picker's path bar starts there).
    public var homeFolder: FilePath? { home.flatMap { FilePath(bytes: Array($0.utf8)) } }
    /// The folder the photo picker opens first: the Pictures folder of `user-dirs.dirs`.
    public var picturesFolder: FilePath?
    /// How long the controls stay after the last touch or pointer near them, and how long
    /// they take to fade.
    public var controlsIdle: Duration = .seconds(3)
    public var controlsFade: Duration = .milliseconds(300)

    public init() {}
}
