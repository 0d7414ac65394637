import Foundation
import SystemPackage
import Testing
import XBoard
import XBoardPlatform
import XorgHarness

@Suite struct ScratchProfile {
    @Test func profileReopen() throws {
        let count = Int(ProcessInfo.processInfo.environment["SCRATCH_COUNT"] ?? "1000") ?? 1000
        let base = "/tmp/thumbs-scratch"
        let folder = base + "/photos-\(count)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let master = base + "/master.jpg"
        if !FileManager.default.fileExists(atPath: master) {
            try TestPhotos.writeJPEG(to: master, width: 4000, height: 3000, left: 0x80_6040, right: 0x40_6080, noise: 40)
        }
        for index in 0..<count {
            let path = folder + String(format: "/IMG_%05d.jpg", index)
            if !FileManager.default.fileExists(atPath: path) { try FileManager.default.linkItem(atPath: master, toPath: path) }
        }
        let binary = BoardSession.binaryPath
        let home = base + "/home-\(count)"
        try? FileManager.default.removeItem(atPath: home)
        let env = ["XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache", "PHOTOBOARD_TRACE": "loop"]
        for pass in 0..<2 {
            let server = try XorgServer(width: 1280, height: 800)
            defer { server.stop() }
            let reader = try ScreenReader(displayName: server.displayName)
            defer { reader.close() }
            let started = ContinuousClock.now
            let perf = ProcessInfo.processInfo.environment["SCRATCH_PERF"] == "\(pass)"
            let app = try AppUnderTest(
                binary: perf ? "/usr/bin/perf" : binary,
                arguments: (perf ? ["record", "-q", "-g", "-o", base + "/pass\(pass).data", "--", binary] : [])
                    + ["--seed", "2", "--geometry", "1280x800", folder], server: server, environment: env)
            let window = try waitFor("window", timeout: .seconds(30), interval: .milliseconds(5)) { () -> UInt? in
                for pid in [app.pid] + ProcessFigures.children(of: app.pid) { if let w = reader.window(ofProcess: pid) { return w } }
                return nil
            }
            let mapped = ContinuousClock.now - started
            var last: [UInt32] = [], changed = ContinuousClock.now
            let quiet = try waitFor("quiet", timeout: .seconds(300), interval: .milliseconds(50)) { () -> ContinuousClock.Instant? in
                let rows = try reader.pixels(x: 0, y: 100, width: 1280, height: 700)
                if rows != last { (last, changed) = (rows, ContinuousClock.now); return nil }
                return ContinuousClock.now - changed > .seconds(1) ? changed : nil
            }
            print("pass \(pass): window \(mapped), quiet \(quiet - started)")
            reader.requestClose(window)
            _ = try? app.waitForExit(timeout: .seconds(30))
            let lines = app.standardError.split(separator: "\n")
            print(
                "pass \(pass) stderr lines \(lines.count); longest: \(lines.filter { $0.contains("loop turn") }.sorted { Double($0.split(separator: " ")[6]) ?? 0 > Double($1.split(separator: " ")[6]) ?? 0 }.prefix(8))"
            )
            print(lines.suffix(1))
        }
    }
}
