import SystemPackage
import XBoard

/// Decodes one picture at a time in a confined helper (`HelperProcess`), synchronously — for
/// work done on a worker thread, off the loop: checking pasted or dropped bytes before they are
/// kept (`PastedPictures`), and decoding a print's original to copy it (`PictureCopy`).
///
/// The helper is started on first use and replaced after it misbehaves, dies or runs out of
/// time; it ends with this object. Not shared between threads: one owner.
public final class ConfinedDecoder {
    private let settings: DecodeSettings
    private let executable: FilePath
    private var helper: HelperProcess?
    private var nextID: UInt64 = 0

    /// - Parameter helperExecutable: the binary to start the helper from; by default this
    ///   process's own (as `PhotoDecoder`).
    public init(settings: DecodeSettings = DecodeSettings(), helperExecutable: FilePath? = nil) {
        self.settings = settings
        executable = helperExecutable ?? FilePath("/proc/self/exe")
    }

    /// Decodes `opened` to a long edge of at most `maximumLongEdge`: the picture, or why not
    /// (`PlatformError.image`, one line).
    func decode(_ opened: OpenedPicture, maximumLongEdge: Int) -> Result<LoadedPicture, PlatformError> {
        if helper == nil {
            do {
                helper = try HelperProcess(executable: executable, settings: settings, deadline: settings.deadline)
            } catch {
                return .failure(.image(path: opened.path, reason: "its decoder could not be started: \(error)"))
            }
        }
        guard let running = helper else { return .failure(.image(path: opened.path, reason: "its decoder could not be started")) }
        nextID += 1
        let (outcome, isSpent) = running.decodePicture(opened, maximumLongEdge: maximumLongEdge, id: nextID, deadline: settings.deadline)
        if isSpent { helper = nil }
        return outcome.mapError { .image(path: opened.path, reason: $0.reason) }
    }

    /// The tunables it decodes with.
    var decodeSettings: DecodeSettings { settings }
}
