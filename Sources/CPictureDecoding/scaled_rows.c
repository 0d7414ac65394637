#define _GNU_SOURCE
#include "CPictureDecoding.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>
#include <unistd.h>
#include <webp/decode.h>

/* MARK: Reading the source */

static int64_t source_read(const struct cpd_source *source, int64_t offset, void *buffer, size_t count) {
    if (offset < 0 || offset >= source->size) return 0;
    if ((int64_t)count > source->size - offset) count = (size_t)(source->size - offset);
    if (source->descriptor < 0) {
        memcpy(buffer, source->bytes + offset, count);
        return (int64_t)count;
    }
    size_t done = 0;
    while (done < count) {
        ssize_t got = pread(source->descriptor, (uint8_t *)buffer + done, count - done, offset + (int64_t)done);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return done > 0 ? (int64_t)done : -1;
        if (got == 0) break;
        done += (size_t)got;
    }
    return (int64_t)done;
}

static void set_message(struct cpd_scaled_result *result, const char *format, ...) {
    if (result->message[0] != 0) return;  /* the first one says most */
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(result->message, sizeof result->message, format, arguments);
    va_end(arguments);
}

/* MARK: The row scaler */

/* Scales rows down as they arrive: each stored pixel is added to the one output pixel whose box
 * holds it (a box filter), weighted by its alpha so transparent pixels lend no colour. Only one
 * output row of sums is held; rows may arrive top to bottom or bottom to top, never skipping
 * about. Memory: target_width × 5 sums. */
struct row_scaler {
    int width, height, target_width, target_height;
    uint8_t *output;
    /* Σ r·a, Σ g·a, Σ b·a, Σ a and the count, per output pixel of the current output row. */
    uint64_t *sums;
    int current_row; /* output row the sums belong to, or -1 */
};

static int scaler_init(struct row_scaler *scaler, int width, int height, int target_width, int target_height, uint8_t *output) {
    scaler->width = width;
    scaler->height = height;
    scaler->target_width = target_width;
    scaler->target_height = target_height;
    scaler->output = output;
    scaler->current_row = -1;
    scaler->sums = calloc((size_t)target_width * 5, sizeof(uint64_t));
    return scaler->sums != NULL ? 0 : -1;
}

static void scaler_flush(struct row_scaler *scaler) {
    if (scaler->current_row < 0) return;
    uint8_t *row = scaler->output + (size_t)scaler->current_row * scaler->target_width * 4;
    for (int x = 0; x < scaler->target_width; x++) {
        uint64_t *sum = scaler->sums + (size_t)x * 5;
        if (sum[4] == 0) continue;
        uint64_t alpha = sum[3];
        for (int channel = 0; channel < 3; channel++) row[x * 4 + channel] = alpha > 0 ? (uint8_t)((sum[channel] + alpha / 2) / alpha) : 0;
        row[x * 4 + 3] = (uint8_t)((alpha + sum[4] / 2) / sum[4]);
    }
    memset(scaler->sums, 0, (size_t)scaler->target_width * 5 * sizeof(uint64_t));
    scaler->current_row = -1;
}

/* Adds stored row `y` (RGBA, 8 bits; premultiplied when `premultiplied`). */
static void scaler_add_row(struct row_scaler *scaler, int y, const uint8_t *pixels, int premultiplied) {
    int target_row = (int)((int64_t)y * scaler->target_height / scaler->height);
    if (target_row != scaler->current_row) {
        scaler_flush(scaler);
        scaler->current_row = target_row;
    }
    int target_x = 0;
    int64_t next = ((int64_t)1 * scaler->width + scaler->target_width - 1) / scaler->target_width; /* first x of box 1 */
    uint64_t *sum = scaler->sums;
    for (int x = 0; x < scaler->width; x++) {
        while (x >= next && target_x < scaler->target_width - 1) {
            target_x++;
            sum += 5;
            next = ((int64_t)(target_x + 1) * scaler->width + scaler->target_width - 1) / scaler->target_width;
        }
        const uint8_t *pixel = pixels + (size_t)x * 4;
        uint64_t alpha = pixel[3];
        if (premultiplied) {
            sum[0] += (uint64_t)pixel[0] * 255;
            sum[1] += (uint64_t)pixel[1] * 255;
            sum[2] += (uint64_t)pixel[2] * 255;
        } else {
            sum[0] += pixel[0] * alpha;
            sum[1] += pixel[1] * alpha;
            sum[2] += pixel[2] * alpha;
        }
        sum[3] += alpha;
        sum[4] += 1;
    }
}

static void scaler_finish(struct row_scaler *scaler) {
    scaler_flush(scaler);
    free(scaler->sums);
    scaler->sums = NULL;
}

