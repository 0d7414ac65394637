internal import CX11
import Synchronization

/// Keeps GLib's and gdk-pixbuf's own log output (`GdkPixbuf-CRITICAL **`, `WARNING **`, the
/// loaders' domains) off the terminal: one GLib log writer for the process hands each message to
/// the decode that caused it, which turns it into its file's one line — or drops it when that
/// line already says what went wrong.
///
/// GLib allows one writer per process (`g_log_set_writer_func`); `install()` sets it once.
/// Messages outside any capture (none are expected) become one line each on stderr, prefixed
/// like the board's others; debug and info messages are dropped, as GLib's default writer does.
public enum GLibLog {
    /// Messages caught so far, per capturing thread (`pthread_self()`).
    ///
    /// GLib calls the writer on the thread that logged, so a capture sees exactly the messages of
    /// the work it wraps, whatever other decoding threads log meanwhile.
    private static let captures = Mutex<[UInt: [String]]>([:])

    private static let installation: Void = {
        let writer: GLogWriterFunc = { level, fields, count, _ in
            GLibLog.write(level: level, fields: fields, count: Int(count))
            return G_LOG_WRITER_HANDLED
        }
        g_log_set_writer_func(writer, nil, nil)
    }()

    /// Installs the writer (once per process; later calls do nothing).
    public static func install() { installation }

    /// Runs `body`, catching the GLib messages it logs on this thread.
    static func capturing<T>(_ body: () throws -> T) -> (result: Result<T, any Error>, messages: [String]) {
        install()
        let thread = UInt(pthread_self())
        let outer = captures.withLock { captures in
            defer { captures[thread] = [] }
            return captures[thread]
        }
        let result = Result { try body() }
        let messages = captures.withLock { captures in
            defer { captures[thread] = outer }
            return captures[thread] ?? []
        }
        return (result, messages)
    }

    private static func write(level: GLogLevelFlags, fields: UnsafePointer<GLogField>?, count: Int) {
        let shown = G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue
        guard level.rawValue & shown != 0 else { return }  // info and debug
        var domain: String?
        var message = ""
        for index in 0..<(fields == nil ? 0 : count) {
            guard let field = fields?[index], let key = field.key, let value = field.value else { continue }
            let text: String
            if field.length < 0 {
                text = String(cString: value.assumingMemoryBound(to: CChar.self))
            } else {
                text = String(decoding: UnsafeRawBufferPointer(start: value, count: field.length), as: UTF8.self)
            }
            switch String(cString: key) {
            case "MESSAGE": message = text
            case "GLIB_DOMAIN": domain = text
            default: break
            }
        }
        let line = ((domain.map { "\($0): " } ?? "") + message).split(whereSeparator: \.isNewline).joined(separator: " ")
        let thread = UInt(pthread_self())
        let isCaptured = captures.withLock { captures in
            guard captures[thread] != nil else { return false }
            captures[thread]?.append(line)
            return true
        }
        if !isCaptured { System.printError("photoboard-x11: \(line)") }
    }
}
