import XBoard

extension System {
    /// The command line as the kernel passed it, `argv[1...]`: bytes, not text, each in
    /// `PathEscaping`'s lossless notation.
    ///
    /// `CommandLine.arguments`, and so swift-argument-parser, decode `argv` as UTF-8 and replace
    /// what is not with U+FFFD: `caf\xe9.png` would become a name no file has. So every argument
    /// goes to the parser in the notation, and the paths come back out of it as bytes
    /// (`FilePath(escaped:)`). Options that are not paths never hold a backslash or a byte that is
    /// not UTF-8 when they are valid, so the notation leaves them as typed (`ArgumentCheck`).
    public static func escapedArguments() -> [String] {
        guard CommandLine.argc > 1 else { return [] }
        return (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { argument in
                PathEscaping.escape(UnsafeRawBufferPointer(start: argument, count: lengthOf(argument)))
            }
        }
    }

    /// The bytes before the terminating NUL.
    private static func lengthOf(_ pointer: UnsafePointer<CChar>) -> Int {
        var count = 0
        while pointer[count] != 0 { count += 1 }
        return count
    }
}
