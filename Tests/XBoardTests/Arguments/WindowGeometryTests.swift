import Testing
import XBoard

@Suite struct WindowGeometryTests {
    @Test(arguments: [
        ("1280x800", Size(width: 1280, height: 800)), ("1X1", Size(width: 1, height: 1)),
        ("16384x16384", Size(width: 16384, height: 16384)), ("0400x0300", Size(width: 400, height: 300)),
        ("+5x5", Size(width: 5, height: 5)),
    ])
    func aSizeIsRead(argument: String, size: Size) throws {
        #expect(try #require(WindowGeometry(argument: argument)).size == size)
    }

    @Test(arguments: [
        "", "x", "1280", "1280x", "x800", "0x800", "1280x0", "-5x20", "16385x10", "10x16385", "1x2x3", "1.5x2", " 1x2", "1 x2", "axb",
        "１x1",
    ])
    func anythingElseIsNot(argument: String) {
        #expect(WindowGeometry(argument: argument) == nil)
    }

    @Test func itIsWrittenAsTyped() {
        #expect(WindowGeometry(width: 1920, height: 1080).description == "1920x1080")
        #expect(WindowGeometry.export == WindowGeometry(width: 1280, height: 800))
        #expect(WindowGeometry(argument: WindowGeometry.export.description) == .export)
    }
}
