#ifndef CX11_SHIM_H
#define CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xpresent.h>
#include <X11/extensions/Xfixes.h>
#include <cairo.h>
#include <cairo-xlib.h>
#include <pango/pangocairo.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

/* Connects a typed handler to a GdkPixbufLoader's "size-prepared" signal (G_CALLBACK is a cast macro). */
typedef void (*cx11_size_prepared_handler)(GdkPixbufLoader *loader, int width, int height, void *data);
static inline void cx11_connect_size_prepared(GdkPixbufLoader *loader, cx11_size_prepared_handler handler, void *data) {
    g_signal_connect(loader, "size-prepared", G_CALLBACK(handler), data);
}

/* An image surface over a read-only mapping of pixels (a sealed memory file): the mapping is
 * unmapped when cairo destroys the surface, however long cairo keeps it. */
struct cx11_mapping {
    void *base;
    size_t length;
    cairo_user_data_key_t key; /* cairo needs a unique address; this one lives as long as the data */
};
static inline void cx11_unmap(void *data) {
    struct cx11_mapping *mapping = data;
    munmap(mapping->base, mapping->length);
    free(mapping);
}
static inline cairo_surface_t *cx11_surface_over_mapping(void *base, size_t length, cairo_format_t format, int width, int height, int stride) {
    struct cx11_mapping *mapping = malloc(sizeof *mapping);
    if (mapping == NULL) return NULL;
    mapping->base = base;
    mapping->length = length;
    cairo_surface_t *surface = cairo_image_surface_create_for_data(base, format, width, height, stride);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_set_user_data(surface, &mapping->key, mapping, cx11_unmap) != CAIRO_STATUS_SUCCESS) {
        free(mapping);
        cairo_surface_destroy(surface);
        return NULL;
    }
    return surface;
}

#endif
