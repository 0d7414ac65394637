import SystemPackage

/// The board's menus, built from the command catalogue so that they, the help and the man page
/// say the same: a print's (its entries acting on that print), Tidy's, More's (the controls that
/// did not fit the bar, greyed as they would be there) and About this photo (text only).
extension MenuLayer {
    /// A print's menu: the catalogue's entries, those for the pointer only when `viaPointer`
    /// (right-clicked); Close up says how to come back when the print `isUpClose`, Black and white
    /// when the print's `edits` are, See-through the step it takes to. On a print of
    /// a selection of `selectedCount`, the title says so: Put back, Turn upright, Remove and Copy
    /// act on every print of it.
    static func print(
        _ id: PhotoID, named name: String?, viaPointer: Bool, isUpClose: Bool, edits: PrintEdits = .none, selectedCount: Int = 0,
        commands: CommandCatalogue, at anchor: Point
    ) -> MenuLayer {
        // Reset crop only on a cropped print.
        let entries = commands.printMenu.filter { (viaPointer || !$0.isPointerOnly) && ($0.command != .resetCrop || edits.isCropped) }.map {
            entry in
            let title: String =
                switch entry.command {
                case .closeUp where isUpClose, .toggleBlackAndWhite where edits.isBlackAndWhite: entry.titleWhenOn ?? entry.title
                // What the entry will make of it: "See-through 75 %", …, "Opaque again".
                case .stepSeeThrough: edits.nextOpacity >= 1 ? "Opaque again" : "\(entry.title) \(Int(edits.nextOpacity * 100)) %"
                default: entry.title
                }
            return Entry(title: title, action: .onPrint(entry.command, id))
        }
        let title = selectedCount > 1 ? "\(selectedCount) selected prints" : name
        return MenuLayer(.print(id, viaPointer: viaPointer), title: title, entries: entries, anchor: anchor)
    }

    /// Tidy's menu; with a selection of `selectedCount`, its title says that only those are tidied.
    static func tidy(commands: CommandCatalogue, selectedCount: Int = 0, at anchor: Point) -> MenuLayer {
        MenuLayer(
            .tidy, title: selectedCount > 0 ? "Tidy the \(selectedCount) selected" : "Tidy",
            entries: commands.tidyMenu.map { Entry(title: $0.title, action: .command($0.command)) }, anchor: anchor)
    }

    /// The controls from `first` on, which did not fit the bar; those in `disabled` greyed.
    static func more(first: Int, commands: CommandCatalogue, disabled: Set<Int>, at anchor: Point) -> MenuLayer {
        let entries = commands.controls.enumerated().dropFirst(first).map { index, control in
            Entry(title: control.word, action: .control(index), isEnabled: !disabled.contains(index))
        }
        return MenuLayer(.more(first: first), title: nil, entries: entries, anchor: anchor)
    }

    /// "About this photo": its name, folder, pixel size, date and camera, as `catalogue` knows them.
    static func about(_ id: PhotoID, in catalogue: PhotoCatalogue, at anchor: Point) -> MenuLayer {
        var lines: [String] = []
        if let folder = catalogue.path(of: id)?.removingLastComponent() { lines.append("In \(folder.escaped)") }
        if let size = catalogue.nativeSize(of: id) { lines.append("\(Int(size.width)) × \(Int(size.height)) pixels") }
        // When it was taken, or else the file's own date: "Date", which is true of both.
        if let date = catalogue.dateTaken(of: id) ?? nil { lines.append("Date \(CaptionLayout.dateText(date))") }
        if let camera = catalogue.camera(of: id) { lines.append("Camera: \(camera)") }
        return MenuLayer(.about, title: catalogue.name(of: id), lines: lines, entries: [], anchor: anchor)
    }
}
