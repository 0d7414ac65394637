/// The icons of the board's controls and menus, drawn by the painter from simple strokes.
public enum ControlIcon: String, Hashable, Sendable, CaseIterable {
    case add, paste, copy, tidy, fit, captions, undo, redo, removed, save, export, fullscreen, help, quit, close, folder, up, check, photo,
        more
}
