import Testing
import XBoard

@Suite struct SessionSettingsEnvironmentTests {
    static func read(_ environment: [String: String]) -> SessionSettings {
        var settings = SessionSettings()
        settings.read(environment: environment)
        return settings
    }

    @Test func theHomeFolderIsTaken() {
        #expect(Self.read(["HOME": "/home/ann"]).home == "/home/ann")
        #expect(Self.read([:]).home == nil)
    }

    @Test(arguments: [
        ("0", Duration.zero), ("1.5", .milliseconds(1500)), ("3600", .seconds(3600)), ("7200", .seconds(3600)),
        ("-1", .seconds(3)), ("inf", .seconds(3)), ("nan", .seconds(3)), ("soon", .seconds(3)), ("", .seconds(3)),
    ])
    func theControlsStayAsLongAsTheEnvironmentSays(value: String, idle: Duration) {
        #expect(Self.read(["PHOTOBOARD_CONTROLS_IDLE": value]).controlsIdle == idle)
    }
}
