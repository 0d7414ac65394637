internal import CPictureDecoding
import Foundation
import SystemPackage
import XBoard

/// The decoding helper process: the board's own binary started in a hidden mode
/// (`HelperProcess` starts it). It confines itself (`Sandbox`), warms every loader up, turns its
/// seccomp filter on, says it is ready, then decodes each file the board sends over its socket
/// (descriptor 3) into a sealed memory file it sends back — until the board closes the socket or
/// goes away.
public enum DecodeHelper {
    /// The first argument that starts a binary as a helper (before any argument parsing).
    static let flag = "--photoboard-decode-helper"

    /// For tests only: when this environment variable is set (to anything), a helper honours
    /// fault markers in the first 4 KiB of a file it decodes — `photoboard-test-fault:hang` makes
    /// it hang, `photoboard-test-fault:crash` makes it crash (SIGSEGV) — so the tests can show
    /// that a hung or crashed decode costs exactly its picture. Never set it otherwise.
    public static let testFaultsVariable = "PHOTOBOARD_TEST_DECODER_FAULTS"

    /// For tests only: when this environment variable holds a number of milliseconds, a helper
    /// waits that long before each decode, so that what shows only while pictures are still
    /// decoding (the loading bar, prints arriving one by one) shows for sure, on any machine.
    /// Never set it otherwise.
    public static let testDelayVariable = "PHOTOBOARD_TEST_DECODE_DELAY"

    /// Runs the helper and exits when this process was started as one; returns at once otherwise.
    /// Call it first in `main`, before arguments are parsed.
    public static func runIfRequested() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, arguments[1] == flag else { return }
        System.exitImmediately(run(arguments: Array(arguments.dropFirst(2))))
    }

    /// The socket to the board.
    static let socket: Int32 = 3

    /// `arguments`: the parent's pid, the address-space limit in bytes, the CPU-time limit in seconds.
    private static func run(arguments: [String]) -> Int32 {
        guard arguments.count == 3, let parent = Int32(arguments[0]), let addressSpace = Int(arguments[1]),
            let cpuSeconds = Int(arguments[2])
        else { return 2 }
        let faults = TestFaults(
            isEnabled: System.isEnvironmentVariableSet(testFaultsVariable),
            delay: System.environmentValue(testDelayVariable).flatMap { Int($0) }.map { .milliseconds(max(0, min($0, 60_000))) })
        do {
            try Sandbox.limit(parent: parent, addressSpace: addressSpace, cpuTime: .seconds(cpuSeconds))
            GLibLog.install()
            LoaderWarmUp.run()
            try Sandbox.installFilter()
        } catch {
            _ = DecodeMessage.Start(problem: error.description).bytes.withUnsafeBytes {
                cpd_send_message(socket, $0.baseAddress, $0.count, -1)
            }
            return 3
        }
        let ready = DecodeMessage.Start(problem: nil).bytes
        guard ready.withUnsafeBytes({ cpd_send_message(socket, $0.baseAddress, $0.count, -1) }) == ready.count else { return 4 }
        serve(faults: faults)
        return 0
    }

    /// Answers requests until the board closes the socket.
    private static func serve(faults: TestFaults) {
        var buffer = [UInt8](repeating: 0, count: DecodeMessage.maximumLength)
        var colour = HelperColour()
        while true {
            var descriptor: Int32 = -1
            let length = buffer.withUnsafeMutableBytes { cpd_receive_message(socket, $0.baseAddress, $0.count, &descriptor) }
            guard length > 0 else { return }  // the board is done with us, or gone
            let bytes = Array(buffer.prefix(length))
            if let profile = DecodeMessage.DisplayProfile(bytes: bytes), descriptor >= 0 {
                let reply = colour.take(profile, memoryFile: descriptor).bytes
                guard reply.withUnsafeBytes({ cpd_send_message(socket, $0.baseAddress, $0.count, -1) }) == reply.count else { return }
                continue
            }
            guard let request = DecodeMessage.Request(bytes: bytes), descriptor >= 0 else {
                if descriptor >= 0 { try? FileDescriptor(rawValue: descriptor).close() }
                return  // not the board speaking: stop rather than guess
            }
            var memoryFile: Int32 = -1
            let outcome: DecodeMessage.Reply.Outcome
            let text: String
            var thumbnailSize = (width: 0, height: 0)
            do {
                let file = try FileReader(adopting: descriptor)
                faults.apply(to: file)
                // Thumbnails hold sRGB, whatever the display's profile is.
                let thumbnail =
                    request.thumbnailLongEdge > 0
                    ? PictureDecoding.ThumbnailRequest(longEdge: request.thumbnailLongEdge, colour: .toSRGB) : nil
                let decoded =
                    if let region = request.region {
                        PictureDecoding.decode(
                            file,
                            region: .init(
                                scaleDenominator: region.scaleDenominator, x: region.x, y: region.y, width: region.width,
                                height: region.height), colour: colour.conversion(for: request.colour))
                    } else {
                        PictureDecoding.decode(
                            file, maximumLongEdge: request.maximumLongEdge, colour: colour.conversion(for: request.colour),
                            thumbnail: thumbnail)
                    }
                switch decoded {
                case .success(let pixels):
                    memoryFile = pixels.memoryFile
                    thumbnailSize = pixels.thumbnail ?? (0, 0)
                    outcome = .decoded(
                        width: pixels.width, height: pixels.height, stride: pixels.width * 4, hasAlpha: pixels.hasAlpha,
                        nativeWidth: pixels.nativeWidth, nativeHeight: pixels.nativeHeight)
                    text = pixels.warning ?? ""
                case .failure(let failure):
                    (outcome, text) = (.failed, failure.reason)
                }
            } catch {
                (outcome, text) = (.failed, error.description)
            }
            let reply = DecodeMessage.Reply(
                id: request.id, outcome: outcome, text: text, cpuMilliseconds: System.processorMilliseconds,
                thumbnailWidth: thumbnailSize.width, thumbnailHeight: thumbnailSize.height
            ).bytes
            let sent = reply.withUnsafeBytes { cpd_send_message(socket, $0.baseAddress, $0.count, memoryFile) }
            if memoryFile >= 0 { try? FileDescriptor(rawValue: memoryFile).close() }
            guard sent == reply.count else { return }
        }
    }

    /// The test-only faults (`testFaultsVariable`) and delay (`testDelayVariable`).
    struct TestFaults {
        let isEnabled: Bool
        let delay: Duration?

        static let hang = Array("photoboard-test-fault:hang".utf8)
        static let crash = Array("photoboard-test-fault:crash".utf8)

        func apply(to file: FileReader) {
            if let delay { System.sleep(for: delay) }
            guard isEnabled, case .success(let head) = file.read(offset: 0, count: 4096) else { return }
            if head.firstRange(of: Self.crash) != nil { System.raise(.segmentationFault) }
            if head.firstRange(of: Self.hang) != nil { System.sleepForever() }
        }
    }
}
