/// Tunables of the loop around the board, with their units.
struct LoopSettings {
    /// How long the board must rest before its arrangement is saved.
    var autosaveDelay: Duration = .seconds(1)
    /// How often the loading indicator is redrawn while photos are still opening.
    var loadingTick: Duration = .milliseconds(250)
    /// How long the listing of the command line's folders may take before the window opens
    /// without it (the listing goes on behind it): short enough to feel at once.
    var listingGrace: Duration = .milliseconds(100)
}
