#ifndef CPICTUREDECODING_H
#define CPICTUREDECODING_H

/* The C side of decoding pictures in confined helper processes: starting a helper, confining it
 * (seccomp through libseccomp), passing descriptors over a Unix socket (SCM_RIGHTS), sealed
 * memory files for the pixels, the decoders that scale rows as they arrive (libpng, libtiff,
 * libwebp), and colour management (Little CMS). Everything here is called from
 * XBoardPlatform/Pictures; nothing keeps state but the owners' handles. */

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <seccomp.h>

/* MARK: Helper processes */

/* Starts `path` with `argv` and `envp`: descriptors 0–2 on /dev/null, `socket` as descriptor 3
 * and every other descriptor closed; default signal actions and an empty signal mask.
 * Returns 0 and the pid, or an errno value. */
int cpd_spawn_helper(const char *path, char *const argv[], char *const envp[], int socket, pid_t *pid);

/* A connected pair of SOCK_SEQPACKET Unix sockets (close-on-exec); 0 or an errno value. */
int cpd_socket_pair(int pair[2]);

/* Sends `length` bytes as one message with `descriptor` attached (none when negative), never
 * raising SIGPIPE. Returns the bytes sent or -1 with errno set. */
ssize_t cpd_send_message(int socket, const void *bytes, size_t length, int descriptor);

/* Receives one message of at most `capacity` bytes. `*descriptor` is the one descriptor that came
 * with it (close-on-exec) or -1; any further descriptors are closed. Returns the length, 0 at the
 * end of the stream, -1 with errno set, or -2 when the message or its attachments were cut
 * (whatever came is closed and dropped). */
ssize_t cpd_receive_message(int socket, void *bytes, size_t capacity, int *descriptor);

/* Processors this process may run on (its CPU affinity), at least 1. */
int cpd_usable_processors(void);

/* MARK: Confinement */

/* prctl(PR_SET_NO_NEW_PRIVS, 1): no exec can gain privileges; needed for an unprivileged seccomp filter. */
int cpd_set_no_new_privileges(void);
/* prctl(PR_SET_PDEATHSIG, signal): the signal arrives when the parent thread ends. */
int cpd_set_parent_death_signal(int signal);
/* The values of the prctl options the seccomp filter admits. */
int cpd_prctl_set_name(void);
int cpd_prctl_get_name(void);
/* Closes every descriptor from `lowest` up. */
int cpd_close_descriptors_from(unsigned int lowest);
/* An errno action for seccomp (SCMP_ACT_ERRNO is a macro). */
uint32_t cpd_seccomp_errno_action(int code);
/* The seccomp mode the process runs in (2: filter), from prctl(PR_GET_SECCOMP). */
int cpd_seccomp_mode(void);
/* The flags clone() must carry to start a thread, not a process (CLONE_THREAD and friends). */
unsigned long cpd_thread_clone_flags(void);
/* Whether AddressSanitizer is in this process (it reserves terabytes of address space, so no
 * address-space limit can be set, and its runtime needs more system calls). */
int cpd_has_address_sanitizer(void);

/* MARK: Sealed memory files */

/* A memory file for pixels: close-on-exec and sealable. Returns it, or -1 with errno set. */
int cpd_memory_file(const char *name);
/* Seals it against shrinking, growing, writing and further seals; 0 or -1 with errno set. */
int cpd_seal_memory_file(int descriptor);
/* 1 when all four seals are in place, 0 when some are missing, -1 when it is no sealable memory file. */
int cpd_memory_file_is_sealed(int descriptor);

/* MARK: Decoders that scale rows as they arrive */

/* Where the bytes come from: a descriptor read with pread (when `descriptor` >= 0), or memory. */
struct cpd_source {
    int descriptor;
    const uint8_t *bytes;
    int64_t size;
};

/* What a scaled decode did. */
struct cpd_scaled_result {
    /* The picture's size as stored, from its own header. */
    int width, height;
    /* Whether the picture holds alpha (the output has 255 everywhere otherwise). */
    int has_alpha;
    /* TIFF: the orientation (1–8) libtiff applied part of, as gdk-pixbuf's TIFF loader does. */
    int orientation;
    /* Rows of the stored picture that decoded; fewer than `height` when it is cut short. */
    int rows_decoded;
    /* The decoder's first error or warning, or empty. */
    char message[256];
};

/* What a scaled decode is asked for: the picture's size as its header declared it (the library
 * must find the same, or nothing is decoded: the board planned memory for this size) and the
 * size to scale it to. */
struct cpd_scaled_request {
    int declared_width, declared_height;
    int target_width, target_height;
};

/* Decodes the picture scaled to the target size into `output` (straight RGBA, 8 bits, rows of
 * target_width × 4 bytes; rows that did not decode are transparent, or black where the picture
 * has no alpha). Returns 0 when every row decoded, 1 when the picture is cut short (the rows
 * that arrived are there), -1 when nothing could be decoded (see `message`). */
int cpd_decode_png_scaled(const struct cpd_source *source, const struct cpd_scaled_request *request, uint8_t *output,
                          struct cpd_scaled_result *result);
int cpd_decode_tiff_scaled(const struct cpd_source *source, const struct cpd_scaled_request *request, uint8_t *output,
                           struct cpd_scaled_result *result);
