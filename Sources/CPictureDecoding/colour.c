#define _GNU_SOURCE
#include "CPictureDecoding.h"

#include <lcms2.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* MARK: Messages */

/* Little CMS reports errors through one process-wide handler; each thread keeps the first
 * message since it last asked, so concurrent decodes (the tests load pictures on several
 * threads) never see each other's. */
static _Thread_local char lcms_message[CPD_COLOUR_MESSAGE_SIZE];
static pthread_once_t handler_once = PTHREAD_ONCE_INIT;

static void lcms_error(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context, (void)code;
    if (lcms_message[0] == 0) snprintf(lcms_message, sizeof lcms_message, "%s", text);
}

static void install_handler(void) { cmsSetLogErrorHandler(lcms_error); }

static void begin(void) {
    pthread_once(&handler_once, install_handler);
    lcms_message[0] = 0;
}

/* `what`, followed by what Little CMS said if it said anything. */
static void fail(char *message, const char *what) {
    if (message == NULL) return;
    if (lcms_message[0] != 0)
        snprintf(message, CPD_COLOUR_MESSAGE_SIZE, "%s: %s", what, lcms_message);
    else
        snprintf(message, CPD_COLOUR_MESSAGE_SIZE, "%s", what);
}

/* MARK: Profiles */

void *cpd_profile_from_icc(const uint8_t *bytes, size_t length, char *message) {
    begin();
    if (length > UINT32_MAX) {
        fail(message, "Little CMS cannot read it");
        return NULL;
    }
    cmsHPROFILE profile = cmsOpenProfileFromMem(bytes, (cmsUInt32Number)length);
    if (profile == NULL) fail(message, "Little CMS cannot read it");
    return profile;
}

void *cpd_profile_from_model(const double chromaticities[8], int curve_type, const double *parameters, char *message) {
    begin();
    cmsCIExyY white = {chromaticities[0], chromaticities[1], 1.0};
    cmsCIExyYTRIPLE primaries = {
        {chromaticities[2], chromaticities[3], 1.0},
        {chromaticities[4], chromaticities[5], 1.0},
        {chromaticities[6], chromaticities[7], 1.0},
    };
    cmsToneCurve *curve = cmsBuildParametricToneCurve(NULL, curve_type, parameters);
    if (curve == NULL) {
        fail(message, "Little CMS cannot build its tone curve");
        return NULL;
    }
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
    cmsFreeToneCurve(curve);
    if (profile == NULL) fail(message, "Little CMS cannot build a profile from its primaries");
    return profile;
}

void *cpd_profile_srgb(void) {
    begin();
    return cmsCreate_sRGBProfile();
}

void cpd_profile_close(void *profile) {
    if (profile != NULL) cmsCloseProfile(profile);
}

int cpd_profile_kind(void *profile) {
    switch (cmsGetColorSpace(profile)) {
    case cmsSigRgbData: return CPD_PROFILE_RGB;
    case cmsSigGrayData: return CPD_PROFILE_GREY;
    default: return CPD_PROFILE_OTHER;
    }
}

int cpd_profile_save(void *profile, uint8_t *bytes, size_t capacity) {
    begin();
    cmsUInt32Number needed = 0;
    if (!cmsSaveProfileToMem(profile, NULL, &needed) || needed == 0) return -1;
    if (bytes == NULL) return (int)needed;
    if (needed > capacity) return -1;
    return cmsSaveProfileToMem(profile, bytes, &needed) ? (int)needed : -1;
}

/* Whether the profile makes white white and black dark (1; 0 when not, -1 when Little CMS cannot
 * convert from it at all): a profile that Little CMS reads but
 * that turns white to mid-grey or a strong colour (zeroed colorants, a singular matrix, a
 * mangled table) is absurd, and the picture is better shown as sRGB. Checked on the way into
 * CIE Lab (D50) with the perceptual intent: white must come out with L* of at least 90 and a*, b*
 * within 12; black with L* of at most 40 (a display's or a print's black is not zero). */
