internal import CPictureDecoding
import SystemPackage
import XBoard

extension HelperProcess {
    /// Sends the display's colour profile, `generation`, in a sealed memory file, and waits up to
    /// `deadline` for the helper to take it. Returns why the helper cannot use it (it then
    /// converts to sRGB) or `nil`; or what became of the helper instead (killed when it
    /// misbehaved: a profile that crashes Little CMS costs that helper, not the board).
    func setDisplayProfile(_ bytes: [UInt8], generation: UInt64, deadline: Duration) -> Result<String?, FailedOutcome> {
        let memoryFile: Int32
        do {
            (memoryFile, _) = try SealedMemoryFile.make(byteCount: max(bytes.count, 1)) { target in
                bytes.withUnsafeBytes { target.copyMemory(from: $0) }
            }
        } catch {
            return .failure(FailedOutcome(.misbehaved("could not be sent the display's colour profile: \(error)")))
        }
        defer { try? FileDescriptor(rawValue: memoryFile).close() }
        let message = DecodeMessage.DisplayProfile(generation: generation, byteCount: max(bytes.count, 1)).bytes
        guard message.withUnsafeBytes({ cpd_send_message(socket, $0.baseAddress, $0.count, memoryFile) }) == message.count else {
            return .failure(FailedOutcome(.died("could not be reached")))
        }
        var buffer = [UInt8](repeating: 0, count: DecodeMessage.maximumLength)
        switch receive(into: &buffer, deadline: deadline) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let (bytes, descriptor)):
            if let descriptor { try? FileDescriptor(rawValue: descriptor).close() }
            guard let reply = DecodeMessage.DisplayProfileReply(bytes: bytes), reply.generation == generation else {
                terminate()
                return .failure(FailedOutcome(.misbehaved("answered the display's colour profile with something else")))
            }
            displayGeneration = generation
            return .success(reply.problem)
        }
    }
}
