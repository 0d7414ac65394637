#ifndef CINPUTTEST_SHIM_H
#define CINPUTTEST_SHIM_H
/* The Xorg inputtest driver's wire protocol (xserver-xorg-dev). Using the real header keeps the
   struct layout, including the padding before each valuator block, exactly as the driver reads it. */
#include <xorg/xf86-input-inputtest-protocol.h>
#endif