int cpd_profile_is_plausible(void *profile, char *message) {
    begin();
    cmsHPROFILE lab = cmsCreateLab4Profile(NULL);
    if (lab == NULL) {
        fail(message, "out of memory");
        return 0;
    }
    int grey = cmsGetColorSpace(profile) == cmsSigGrayData;
    cmsHTRANSFORM transform =
        cmsCreateTransform(profile, grey ? TYPE_GRAY_DBL : TYPE_RGB_DBL, lab, TYPE_Lab_DBL, INTENT_PERCEPTUAL, cmsFLAGS_NOCACHE);
    cmsCloseProfile(lab);
    if (transform == NULL) {
        fail(message, "Little CMS cannot convert from it");
        return -1;
    }
    /* Grey profiles take 0–100 (percent), RGB ones 0–1, as Little CMS's double formats do. */
    double white[3] = {grey ? 100.0 : 1.0, 1.0, 1.0}, black[3] = {0, 0, 0};
    cmsCIELab whiteLab, blackLab;
    cmsDoTransform(transform, white, &whiteLab, 1);
    cmsDoTransform(transform, black, &blackLab, 1);
    cmsDeleteTransform(transform);
    if (!(whiteLab.L >= 90 && whiteLab.a >= -12 && whiteLab.a <= 12 && whiteLab.b >= -12 && whiteLab.b <= 12)) {
        if (message != NULL)
            snprintf(message, CPD_COLOUR_MESSAGE_SIZE, "it makes white L* %.0f, a* %.0f, b* %.0f", whiteLab.L, whiteLab.a, whiteLab.b);
        return 0;
    }
    if (!(blackLab.L <= 40)) {
        if (message != NULL) snprintf(message, CPD_COLOUR_MESSAGE_SIZE, "it makes black L* %.0f", blackLab.L);
        return 0;
    }
    return 1;
}

/* MARK: Transforms */

/* Premultiplied ARGB32 in native byte order, as cairo holds it: B, G, R, A in memory on a
 * little-endian machine, A, R, G, B on a big-endian one. The transform itself runs on straight
 * colours of that layout; alpha is left where it is. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NATIVE_ARGB TYPE_BGRA_8
enum { BLUE = 0, GREEN = 1, RED = 2, ALPHA = 3 };
#else
#define NATIVE_ARGB TYPE_ARGB_8
enum { ALPHA = 0, RED = 1, GREEN = 2, BLUE = 3 };
#endif

struct cpd_colour_transform {
    /* An RGB source: Little CMS's transform. */
    cmsHTRANSFORM transform;
    /* A grey source: the target colour of each of the 256 greys, R, G, B. */
    uint8_t grey[256][3];
    int is_grey;
    int is_identity;
};

/* The intent: perceptual, the ICC's default for pictures (for matrix-shaper profiles, the
 * common case, it is the same as relative colorimetric). */
static const cmsUInt32Number intent = INTENT_PERCEPTUAL;

static int close_to(int a, int b) { return a - b <= 1 && b - a <= 1; }

