/* Writing thumbnails for the freedesktop shared thumbnail cache: pixels the board already holds
 * (premultiplied ARGB32, as a decoding helper handed them back) encoded as an 8-bit RGBA,
 * non-interlaced PNG with the cache's text keys, into memory (the caller writes the file
 * atomically). cairo's PNG writer cannot add text chunks; libpng can. */

#include "CPictureDecoding.h"

#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct cpd_png_buffer {
    uint8_t *bytes;
    size_t length;
    size_t capacity;
};

static void cpd_png_append(png_structp png, png_bytep data, png_size_t length) {
    struct cpd_png_buffer *buffer = png_get_io_ptr(png);
    if (length > SIZE_MAX - buffer->length) png_error(png, "too large");
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity < 4096 ? 4096 : buffer->capacity;
        while (capacity < buffer->length + length) {
            if (capacity > SIZE_MAX / 2) png_error(png, "too large");
            capacity *= 2;
        }
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length += length;
}

static void cpd_png_flush(png_structp png) { (void)png; }

static int cpd_is_ascii(const char *text) {
    for (; *text != '\0'; text++)
        if ((unsigned char)*text >= 0x80) return 0;
    return 1;
}

/* One straight (not premultiplied) 8-bit channel from a premultiplied one. */
static uint8_t cpd_straight(uint32_t value, uint32_t alpha) {
    if (alpha == 0) return 0;
    uint32_t straight = (value * 255 + alpha / 2) / alpha;
    return (uint8_t)(straight > 255 ? 255 : straight);
}

uint8_t *cpd_encode_thumbnail_png(const uint8_t *pixels, int width, int height, size_t stride, int has_alpha, const char *const *keys,
                                  const char *const *values, int count, size_t *length) {
    *length = 0;
    if (pixels == NULL || width <= 0 || height <= 0 || width > 32767 || height > 32767 || stride < (size_t)width * 4 || count < 0)
        return NULL;
    struct cpd_png_buffer buffer = {NULL, 0, 0};
    uint8_t *row = malloc((size_t)width * 4);
    png_textp text = calloc(count > 0 ? (size_t)count : 1, sizeof(png_text));
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (row == NULL || text == NULL || png == NULL || info == NULL) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(text);
        return NULL;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(text);
        free(buffer.bytes);
        return NULL;
    }
    png_set_write_fn(png, &buffer, cpd_png_append, cpd_png_flush);
    /* Quick over small: zlib's fastest level and one filter (Sub, good for photographs) take a
     * third of the default's time for a 128 px thumbnail, for a file a tenth larger: the board
     * writes one per photo while it opens. Z_RLE ("almost as fast as Z_HUFFMAN_ONLY, but better
     * compression for PNG image data", zlib.h) halves level 1's time again for a photograph's
     * Sub-filtered rows and makes them smaller (a noisy 128x96 photo: 0.65 -> 0.36 ms, 28.7 ->
     * 24.6 KB); it was a sixth of the board's work while it opened ten thousand. */
    png_set_compression_level(png, 1);
    png_set_compression_strategy(png, Z_RLE);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    for (int index = 0; index < count; index++) {
        text[index].key = (png_charp)keys[index];
        text[index].text = (png_charp)values[index];
        /* tEXt holds Latin-1: anything beyond ASCII goes into an uncompressed iTXt as UTF-8. */
        if (cpd_is_ascii(values[index])) {
            text[index].compression = PNG_TEXT_COMPRESSION_NONE;
            text[index].text_length = strlen(values[index]);
        } else {
            text[index].compression = PNG_ITXT_COMPRESSION_NONE;
            text[index].itxt_length = strlen(values[index]);
        }
    }
    if (count > 0) png_set_text(png, info, text, count);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const uint8_t *source = pixels + (size_t)y * stride;
        for (int x = 0; x < width; x++) {
            uint32_t pixel;
            memcpy(&pixel, source + (size_t)x * 4, 4);
            uint32_t alpha = has_alpha ? pixel >> 24 : 255;
            uint8_t *target = row + (size_t)x * 4;
            target[0] = cpd_straight((pixel >> 16) & 0xFF, alpha);
            target[1] = cpd_straight((pixel >> 8) & 0xFF, alpha);
            target[2] = cpd_straight(pixel & 0xFF, alpha);
            target[3] = (uint8_t)alpha;
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    free(text);
    *length = buffer.length;
    return buffer.bytes;
}