/* Rows that never arrived: transparent, or black where the picture has no alpha. */
static void fill_missing(uint8_t *output, int target_width, int target_height, int has_alpha, const uint8_t *touched) {
    for (int y = 0; y < target_height; y++) {
        if (touched[y]) continue;
        uint8_t *row = output + (size_t)y * target_width * 4;
        memset(row, 0, (size_t)target_width * 4);
        if (!has_alpha)
            for (int x = 0; x < target_width; x++) row[x * 4 + 3] = 255;
    }
}

static void mark_row(uint8_t *touched, const struct row_scaler *scaler, int y) {
    touched[(int64_t)y * scaler->target_height / scaler->height] = 1;
}

/* MARK: PNG (libpng's progressive reader, so a cut-short file gives the rows that arrived;
 * interlaced files go to the loader instead) */

struct png_context {
    struct cpd_scaled_result *result;
    const struct cpd_scaled_request *request;
    jmp_buf jump;
    int target_width, target_height;
    uint8_t *output;
    /* What the decode holds, freed on every way out (kept here, not in locals, so a longjmp
     * from libpng finds it as it was). */
    uint8_t *chunk, *touched;
    struct row_scaler scaler;
    int finished;
};

static void png_failed(png_structp png, png_const_charp message) {
    struct png_context *context = png_get_error_ptr(png);
    set_message(context->result, "%s", message);
    longjmp(context->jump, 1);
}

static void png_warned(png_structp png, png_const_charp message) { (void)png, (void)message; }

static void png_header_read(png_structp png, png_infop info) {
    struct png_context *context = png_get_progressive_ptr(png);
    struct cpd_scaled_result *result = context->result;
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    int color_type = png_get_color_type(png, info);
    result->width = (int)width;
    result->height = (int)height;
    result->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    if ((int64_t)width != context->request->declared_width || (int64_t)height != context->request->declared_height)
        png_error(png, "libpng reads another size than the header declares");
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) png_error(png, "interlaced PNGs are not decoded row by row");
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row layout");
    context->touched = calloc((size_t)context->target_height, 1);
    if (context->touched == NULL ||
        scaler_init(&context->scaler, (int)width, (int)height, context->target_width, context->target_height, context->output) != 0)
        png_error(png, "out of memory");
}

static void png_row_read(png_structp png, png_bytep row, png_uint_32 number, int pass) {
    (void)pass;
    struct png_context *context = png_get_progressive_ptr(png);
    if (row == NULL || context->scaler.sums == NULL || (int)number >= context->scaler.height) return;
    scaler_add_row(&context->scaler, (int)number, row, 0);
    mark_row(context->touched, &context->scaler, (int)number);
    context->result->rows_decoded = (int)number + 1;
}

static void png_image_ended(png_structp png, png_infop info) {
    (void)info;
    ((struct png_context *)png_get_progressive_ptr(png))->finished = 1;
}

static int png_finish(struct png_context *context, png_structp png, png_infop info) {
    struct cpd_scaled_result *result = context->result;
    int status = -1;
    if (context->scaler.sums != NULL) {
        scaler_finish(&context->scaler);
        status = result->rows_decoded == result->height ? 0 : result->rows_decoded > 0 ? 1 : -1;
        if (status == 1 && result->message[0] == 0) set_message(result, "the file ends after row %d", result->rows_decoded);
        fill_missing(context->output, context->target_width, context->target_height, result->has_alpha, context->touched);
    }
    free(context->chunk);
    free(context->touched);
    png_destroy_read_struct(&png, info != NULL ? &info : NULL, NULL);
    free(context);
    return status;
}

int cpd_decode_png_scaled(const struct cpd_source *source, const struct cpd_scaled_request *request, uint8_t *output,
                          struct cpd_scaled_result *result) {
    memset(result, 0, sizeof *result);
    struct png_context *context = calloc(1, sizeof *context);
    if (context == NULL) return -1;
    context->result = result;
    context->request = request;
    context->target_width = request->target_width;
    context->target_height = request->target_height;
    context->output = output;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, png_failed, png_warned);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    context->chunk = malloc(1 << 16);
    if (png == NULL || info == NULL || context->chunk == NULL) {
        set_message(result, "out of memory");
        return png_finish(context, png, info);
    }
    if (setjmp(context->jump) != 0) return png_finish(context, png, info);
    png_set_crc_action(png, PNG_CRC_DEFAULT, PNG_CRC_WARN_USE);
    png_set_progressive_read_fn(png, context, png_header_read, png_row_read, png_image_ended);
    int64_t offset = 0;
    while (!context->finished) {
        int64_t got = source_read(source, offset, context->chunk, 1 << 16);
        if (got <= 0) break;
        offset += got;
        png_process_data(png, info, context->chunk, (size_t)got);
    }
    return png_finish(context, png, info);
}

