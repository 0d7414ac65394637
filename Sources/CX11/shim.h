#ifndef CX11_SHIM_H
#define CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xpresent.h>
#include <X11/extensions/Xfixes.h>
#include <cairo.h>
#include <cairo-xlib.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <string.h>
#include <zlib.h>

/* Xlib macros and XI2 mask helpers, as functions Swift can call. */

static inline int cx11_connection_number(Display *display) { return ConnectionNumber(display); }
static inline int cx11_default_screen(Display *display) { return DefaultScreen(display); }
static inline Window cx11_root_window(Display *display, int screen) { return RootWindow(display, screen); }
static inline Visual *cx11_default_visual(Display *display, int screen) { return DefaultVisual(display, screen); }
static inline int cx11_default_depth(Display *display, int screen) { return DefaultDepth(display, screen); }
static inline int cx11_display_width(Display *display, int screen) { return DisplayWidth(display, screen); }
static inline int cx11_display_height(Display *display, int screen) { return DisplayHeight(display, screen); }

static inline int cx11_mask_length(void) { return XIMaskLen(XI_LASTEVENT); }
static inline void cx11_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int cx11_mask_is_set(const unsigned char *mask, int length, int bit) {
    return (bit >> 3) < length && XIMaskIsSet(mask, bit);
}

/* Server-ignores-errors handler: Xlib's default handler exits the process on any X error. */
typedef int (*cx11_error_handler)(Display *, XErrorEvent *);

/* Reads one pixel of an XImage (XGetPixel is a macro over a function pointer). */
static inline unsigned long cx11_get_pixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
static inline void cx11_destroy_image(XImage *image) { XDestroyImage(image); }

/* GLib error plumbing for gdk-pixbuf: returns the message (caller frees) and frees the error. */
static inline char *cx11_take_error_message(GError *error) {
    if (error == NULL) return NULL;
    char *message = g_strdup(error->message);
    g_error_free(error);
    return message;
}
static inline void cx11_g_free(void *pointer) { g_free(pointer); }
static inline void cx11_g_object_unref(void *object) { if (object) g_object_unref(object); }
static inline void *cx11_g_object_ref(void *object) { return object ? g_object_ref(object) : NULL; }

/* The short name of a gdk-pixbuf format ("jpeg", "png"…), or NULL; the caller frees it with cx11_g_free. */
static inline char *cx11_format_name(GdkPixbufFormat *format) {
    return format ? gdk_pixbuf_format_get_name(format) : NULL;
}

#endif
