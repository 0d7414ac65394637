import XBoardPlatform

extension PhotoboardCommand {
    /// The decoders' settings for the options given.
    var decodeSettings: DecodeSettings {
        var settings = DecodeSettings()
        settings.managesColour = colourManagement == .on
        return settings
    }
}