/* MARK: TIFF (libtiff, a strip at a time; tiled files go to the loader instead) */

static tmsize_t tiff_read(thandle_t handle, void *buffer, tmsize_t size);
static tmsize_t tiff_write(thandle_t handle, void *buffer, tmsize_t size) { (void)handle, (void)buffer, (void)size; return -1; }
static toff_t tiff_seek(thandle_t handle, toff_t offset, int whence);
static int tiff_close(thandle_t handle) { (void)handle; return 0; }
static toff_t tiff_size(thandle_t handle);
static int tiff_map(thandle_t handle, void **base, toff_t *size) { (void)handle, (void)base, (void)size; return 0; }
static void tiff_unmap(thandle_t handle, void *base, toff_t size) { (void)handle, (void)base, (void)size; }

struct tiff_context {
    const struct cpd_source *source;
    int64_t offset;
    struct cpd_scaled_result *result;
};

static tmsize_t tiff_read(thandle_t handle, void *buffer, tmsize_t size) {
    struct tiff_context *context = handle;
    int64_t got = source_read(context->source, context->offset, buffer, (size_t)size);
    if (got > 0) context->offset += got;
    return (tmsize_t)got;
}

static toff_t tiff_seek(thandle_t handle, toff_t offset, int whence) {
    struct tiff_context *context = handle;
    int64_t base = whence == SEEK_CUR ? context->offset : whence == SEEK_END ? context->source->size : 0;
    context->offset = base + (int64_t)offset;
    return (toff_t)context->offset;
}

static toff_t tiff_size(thandle_t handle) { return (toff_t)((struct tiff_context *)handle)->source->size; }

static int tiff_error(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff, (void)module;
    struct tiff_context *context = user;
    if (context->result->message[0] == 0) vsnprintf(context->result->message, sizeof context->result->message, format, arguments);
    return 1;
}

static int tiff_warning(TIFF *tiff, void *user, const char *module, const char *format, va_list arguments) {
    (void)tiff, (void)user, (void)module, (void)format, (void)arguments;
    return 1;
}

int cpd_decode_tiff_scaled(const struct cpd_source *source, const struct cpd_scaled_request *request, uint8_t *output,
                           struct cpd_scaled_result *result) {
    int target_width = request->target_width, target_height = request->target_height;
    memset(result, 0, sizeof *result);
    struct tiff_context context = {.source = source, .offset = 0, .result = result};
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) return -1;
    TIFFOpenOptionsSetErrorHandlerExtR(options, tiff_error, &context);
    TIFFOpenOptionsSetWarningHandlerExtR(options, tiff_warning, &context);
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)512 << 20);
    TIFF *tiff = TIFFClientOpenExt("picture", "rm", &context, tiff_read, tiff_write, tiff_seek, tiff_close, tiff_size, tiff_map,
                                   tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    if (tiff == NULL) {
        set_message(result, "not a TIFF libtiff can open");
        return -1;
    }
    uint32_t width = 0, height = 0, rows_per_strip = 0;
    uint16_t orientation = ORIENTATION_TOPLEFT, extra_count = 0, *extra_types = NULL;
    char reason[1024] = "";
    int status = -1;
    uint32_t *raster = NULL;
    uint8_t *touched = NULL;
    struct row_scaler scaler = {0};
    if (!TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &width) || !TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &height) || width == 0 ||
        height == 0) {
        set_message(result, "the TIFF states no size");
        goto done;
    }
    if ((int64_t)width != request->declared_width || (int64_t)height != request->declared_height) {
        set_message(result, "libtiff reads %ux%u where the header declares %dx%d", width, height, request->declared_width,
                    request->declared_height);
        goto done;
    }
    if (TIFFIsTiled(tiff)) {
        set_message(result, "tiled TIFFs are not decoded strip by strip");
        goto done;
    }
    if (!TIFFRGBAImageOK(tiff, reason)) {
        set_message(result, "%s", reason);
        goto done;
    }
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, &orientation);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_EXTRASAMPLES, &extra_count, &extra_types);
    if (rows_per_strip == 0 || rows_per_strip > height) rows_per_strip = height;
    result->width = (int)width;
    result->height = (int)height;
    result->orientation = orientation >= 1 && orientation <= 8 ? orientation : 1;
    result->has_alpha = extra_count > 0;
    raster = malloc((size_t)width * rows_per_strip * 4);
    touched = calloc((size_t)target_height, 1);
    if (raster == NULL || touched == NULL || scaler_init(&scaler, (int)width, (int)height, target_width, target_height, output) != 0) {
        set_message(result, "out of memory");
        goto done;
    }
    /* libtiff's RGBA strips run bottom to top when the file's rows run top to bottom (it aims at
     * a bottom-left origin), and it mirrors left to right for the *RIGHT orientations, as
     * gdk-pixbuf's TIFFReadRGBAImageOriented does; rows land where that function puts them. */
    int rows_run_down = orientation == ORIENTATION_TOPLEFT || orientation == ORIENTATION_TOPRIGHT || orientation == ORIENTATION_LEFTTOP ||
                        orientation == ORIENTATION_RIGHTTOP || orientation < 1 || orientation > 8;
    status = 0;
    for (uint32_t row = 0; row < height; row += rows_per_strip) {
        uint32_t count = height - row < rows_per_strip ? height - row : rows_per_strip;
        if (!TIFFReadRGBAStrip(tiff, row, raster)) {
            status = result->rows_decoded > 0 ? 1 : -1;
            set_message(result, "strip at row %u does not decode", row);
            break;
        }
        for (uint32_t line = 0; line < count; line++) {
            uint32_t stored = row + line;
            const uint32_t *pixels = raster + (size_t)(rows_run_down ? count - 1 - line : line) * width;
            int destination = rows_run_down ? (int)stored : (int)(height - 1 - stored);
            scaler_add_row(&scaler, destination, (const uint8_t *)pixels, 1);
            mark_row(touched, &scaler, destination);
        }
        result->rows_decoded = (int)(row + count);
    }
    scaler_finish(&scaler);
    fill_missing(output, target_width, target_height, result->has_alpha, touched);