struct cpd_colour_transform *cpd_colour_transform_new(void *source, void *target, char *message) {
    begin();
    struct cpd_colour_transform *result = calloc(1, sizeof *result);
    if (result == NULL) {
        fail(message, "out of memory");
        return NULL;
    }
    if (cmsGetColorSpace(source) == cmsSigGrayData) {
        cmsHTRANSFORM grey = cmsCreateTransform(source, TYPE_GRAY_8, target, TYPE_RGB_8, intent, cmsFLAGS_NOCACHE);
        if (grey == NULL) {
            fail(message, "Little CMS cannot convert from it");
            free(result);
            return NULL;
        }
        uint8_t levels[256];
        for (int level = 0; level < 256; level++) levels[level] = (uint8_t)level;
        cmsDoTransform(grey, levels, result->grey, 256);
        cmsDeleteTransform(grey);
        /* Never skipped, even when it changes no grey: it also checks that the picture is grey. */
        result->is_grey = 1;
        result->is_identity = 0;
        return result;
    }
    /* NOCACHE: the one-pixel cache is written on every call, and a transform may be shared by
     * threads (it is read-only without it). */
    result->transform = cmsCreateTransform(source, NATIVE_ARGB, target, NATIVE_ARGB, intent, cmsFLAGS_NOCACHE);
    if (result->transform == NULL) {
        fail(message, "Little CMS cannot convert from it");
        free(result);
        return NULL;
    }
    /* An identity to within one level everywhere (sRGB to sRGB, a profile equal to the
     * display's) is skipped: 16 levels of each channel, every combination, and every grey. */
    enum { STEPS = 16, GRID = STEPS * STEPS * STEPS, SAMPLES = GRID + 256 };
    uint8_t *samples = malloc((size_t)SAMPLES * 4 * 2);
    if (samples == NULL) {
        cmsDeleteTransform(result->transform);
        free(result);
        fail(message, "out of memory");
        return NULL;
    }
    uint8_t *converted = samples + (size_t)SAMPLES * 4;
    for (int index = 0; index < SAMPLES; index++) {
        uint8_t *pixel = samples + (size_t)index * 4;
        if (index < GRID) {
            pixel[RED] = (uint8_t)(index / (STEPS * STEPS) * 17);
            pixel[GREEN] = (uint8_t)(index / STEPS % STEPS * 17);
            pixel[BLUE] = (uint8_t)(index % STEPS * 17);
        } else {
            pixel[RED] = pixel[GREEN] = pixel[BLUE] = (uint8_t)(index - GRID);
        }
        pixel[ALPHA] = 255;
    }
    memcpy(converted, samples, (size_t)SAMPLES * 4);
    cmsDoTransform(result->transform, converted, converted, SAMPLES);
    result->is_identity = 1;
    for (int index = 0; index < SAMPLES * 4 && result->is_identity; index++)
        if (!close_to(converted[index], samples[index])) result->is_identity = 0;
    free(samples);
    return result;
}

int cpd_colour_transform_is_identity(const struct cpd_colour_transform *transform) { return transform->is_identity; }

int cpd_colour_transform_is_grey(const struct cpd_colour_transform *transform) { return transform->is_grey; }

void cpd_colour_transform_free(struct cpd_colour_transform *transform) {
    if (transform == NULL) return;
    if (transform->transform != NULL) cmsDeleteTransform(transform->transform);
    free(transform);
}

/* c × 255 / a, rounded, at most 255: a premultiplied colour made straight again. */
static uint8_t unpremultiply(uint8_t colour, uint8_t alpha) {
    unsigned value = ((unsigned)colour * 255 + alpha / 2) / alpha;
    return (uint8_t)(value > 255 ? 255 : value);
}

/* round(c × a / 255), exactly (as `PixelConversion.premultiply`). */
static uint8_t premultiply(uint8_t colour, uint8_t alpha) {
    unsigned t = (unsigned)colour * alpha + 128;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

static int apply_grey(const struct cpd_colour_transform *transform, uint8_t *pixels, int width, int height, size_t stride) {
    /* Only a grey picture fits a grey profile: every pixel is checked before any changes. */
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * stride;
        for (int x = 0; x < width; x++) {
            const uint8_t *pixel = row + (size_t)x * 4;
            if (pixel[RED] != pixel[GREEN] || pixel[GREEN] != pixel[BLUE]) return -1;
        }
    }
    for (int y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * stride;
        for (int x = 0; x < width; x++) {
            uint8_t *pixel = row + (size_t)x * 4;
            uint8_t alpha = pixel[ALPHA];
            if (alpha == 0) continue;
            const uint8_t *colour = transform->grey[alpha == 255 ? pixel[GREEN] : unpremultiply(pixel[GREEN], alpha)];
            pixel[RED] = alpha == 255 ? colour[0] : premultiply(colour[0], alpha);
            pixel[GREEN] = alpha == 255 ? colour[1] : premultiply(colour[1], alpha);
            pixel[BLUE] = alpha == 255 ? colour[2] : premultiply(colour[2], alpha);
        }
    }
    return 0;
}

