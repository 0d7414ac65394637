import Foundation
import XorgHarness

/// The pictures the benchmarks open: JPEGs with photo-like noise (flat colours decode
/// unrealistically fast) — 12 MP ones, and 1600×1200 ones for big libraries — hard-linked so a
/// thousand cost one file's disk space.
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
        try links(count, to: master, named: "photo")
    }

    /// `count` paths to 1600×1200 JPEGs (a camera phone's smaller size; a big library's photos).
    func mediumPaths(_ count: Int) throws -> [String] {
        let medium = folder + "/medium.jpg"
        if !FileManager.default.fileExists(atPath: medium) {
            try TestPhotos.writeJPEG(to: medium, width: 1600, height: 1200, left: 0x70_5848, right: 0x48_6070, noise: 40)
        }
        return try links(count, to: medium, named: "medium")
    }

    /// A flat two-colour PNG that is easy to find on screen.
    func probe(left: UInt32, right: UInt32, width: Int = 400, height: Int = 300) throws -> String {
        let path = folder + "/probe-\(String(left, radix: 16))-\(width).png"
        try TestPhotos.write(to: path, width: width, height: height, left: left, right: right)
        return path
    }

    /// A folder tree of `folders` sub-folders with `files` small JPEGs each (hard links), for
    /// listing with -r; returns its root.
    func tree(folders: Int, files: Int) throws -> String {
        let root = folder + "/tree-\(folders)x\(files)"
        let small = folder + "/small.jpg"
        if !FileManager.default.fileExists(atPath: small) {
            try TestPhotos.writeJPEG(to: small, width: 64, height: 48, left: 0x60_6060, right: 0x30_3030)
        }
        for index in 0..<folders {
            let sub = root + String(format: "/folder-%04d", index)
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            for file in 0..<files {
                let path = sub + String(format: "/IMG_%05d.jpg", file)
                if !FileManager.default.fileExists(atPath: path) { try FileManager.default.linkItem(atPath: small, toPath: path) }
            }
        }
        return root
    }

    /// `count` paths to 12 MP JPEGs like `paths`' that state a colour profile: the same picture
    /// with `profile` in an APP2 segment, as phones and cameras write it.
    func taggedPaths(_ count: Int, profile: [UInt8]) throws -> [String] {
        let tagged = folder + "/tagged.jpg"
        if !FileManager.default.fileExists(atPath: tagged) {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: master)))
            try Data(PictureEncoders.jpeg(bytes, insertingICC: profile)).write(to: URL(fileURLWithPath: tagged))
        }
        return try links(count, to: tagged, named: "tagged")
    }

    private func links(_ count: Int, to original: String, named name: String) throws -> [String] {
        try (0..<count).map { index in
            let path = folder + String(format: "/\(name)-%04d.jpg", index)
            if !FileManager.default.fileExists(atPath: path) { try FileManager.default.linkItem(atPath: original, toPath: path) }
            return path
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