done:
    if (scaler.sums != NULL) scaler_finish(&scaler);
    free(raster);
    free(touched);
    TIFFClose(tiff);
    return status;
}

/* MARK: WebP (libwebp scales while it decodes; animations go to the loader instead) */

int cpd_decode_webp_scaled(const struct cpd_source *source, const struct cpd_scaled_request *request, uint8_t *output,
                           struct cpd_scaled_result *result) {
    int target_width = request->target_width, target_height = request->target_height;
    memset(result, 0, sizeof *result);
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return -1;
    uint8_t head[64];
    int64_t got = source_read(source, 0, head, sizeof head);
    if (got <= 0 || WebPGetFeatures(head, (size_t)got, &config.input) != VP8_STATUS_OK) {
        set_message(result, "the WebP header cannot be read");
        return -1;
    }
    if (config.input.width != request->declared_width || config.input.height != request->declared_height) {
        set_message(result, "libwebp reads another size than the header declares");
        return -1;
    }
    if (config.input.has_animation) {
        set_message(result, "animated WebPs are not decoded scaled");
        return -1;
    }
    result->width = config.input.width;
    result->height = config.input.height;
    result->has_alpha = config.input.has_alpha;
    memset(output, 0, (size_t)target_width * target_height * 4);
    config.options.use_scaling = 1;
    config.options.scaled_width = target_width;
    config.options.scaled_height = target_height;
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = output;
    config.output.u.RGBA.stride = target_width * 4;
    config.output.u.RGBA.size = (size_t)target_width * target_height * 4;
    WebPIDecoder *decoder = WebPIDecode(NULL, 0, &config);
    if (decoder == NULL) {
        set_message(result, "the WebP decoder cannot start");
        return -1;
    }
    uint8_t *chunk = malloc(1 << 16);
    VP8StatusCode code = VP8_STATUS_OUT_OF_MEMORY;
    int64_t offset = 0;
    while (chunk != NULL) {
        got = source_read(source, offset, chunk, 1 << 16);
        if (got <= 0) break;
        offset += got;
        code = WebPIAppend(decoder, chunk, (size_t)got);
        if (code != VP8_STATUS_SUSPENDED) break;
    }
    free(chunk);
    int last_row = 0, width = 0, height = 0, stride = 0;
    WebPIDecGetRGB(decoder, &last_row, &width, &height, &stride);
    WebPIDelete(decoder);
    result->rows_decoded = target_height > 0 ? (int)((int64_t)last_row * result->height / target_height) : 0;
    if (code == VP8_STATUS_OK) {
        result->rows_decoded = result->height;
    } else {
        set_message(result, code == VP8_STATUS_SUSPENDED ? "the WebP data ends early" : "the WebP data is damaged (status %d)", (int)code);
    }
    if (!result->has_alpha)
        for (size_t pixel = 0; pixel < (size_t)target_width * target_height; pixel++) output[pixel * 4 + 3] = 255;
    if (code == VP8_STATUS_OK) return 0;
    return last_row > 0 ? 1 : -1;
}
