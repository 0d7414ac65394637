/// Small GTK 3 programs (Python, through the system's GObject bindings) that use the clipboard
/// as GTK applications do, for the clipboard tests to meet a real toolkit on the other side.
enum GTKPrograms {
    /// Owns the clipboard with a picture, as an image editor's Copy does:
    /// `gtk_clipboard_set_image` (GTK then offers it in every format gdk-pixbuf writes).
    /// Arguments: the picture's path. Prints "ready" once it owns the clipboard.
    static let imageOwner = """
        import sys, gi
        gi.require_version('Gtk', '3.0')
        from gi.repository import Gtk, Gdk, GdkPixbuf, GLib
        clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
        clipboard.set_image(GdkPixbuf.Pixbuf.new_from_file(sys.argv[1]))
        clipboard.store()
        def ready():
            print('ready', flush=True)
            return False
        GLib.idle_add(ready)
        Gtk.main()
        """

    /// Owns the clipboard through the low-level selection API and answers `target` with the
    /// bytes of a file as property type `type` and `format` — a malformed offer when they are
    /// not the target and 8 — or, with `stall`, never answers a request for `target` (its main
    /// loop hangs, as a program that stops responding). Arguments: target, type, format,
    /// path, "stall" or "answer". Prints "ready" once it owns the clipboard.
    static let rawOwner = """
        import sys, time, gi
        gi.require_version('Gtk', '3.0')
        from gi.repository import Gtk, Gdk, GLib
        target, kind, fmt, path, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
        data = open(path, 'rb').read()
        widget = Gtk.Invisible()
        widget.realize()
        clipboard = Gdk.Atom.intern('CLIPBOARD', False)
        def get(widget, selection, info, when):
            if mode == 'stall':
                time.sleep(3600)
            selection.set(Gdk.Atom.intern(kind, False), fmt, data)
        widget.connect('selection-get', get)
        Gtk.selection_add_target(widget, clipboard, Gdk.Atom.intern(target, False), 0)
        Gtk.selection_owner_set(widget, clipboard, Gdk.CURRENT_TIME)
        print('ready', flush=True)
        Gtk.main()
        """

    /// Reads the clipboard as a GTK application pastes: `image` saves
    /// `gtk_clipboard_wait_for_image` as a PNG at the path given; `uris` prints
    /// `gtk_clipboard_wait_for_uris`, one a line; `targets` prints the targets offered;
    /// `timestamp` prints the `TIMESTAMP` target's value. Arguments: what, and the path for an
    /// image.
    static let reader = """
        import sys, struct, gi
        gi.require_version('Gtk', '3.0')
        from gi.repository import Gtk, Gdk
        clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
        what = sys.argv[1]
        if what == 'image':
            image = clipboard.wait_for_image()
            if image is None:
                print('no image', flush=True)
                sys.exit(3)
            image.savev(sys.argv[2], 'png', [], [])
            print('image %dx%d' % (image.get_width(), image.get_height()), flush=True)
        elif what == 'uris':
            uris = clipboard.wait_for_uris()
            if not uris:
                print('no uris', flush=True)
                sys.exit(3)
            for uri in uris:
                print(uri, flush=True)
        elif what == 'timestamp':
            data = clipboard.wait_for_contents(Gdk.Atom.intern('TIMESTAMP', False))
            if data is None or data.get_format() != 32:
                sys.exit(3)
            print('timestamp %d' % struct.unpack('L', bytes(data.get_data())[:8])[0], flush=True)
        else:
            ok, targets = clipboard.wait_for_targets()
            if not ok:
                sys.exit(3)
            for target in targets:
                print(target.name(), flush=True)
        """

    /// Copies text and asks the clipboard manager to keep it (`gtk_clipboard_set_can_store`,
    /// `gtk_clipboard_store`), then exits: shows that a clipboard manager is there and saves.
    /// Arguments: the text.
    static let storingTextOwner = """
        import sys, gi
        gi.require_version('Gtk', '3.0')
        from gi.repository import Gtk, Gdk
        clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
        clipboard.set_text(sys.argv[1], -1)
        clipboard.set_can_store(None)
        clipboard.store()
        print('stored', flush=True)
        """
}
