import ArgumentParser
import SystemPackage
import XBoard

/// A path argument, read back from the escaped notation the parser is handed (`System.escapedArguments()`), so its
/// bytes are exactly those on the command line.
struct PathArgument: ExpressibleByArgument {
    var path: FilePath

    init?(argument: String) {
        guard let path = FilePath(escaped: argument) else { return nil }
        self.path = path
    }
}
