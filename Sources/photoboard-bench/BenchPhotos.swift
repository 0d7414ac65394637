import Foundation
import XorgHarness

/// The pictures the benchmarks open: 12 MP JPEGs with photo-like noise (flat colours decode
/// unrealistically fast), hard-linked so a hundred cost one file's disk space.
struct BenchPhotos {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("photoboard-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestPhotos.writeJPEG(to: master, width: 4000, height: 3000, left: 0x80_6040, right: 0x40_6080, noise: 40)
    }

    var master: String { folder + "/master.jpg" }

    /// `count` paths to 12 MP JPEGs.
    func paths(_ count: Int) throws -> [String] {
        try (0..<count).map { index in
            let path = folder + String(format: "/photo-%03d.jpg", index)
            if !FileManager.default.fileExists(atPath: path) { try FileManager.default.linkItem(atPath: master, toPath: path) }
            return path
        }
    }

    /// A flat two-colour PNG that is easy to find on screen.
    func probe(left: UInt32, right: UInt32) throws -> String {
        let path = folder + "/probe-\(String(left, radix: 16)).png"
        try TestPhotos.write(to: path, width: 400, height: 300, left: left, right: right)
        return path
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
