/// Tunables of the loop around the board, with their units.
struct LoopSettings {
    /// How long the board must rest before its arrangement is saved.
    var autosaveDelay: Duration = .seconds(1)
    /// How often the loading indicator is redrawn while photos are still opening.
    var loadingTick: Duration = .milliseconds(250)
}