int cpd_decode_webp_scaled(const struct cpd_source *source, const struct cpd_scaled_request *request, uint8_t *output,
                           struct cpd_scaled_result *result);

/* A region of a picture at one of the scales it decodes at directly: `scale_denom` 1, 2, 4 or 8 (JPEG's
 * DCT scaling), and the region in pixels of the picture so scaled. */
struct cpd_region_request {
    int declared_width, declared_height;
    int scale_denom;
    int x, y, width, height;
};

/* Decodes a region of a JPEG (jpeg_region.c) into `output` (straight RGBA, rows of width × 4 bytes),
 * reading only what it needs: the columns by libjpeg-turbo's jpeg_crop_scanline, the rows above by
 * jpeg_skip_scanlines, none below. Returns 0 when every row decoded, 1 when the file is cut short (the
 * rows that arrived are there; libjpeg fills the rest grey), -1 when nothing could be decoded (see
 * `message`; a CMYK JPEG is refused: it is decoded whole). */
int cpd_decode_jpeg_region(const struct cpd_source *source, const struct cpd_region_request *request, uint8_t *output,
                           struct cpd_scaled_result *result);

/* MARK: Colour management (Little CMS, colour.c) */

/* Room for a message from the functions below (NUL-terminated, cut to fit). */
#define CPD_COLOUR_MESSAGE_SIZE 256

/* What a profile's colours are. */
enum { CPD_PROFILE_OTHER = 0, CPD_PROFILE_RGB = 1, CPD_PROFILE_GREY = 2 };

/* A Little CMS profile (cmsHPROFILE) read from ICC bytes, or NULL with `message` set. The bytes
 * are copied. Close it with cpd_profile_close. */
void *cpd_profile_from_icc(const uint8_t *bytes, size_t length, char *message);
/* An RGB profile from white x, y and red, green, blue x, y (`chromaticities`) and one
 * parametric tone curve (`curve_type` as Little CMS numbers them, 1–5 for the ICC's types 0–4,
 * with its parameters) for the three channels; or NULL with `message` set. */
void *cpd_profile_from_model(const double chromaticities[8], int curve_type, const double *parameters, char *message);
/* Little CMS's built-in sRGB. */
void *cpd_profile_srgb(void);
void cpd_profile_close(void *profile);
/* 1 when the profile makes white white and black dark (see colour.c); 0 when it does not, -1 when
 * Little CMS cannot convert from it, with `message` set. */
int cpd_profile_is_plausible(void *profile, char *message);
/* CPD_PROFILE_RGB, CPD_PROFILE_GREY or CPD_PROFILE_OTHER. */
int cpd_profile_kind(void *profile);
/* The profile as ICC bytes: its length when `bytes` is NULL, else the length written (at most
 * `capacity`), or -1. */
int cpd_profile_save(void *profile, uint8_t *bytes, size_t capacity);

/* A conversion of premultiplied ARGB32 pixels in native byte order (cairo's) from an RGB or grey
 * `source` profile to an RGB `target` profile, with the perceptual intent; or NULL with `message`
 * set. It only reads its state once made, so threads may share it. */
struct cpd_colour_transform;
struct cpd_colour_transform *cpd_colour_transform_new(void *source, void *target, char *message);
/* 1 when it moves no channel of any colour by more than one level (then it need not run); never
 * for a grey source, whose conversion also checks that the picture is grey. */
int cpd_colour_transform_is_identity(const struct cpd_colour_transform *transform);
/* 1 when its source is a grey profile. */
int cpd_colour_transform_is_grey(const struct cpd_colour_transform *transform);
/* Converts `height` rows of `width` pixels, `stride` bytes apart, in place; `is_opaque` when every
 * alpha is 255 (one pass, no premultiplication to undo). Returns 0; -1 when the source is grey and
 * a pixel is not (nothing is changed then); -2 on bad sizes or no memory. */
int cpd_colour_transform_apply(const struct cpd_colour_transform *transform, uint8_t *pixels, int width, int height, size_t stride,
                               int is_opaque);
void cpd_colour_transform_free(struct cpd_colour_transform *transform);

/* How an inflate ended. */
enum { CPD_INFLATE_OK = 0, CPD_INFLATE_DAMAGED = 1, CPD_INFLATE_TOO_LARGE = 2 };
/* Inflates zlib data (a PNG iCCP profile) to at most `limit` bytes: a buffer to free(), with its
 * length in `*inflated`; NULL with `*status` saying why. */
uint8_t *cpd_inflate(const uint8_t *bytes, size_t length, size_t limit, size_t *inflated, int *status);

/* MARK: Thumbnails */

/* Encodes `height` rows of `width` premultiplied ARGB32 pixels (native-endian words, rows
 * `stride` bytes apart; their alpha taken as opaque unless `has_alpha`) as an 8-bit RGBA,
 * non-interlaced PNG — what the freedesktop thumbnail standard asks for — with `count` text
 * entries, `keys[i]` = `values[i]` (tEXt when the value is ASCII, else uncompressed iTXt as
 * UTF-8). Returns a buffer to free(), its length in `*length`; NULL when it cannot. */
uint8_t *cpd_encode_thumbnail_png(const uint8_t *pixels, int width, int height, size_t stride, int has_alpha, const char *const *keys,
                                  const char *const *values, int count, size_t *length);

#endif
