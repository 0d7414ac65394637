import Testing

@testable import XBoardPlatform

@Suite struct XResourcesTests {
    @Test(arguments: [
        ("Xft.dpi:\t192\nXft.antialias:\t1\n", 2.0),
        ("Xft.antialias: 1\nXft.dpi: 144", 1.5),
        ("Xft.dpi: 96", 1.0),
        ("Xft.dpi: 20", 0.5),
        ("Xft.dpi: 9000", 4.0),
        ("Xft.dpi: nan", 1.0),
        ("Xft.dpi: -5", 1.0),
        ("Xcursor.size: 48", 1.0),
        ("", 1.0),
    ])
    func theUIScaleIsXftDpiOver96WithinLimits(resources: String, scale: Double) {
        #expect(X11Window.uiScale(resources: resources) == scale)
    }
}
