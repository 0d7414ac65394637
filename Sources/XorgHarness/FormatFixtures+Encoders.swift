import Foundation

extension FormatFixtures {
    static func temporaryPath(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-fixture-\(getpid())-\(UUID().uuidString).\(suffix)").path
    }

    /// ImageMagick: `convert input.png operators output.EXT`.
    public static func converted(_ canvas: TestCanvas, arguments: [String], to outputExtension: String) throws -> [UInt8] {
        try encodedFromPNG(canvas, tool: "convert", arguments: [], afterInput: arguments, output: nil, outputExtension: outputExtension)
    }

    static func encodedFromPNG(
        _ canvas: TestCanvas, tool: String, arguments: [String], afterInput: [String] = [], output: String?, outputExtension: String? = nil
    ) throws -> [UInt8] {
        try encoded(
            PictureEncoders.png(canvas, layout: canvas.pixels.contains { $0 >> 24 != 255 } ? .rgba8 : .rgb8), inputExtension: "png",
            tool: tool,
            arguments: arguments, afterInput: afterInput, output: output, outputExtension: outputExtension ?? tool)
    }

    /// Runs `tool arguments input afterInput [output] outputFile` and returns what it wrote.
    static func encoded(
        _ input: [UInt8], inputExtension: String, tool: String, arguments: [String], afterInput: [String] = [], output: String?,
        outputExtension: String
    ) throws -> [UInt8] {
        let executable = "/usr/bin/" + tool
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw HarnessError("\(executable) is missing: scripts/setup test installs the encoders the format tests use")
        }
        let inputPath = temporaryPath(inputExtension), outputPath = temporaryPath(outputExtension)
        let logPath = temporaryPath("log")
        defer { [inputPath, outputPath, logPath].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        try Data(input).write(to: URL(fileURLWithPath: inputPath))
        let process = try ChildProcess(
            path: executable, arguments: arguments + [inputPath] + afterInput + (output.map { [$0] } ?? []) + [outputPath],
            stdoutPath: logPath,
            stderrPath: logPath)
        let status = try process.waitForExit(stall: .seconds(60))
        guard status == 0, let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: outputPath))), !bytes.isEmpty else {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw HarnessError("\(tool) failed with status \(status): \(log.suffix(400))")
        }
        return bytes
    }
}
