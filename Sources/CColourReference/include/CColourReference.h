#ifndef CCOLOURREFERENCE_H
#define CCOLOURREFERENCE_H

/* Test support: Little CMS called the plain way — one 8-bit RGB colour through a transform made
 * for it — for the colours the tests expect a picture with a profile to show, and the profiles
 * the tests make themselves. Never part of the board. */

#include <stddef.h>
#include <stdint.h>

/* Converts one 8-bit RGB `colour` from the profile in `source` to the one in `target` (either may
 * be NULL with length 0: sRGB, Little CMS's built-in), with the perceptual intent. Returns 0, or
 * -1 when a profile cannot be read or the transform cannot be made. */
int ccr_convert(const uint8_t *source, size_t source_length, const uint8_t *target, size_t target_length, const uint8_t colour[3],
                uint8_t converted[3]);

/* Writes an RGB ICC profile (version 4) of white x, y, red, green, blue x, y (`chromaticities`)
 * and the parametric tone curve `curve_type` (Little CMS's numbering: 4 is IEC 61966-2-1's form)
 * with `parameters` into `bytes`; returns its length,
 * or -1 when it does not fit `capacity` or cannot be made. `description` becomes its desc tag. */
int ccr_rgb_profile(const double chromaticities[8], int curve_type, const double *parameters, const char *description, uint8_t *bytes,
                    size_t capacity);

/* The same with a 3D lookup table (`grid` points a side, 16-bit) instead of a matrix, so the
 * profile is large: `grid` 33 makes one of about 215 KB, over a JPEG segment's 64 KiB. It maps
 * through the colour space of `chromaticities` and the tone curve, like the matrix profile. */
int ccr_lut_profile(const double chromaticities[8], int curve_type, const double *parameters, int grid, uint8_t *bytes, size_t capacity);

/* A grey ICC profile of D50 white and a pure power `gamma`; its length, or -1. */
int ccr_grey_profile(double gamma, uint8_t *bytes, size_t capacity);

/* One 8-bit grey from the grey profile `source` to RGB in `target` (NULL, 0: sRGB). */
int ccr_convert_grey(const uint8_t *source, size_t source_length, const uint8_t *target, size_t target_length, uint8_t grey,
                     uint8_t converted[3]);

#endif
