import ArgumentParser
import XBoard

/// `--geometry WIDTHxHEIGHT`, read by the core (`WindowGeometry(argument:)`).
extension WindowGeometry: ExpressibleByArgument {
    public var defaultValueDescription: String { description }
}
