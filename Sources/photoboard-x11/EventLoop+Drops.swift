import SystemPackage
import XBoard
import XBoardPlatform

/// Files and folders dropped from a file manager.
extension EventLoop {
    /// Takes a drop at `location`: board documents open in windows of their own, files and
    /// folders join the board. One line names every item not taken — the list's `refused`
    /// entries, paths that cannot be opened — with why, and says whether the rest were taken
    /// (`DropReport`); a problem inside a dropped folder gets its own line, as at start.
    func takeDrop(_ paths: [FilePath], at location: Point, refused: [DropReport.LeftOut]) {
        let pictures = openDocuments(among: paths)
        let listing = PictureFiles.list(pictures, recursive: false)
        let droppedPaths = Set(pictures)
        var leftOut: [DropReport.LeftOut] = []
        for (problem, path) in zip(listing.problems, listing.problemPaths) {
            let prefix = path.escaped + ": "
            if droppedPaths.contains(path), problem.hasPrefix(prefix) {
                leftOut.append(DropReport.LeftOut(item: path.escaped, reason: String(problem.dropFirst(prefix.count))))
            } else {
                System.printError("photoboard-x11: \(problem)")
            }
        }
        let report = DropReport(taken: paths.count - leftOut.count, leftOut: leftOut + refused)
        if let line = report.line { System.printError("photoboard-x11: \(line)") }
        let added = library.add(files: listing.files, at: location, controller: controller)
        window.finishDrop(accepted: report.taken > 0)
        let insideFolders = listing.problemPaths.filter { !droppedPaths.contains($0) }.map(\.escaped)
        dropped(files: listing.files.count, added: added, problems: report.leftOut.map(\.item) + insideFolders, at: MonotonicClock.now())
    }
}
