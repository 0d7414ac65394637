import ArgumentParser
import XBoard

/// The core's table of options (`CommandLineOption`) as the argument parser declares them.
extension NameSpecification {
    /// The names `option` has: its letter first, when it has one (`-r, --recursive`), then its
    /// long name.
    static func names(of option: CommandLineOption) -> NameSpecification {
        let letter: [NameSpecification.Element] = option.short.map { [.customShort($0)] } ?? []
        return NameSpecification(letter + [.customLong(option.long)])
    }
}

extension ArgumentHelp {
    /// `option`'s help line, and what stands for its value.
    init(_ option: CommandLineOption) {
        self.init(option.help, valueName: option.valueName)
    }
}
