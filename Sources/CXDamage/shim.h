#ifndef CXDAMAGE_SHIM_H
#define CXDAMAGE_SHIM_H
/* The X Damage extension, for the test harness only: it counts the frames another client draws
   into its window (the board itself never needs it). */
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#endif
