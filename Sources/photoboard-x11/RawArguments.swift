import SystemPackage
import XBoard

/// The command line as the kernel passed it: bytes, not text.
///
/// `CommandLine.arguments`, and so swift-argument-parser, decode `argv` as UTF-8 and replace what
/// is not with U+FFFD: `caf\xe9.png` would become a name no file has. So every argument goes to
/// the parser in `PathEscaping`'s lossless notation, and the paths come back out of it as bytes
/// (`PathArgument`). Options that are not paths never hold a backslash or a byte that is not
/// UTF-8 when they are valid, so the notation leaves them as typed.
enum RawArguments {
    /// `argv[1...]`, each escaped.
    static func escaped() -> [String] {
        guard CommandLine.argc > 1 else { return [] }
        return (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { argument in
                PathEscaping.escape(UnsafeRawBufferPointer(start: argument, count: strlenOf(argument)))
            }
        }
    }

    private static func strlenOf(_ pointer: UnsafePointer<CChar>) -> Int {
        var count = 0
        while pointer[count] != 0 { count += 1 }
        return count
    }
}
