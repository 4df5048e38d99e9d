// The image data of an 8-bit RGBA PNG written without libpng: filtered rows, one zlib stream,
// IDAT chunks and IEND. Internal to CPNGShim.
#ifndef LFX_IMAGE_DATA_H
#define LFX_IMAGE_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "CPNGShim.h"

/// Appends the IDAT chunks and IEND of a non-interlaced 8-bit RGBA image to `output`: every row
/// filtered with Up (for the first row, the row above is zeros), the filtered rows deflated as
/// one zlib stream (RFC 1950) by ISA-L's igzip at `compression_level` 1 and by zlib at the
/// others (0-9), cut into IDAT chunks of at most 256 KiB. `rgba` holds `height` rows of `row_bytes` bytes, `width × 4` samples each.
/// Returns LFX_PNG_OK, or LFX_PNG_OUT_OF_MEMORY / LFX_PNG_ENCODE_FAILED with `message` set;
/// on failure `output` may hold part of the data.
///
/// Source: PNG Specification (Second Edition) §5.3 (chunk layout, CRC over type and data),
/// §9.2 (filter type 2, Up), §10 (one zlib stream split over consecutive IDAT chunks), §11.2.5
/// (IEND).
lfx_png_status lfx_write_up_filtered_image_data(
    const uint8_t *rgba, uint32_t width, uint32_t height, size_t row_bytes,
    int compression_level, lfx_png_buffer *output, char *message, size_t message_capacity);

#endif
