// The image data of an 8-bit RGBA PNG or APNG frame written without libpng: filtered rows, one
// zlib stream, IDAT or fdAT chunks, and IEND. Internal to CPNGShim.
#ifndef LFX_IMAGE_DATA_H
#define LFX_IMAGE_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "CPNGShim.h"

/// Appends the image data chunks of a non-interlaced 8-bit RGBA image to `output`: every row
/// filtered with Up (for the first row, the row above is zeros), the filtered rows deflated as
/// one zlib stream (RFC 1950) by ISA-L's igzip at `compression_level` 1 and by zlib at the
/// others (0-9), cut into chunks named `type` ("IDAT", or APNG's "fdAT") of at most 256 KiB of
/// compressed bytes. When `sequence` is not NULL, each chunk's data starts with `*sequence` as a
/// 4-byte big-endian number, and `*sequence` goes up by one per chunk (APNG fdAT). `rgba` holds
/// `height` rows of `row_bytes` bytes, `width × 4` samples each.
/// Returns LFX_PNG_OK, or LFX_PNG_OUT_OF_MEMORY / LFX_PNG_ENCODE_FAILED with `message` set;
/// on failure `output` may hold part of the data.
///
/// Source: PNG Specification (Second Edition) §5.3 (chunk layout, CRC over type and data),
/// §9.2 (filter type 2, Up), §10 (one zlib stream split over consecutive IDAT chunks); APNG
/// Specification, https://wiki.mozilla.org/APNG_Specification (fdAT: a sequence number, then
/// the frame's data as IDAT would hold it).
lfx_png_status lfx_write_up_filtered_chunks(
    const uint8_t *rgba, uint32_t width, uint32_t height, size_t row_bytes,
    int compression_level, const char type[4], uint32_t *sequence, lfx_png_buffer *output,
    char *message, size_t message_capacity);

/// Appends IEND to `output`. Returns LFX_PNG_OK, or LFX_PNG_OUT_OF_MEMORY with `message` set.
///
/// Source: PNG Specification (Second Edition) §11.2.5 (IEND).
lfx_png_status lfx_write_iend(lfx_png_buffer *output, char *message, size_t message_capacity);

#endif
