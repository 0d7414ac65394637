#define _GNU_SOURCE
#include "CPictureDecoding.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jpeglib.h>
#include <jerror.h>

/* A region of a JPEG, decoded at 1/scale_denom of its size by libjpeg-turbo's DCT scaling (1, 2,
 * 4 or 8), reading no more than the region needs: its columns by jpeg_crop_scanline (whole iMCUs,
 * the extra cut off here), the rows above it by jpeg_skip_scanlines, the rows below never. */

struct region_source {
    struct jpeg_source_mgr manager;
    const struct cpd_source *source;
    int64_t offset;
    uint8_t buffer[65536];
};

struct region_error {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
    struct cpd_scaled_result *result;
};

static const JOCTET end_of_image[2] = {0xFF, JPEG_EOI};

static void region_init_source(j_decompress_ptr info) { (void)info; }

static boolean region_fill_input(j_decompress_ptr info) {
    struct region_source *reader = (struct region_source *)info->src;
    const struct cpd_source *source = reader->source;
    int64_t count = 0;
    if (reader->offset < source->size) {
        size_t wanted = sizeof reader->buffer;
        if ((int64_t)wanted > source->size - reader->offset) wanted = (size_t)(source->size - reader->offset);
        if (source->descriptor < 0) {
            memcpy(reader->buffer, source->bytes + reader->offset, wanted);
            count = (int64_t)wanted;
        } else {
            ssize_t got;
            do got = pread(source->descriptor, reader->buffer, wanted, reader->offset);
            while (got < 0 && errno == EINTR);
            count = got > 0 ? got : 0;
        }
    }
    if (count <= 0) {
        /* Cut short: as libjpeg's own readers do, an end marker, so what arrived is shown. */
        WARNMS(info, JWRN_JPEG_EOF);
        reader->manager.next_input_byte = end_of_image;
        reader->manager.bytes_in_buffer = 2;
        return TRUE;
    }
    reader->offset += count;
    reader->manager.next_input_byte = reader->buffer;
    reader->manager.bytes_in_buffer = (size_t)count;
    return TRUE;
}

static void region_skip_input(j_decompress_ptr info, long count) {
    struct region_source *reader = (struct region_source *)info->src;
    if (count <= 0) return;
    if ((size_t)count <= reader->manager.bytes_in_buffer) {
        reader->manager.next_input_byte += count;
        reader->manager.bytes_in_buffer -= (size_t)count;
        return;
    }
    /* Past the buffer: seek on instead of reading what is skipped. */
    reader->offset += count - (long)reader->manager.bytes_in_buffer;
    reader->manager.bytes_in_buffer = 0;
    reader->manager.next_input_byte = reader->buffer;
}

static void region_term_source(j_decompress_ptr info) { (void)info; }

static void region_failed(j_common_ptr info) {
    struct region_error *error = (struct region_error *)info->err;
    if (error->result->message[0] == 0) (*info->err->format_message)(info, error->result->message);
    longjmp(error->escape, 1);
}

static void region_warned(j_common_ptr info, int level) {
    struct region_error *error = (struct region_error *)info->err;
    if (level >= 0) return; /* trace messages */
    if (error->result->message[0] == 0) (*info->err->format_message)(info, error->result->message);
}

int cpd_decode_jpeg_region(const struct cpd_source *source, const struct cpd_region_request *request, uint8_t *output,
                           struct cpd_scaled_result *result) {
    memset(result, 0, sizeof *result);
    int denom = request->scale_denom;
    if (denom != 1 && denom != 2 && denom != 4 && denom != 8) {
        snprintf(result->message, sizeof result->message, "a scale of 1/%d is not one JPEG decodes at (1, 1/2, 1/4, 1/8)", denom);
        return -1;
    }
    if (request->width <= 0 || request->height <= 0 || request->x < 0 || request->y < 0) {
        snprintf(result->message, sizeof result->message, "an empty region");
        return -1;
    }
    memset(output, 0, (size_t)request->width * (size_t)request->height * 4);

    struct jpeg_decompress_struct info;
    struct region_error error;
    struct region_source *reader = calloc(1, sizeof *reader);
    uint8_t *row = NULL;
    if (reader == NULL) {
        snprintf(result->message, sizeof result->message, "out of memory");
        return -1;
    }
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = region_failed;
    error.manager.emit_message = region_warned;
    error.result = result;
    volatile int status = -1;
    volatile int rows = 0;
    if (setjmp(error.escape)) {
        free(row);
        jpeg_destroy_decompress(&info);
        free(reader);
        result->rows_decoded = rows;
        return rows > 0 ? 1 : -1;
    }
    jpeg_create_decompress(&info);
    reader->source = source;
    reader->manager.init_source = region_init_source;
    reader->manager.fill_input_buffer = region_fill_input;
    reader->manager.skip_input_data = region_skip_input;
    reader->manager.resync_to_restart = jpeg_resync_to_restart;
    reader->manager.term_source = region_term_source;
    info.src = &reader->manager;
    jpeg_read_header(&info, TRUE);
    result->width = (int)info.image_width;
    result->height = (int)info.image_height;
    if ((int)info.image_width != request->declared_width || (int)info.image_height != request->declared_height) {
        snprintf(result->message, sizeof result->message, "the picture is %ux%u, not the %dx%d its header declared", info.image_width,
                 info.image_height, request->declared_width, request->declared_height);
        longjmp(error.escape, 1);
    }
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        snprintf(result->message, sizeof result->message, "a CMYK JPEG is decoded whole, not in regions");
        longjmp(error.escape, 1);
    }
    info.scale_num = 1;
    info.scale_denom = (unsigned)denom;
    info.out_color_space = JCS_EXT_RGBA;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    int width = (int)info.output_width, height = (int)info.output_height;
    if (request->x + request->width > width || request->y + request->height > height) {
        snprintf(result->message, sizeof result->message, "the region %dx%d at (%d, %d) is not inside the %dx%d picture", request->width,
                 request->height, request->x, request->y, width, height);
        longjmp(error.escape, 1);
    }
    JDIMENSION offset = (JDIMENSION)request->x, cropped = (JDIMENSION)request->width;
    if (request->x > 0 || request->width < width) jpeg_crop_scanline(&info, &offset, &cropped);
    size_t shift = (size_t)((JDIMENSION)request->x - offset);
    row = malloc((size_t)cropped * 4);
    if (row == NULL) {
        snprintf(result->message, sizeof result->message, "out of memory");
        longjmp(error.escape, 1);
    }
    if (request->y > 0 && jpeg_skip_scanlines(&info, (JDIMENSION)request->y) != (JDIMENSION)request->y) {
        snprintf(result->message, sizeof result->message, "the rows above the region could not be skipped");
        longjmp(error.escape, 1);
    }
    for (int y = 0; y < request->height; y++) {
        JSAMPROW rows_out[1] = {row};
        if (jpeg_read_scanlines(&info, rows_out, 1) != 1) break;
        memcpy(output + (size_t)y * (size_t)request->width * 4, row + shift * 4, (size_t)request->width * 4);
        rows = y + 1;
    }
    result->rows_decoded = rows;
    status = rows == request->height && result->message[0] == 0 ? 0 : 1;
    free(row);
    row = NULL;
    jpeg_abort_decompress(&info); /* the rows below the region are never read */
    jpeg_destroy_decompress(&info);
    free(reader);
    return status;
}
