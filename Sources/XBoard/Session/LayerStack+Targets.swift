/// What a finger can act on in the layers as laid out, a line each — the controls, an open
/// menu's entries, the picker's parts and the removed photos — as `kind word at x y width height`
/// in board points: what a screen reader or a test finds them by (`PHOTOBOARD_TRACE=widgets`).
extension LayerStack {
    /// The targets shown: the bar's controls named from `controls` (past them, More), the entries
    /// of `menu` (the open one), the parts of `picker` and the removed photos — each only where a
    /// finger reaches it: a target whose middle a layer above covers (an open menu covers all)
    /// is left out.
    func targets(controls: [CommandCatalogue.Control], menu: PopupMenu?, picker: PickerLayer?) -> [String] {
        func line(_ kind: String, _ word: String, _ frame: Rect) -> String {
            "\(kind) \(word) at \(Int(frame.minX.rounded())) \(Int(frame.minY.rounded())) \(Int(frame.size.width.rounded())) \(Int(frame.size.height.rounded()))"
        }
        var lines: [String] = []
        func reaches(_ layer: BoardLayer, _ frame: Rect) -> Bool { self.layer(at: frame.center) == layer }
        for (frame, target) in bar?.targets ?? [] {
            guard case .control(let index) = target, reaches(.controls, frame) else { continue }
            let word = controls.indices.contains(index) ? controls[index].word : ControlBar.moreWord
            lines.append(line("control", word, frame))
        }
        if let menu {
            for (frame, target) in self.menu?.targets ?? [] {
                guard case .menuEntry(let index) = target, menu.entries.indices.contains(index), reaches(.menu, frame) else { continue }
                lines.append(line("menu", menu.entries[index].title, frame))
            }
        }
        for target in picker?.targets(shown: self.picker) ?? [] where reaches(.picker, target.frame) {
            lines.append(line(target.kind, target.word, target.frame))
        }
        for (frame, target) in widget(of: .crop)?.targets ?? [] {
            guard case .cropButton(let button) = target else { continue }
            lines.append(line("crop", button == .done ? "Done" : "Cancel", frame))
        }
        for slot in shelf?.slots ?? [] where reaches(.removedPhotos, slot.touchFrame) {
            lines.append(line("removed", slot.label, slot.touchFrame))
        }
        return lines
    }
}