int cpd_colour_transform_apply(const struct cpd_colour_transform *transform, uint8_t *pixels, int width, int height, size_t stride,
                               int is_opaque) {
    if (width <= 0 || height <= 0 || stride < (size_t)width * 4) return -2;
    if (transform->is_grey) return apply_grey(transform, pixels, width, height, stride);
    if (is_opaque) {
        cmsDoTransformLineStride(transform->transform, pixels, pixels, (cmsUInt32Number)width, (cmsUInt32Number)height,
                                 (cmsUInt32Number)stride, (cmsUInt32Number)stride, 0, 0);
        return 0;
    }
    /* Colours are converted straight: each row with transparency is made straight, converted,
     * and premultiplied again by its own alpha. */
    uint8_t *straight = malloc((size_t)width * 4);
    if (straight == NULL) return -2;
    for (int y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * stride;
        int opaque = 1;
        for (int x = 0; x < width && opaque; x++) opaque = row[x * 4 + ALPHA] == 255;
        if (opaque) {
            cmsDoTransform(transform->transform, row, row, (cmsUInt32Number)width);
            continue;
        }
        for (int x = 0; x < width; x++) {
            const uint8_t *pixel = row + (size_t)x * 4;
            uint8_t *target = straight + (size_t)x * 4;
            uint8_t alpha = pixel[ALPHA];
            target[ALPHA] = alpha;
            for (int channel = 0; channel < 4; channel++)
                if (channel != ALPHA) target[channel] = alpha == 0 ? 0 : alpha == 255 ? pixel[channel] : unpremultiply(pixel[channel], alpha);
        }
        cmsDoTransform(transform->transform, straight, straight, (cmsUInt32Number)width);
        for (int x = 0; x < width; x++) {
            uint8_t *pixel = row + (size_t)x * 4;
            const uint8_t *source = straight + (size_t)x * 4;
            uint8_t alpha = pixel[ALPHA];
            if (alpha == 0) continue;
            for (int channel = 0; channel < 4; channel++)
                if (channel != ALPHA) pixel[channel] = alpha == 255 ? source[channel] : premultiply(source[channel], alpha);
        }
    }
    free(straight);
    return 0;
}

/* MARK: zlib */

uint8_t *cpd_inflate(const uint8_t *bytes, size_t length, size_t limit, size_t *inflated, int *status) {
    *inflated = 0;
    *status = CPD_INFLATE_DAMAGED;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return NULL;
    size_t capacity = length * 4 < 4096 ? 4096 : length * 4;
    if (capacity > limit + 1) capacity = limit + 1;
    uint8_t *output = malloc(capacity);
    stream.next_in = (Bytef *)bytes;
    stream.avail_in = (uInt)(length > UINT32_MAX ? UINT32_MAX : length);
    int code = Z_OK;
    while (output != NULL) {
        stream.next_out = output + stream.total_out;
        stream.avail_out = (uInt)(capacity - stream.total_out);
        code = inflate(&stream, Z_NO_FLUSH);
        if (code == Z_STREAM_END) break;
        if (code != Z_OK && code != Z_BUF_ERROR) break;
        if (stream.avail_out > 0) { /* no progress possible: the data ends early */
            code = Z_DATA_ERROR;
            break;
        }
        if (capacity > limit) {
            *status = CPD_INFLATE_TOO_LARGE;
            code = Z_MEM_ERROR;
            break;
        }
        size_t grown = capacity * 2 > limit + 1 ? limit + 1 : capacity * 2;
        uint8_t *larger = realloc(output, grown);
        if (larger == NULL) break;
        output = larger;
        capacity = grown;
    }
    size_t total = stream.total_out;
    inflateEnd(&stream);
    if (code != Z_STREAM_END || output == NULL) {
        free(output);
        return NULL;
    }
    if (total > limit) {
        *status = CPD_INFLATE_TOO_LARGE;
        free(output);
        return NULL;
    }
    *status = CPD_INFLATE_OK;
    *inflated = total;
    return output;
}
