extension SessionSettings {
    /// Takes what the environment says: `HOME` (notices show it as `~`) and
    /// `PHOTOBOARD_CONTROLS_IDLE`, how long the controls stay, in seconds: a finite number from 0,
    /// at most an hour (the end-to-end tests set 0, so the controls shown when the board opens
    /// fade at once). Any other value leaves the default.
    public mutating func read(environment: [String: String]) {
        home = environment["HOME"]
        if let idle = environment["PHOTOBOARD_CONTROLS_IDLE"].flatMap(Double.init), idle.isFinite, idle >= 0 {
            controlsIdle = .seconds(min(idle, 3600))
        }
    }
}
