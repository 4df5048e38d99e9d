// CPNGShim: the only code in LayerFX that calls libpng.
//
// libpng reports errors with longjmp. Every setjmp and every libpng call that can fail lives in
// CPNGShim.c, so a longjmp never crosses a Swift frame; Swift sees a status code plus libpng's
// message. Nothing in this header mentions a libpng type.
//
// Decoding uses libpng's full API (png_create_read_struct, png_read_info, png_read_image), not
// the simplified png_image API, which converts gamma-encoded samples to sRGB and drops chunks.
#ifndef CPNGSHIM_H
#define CPNGSHIM_H

#include <stddef.h>
#include <stdint.h>

#include "StraightStore.h"

/// The outcome of a shim call.
typedef enum {
  /// The call succeeded.
  LFX_PNG_OK = 0,
  /// The bytes do not start with the PNG signature; the message is libpng's.
  LFX_PNG_NOT_PNG = 1,
  /// The data ended before the PNG did.
  LFX_PNG_TRUNCATED = 2,
  /// libpng rejected the data (bad CRC, bad IHDR, zlib error…); the message is libpng's.
  LFX_PNG_CORRUPT = 3,
  /// libpng failed while encoding; the message is libpng's.
  LFX_PNG_ENCODE_FAILED = 4,
  /// An allocation failed.
  LFX_PNG_OUT_OF_MEMORY = 5,
} lfx_png_status;

/// IHDR fields as stored in the file.
typedef struct {
  uint32_t width;
  uint32_t height;
  /// 1, 2, 4, 8 or 16.
  int bit_depth;
  /// PNG colour type: 0 greyscale, 2 truecolour, 3 indexed, 4 greyscale + alpha, 6 RGBA.
  int color_type;
  /// 0 none, 1 Adam7.
  int interlace_method;
} lfx_png_header;

/// A decoder reading one PNG from memory. Opaque.
typedef struct lfx_png_reader lfx_png_reader;

/// Creates a reader over `size` bytes at `bytes`, which must stay valid until it is destroyed.
///
/// `kept_names` holds `kept_count` four-letter chunk names, each followed by a NUL byte
/// ("gAMA\0cHRM\0"). Those chunks are not interpreted by libpng; their raw data is kept and is
/// available through lfx_png_reader_kept_chunk after decoding. Every other ancillary chunk
/// except tRNS is skipped unread (its CRC is still checked). Returns NULL when out of memory.
///
/// CRC policy: a bad CRC in a critical chunk (IHDR, PLTE, IDAT, IEND) fails the read with
/// LFX_PNG_CORRUPT; an ancillary chunk with a bad CRC (kept or not) is dropped with a warning
/// "NAME: CRC error; chunk dropped".
lfx_png_reader *lfx_png_reader_create(
    const uint8_t *bytes, size_t size, const char *kept_names, size_t kept_count);

/// Frees the reader and everything it holds.
void lfx_png_reader_destroy(lfx_png_reader *reader);

/// Reads the signature, IHDR and every chunk before the first IDAT (png_read_info).
///
/// IHDR must be the first chunk (PNG spec §5.6): an ancillary chunk before it fails with
/// LFX_PNG_CORRUPT and libpng's words for a chunk it reads there, "NAME: missing IHDR", whether
/// libpng would have read, skipped or kept it. Allocates nothing in proportion to the image
/// size, so a caller can check the size before decoding. On failure only
/// lfx_png_reader_message and lfx_png_reader_destroy may follow.
lfx_png_status lfx_png_reader_read_header(lfx_png_reader *reader, lfx_png_header *header);

/// Decodes the image as RGBA samples of `*sample_depth` (8 or 16) bits, then reads to IEND.
///
/// Call after lfx_png_reader_read_header. `rgba` holds `height` rows of `row_bytes` bytes;
/// a row is `width × 4` samples, one byte each at depth 8, one native-endian uint16_t each at
/// depth 16. The caller allocates it: at least `height × row_bytes` bytes where `row_bytes ≥
/// width × 4 × (sample_depth / 8)` and `sample_depth` is 16 when the IHDR bit depth is 16, else 8.
///
/// Transforms: palette → RGB, low-bit grey scaled to 8 bits, tRNS → alpha, grey → RGB,
/// opaque alpha added; no gamma, no ICC, no sBIT scaling. Adam7 is de-interlaced. A palette
/// index past the PLTE entries gives opaque black and one warning naming the first such pixel
/// (PNG Specification, Third Edition, §11.2.3 makes the index an error, §13 the black).
lfx_png_status lfx_png_reader_read_rgba(lfx_png_reader *reader, void *rgba, size_t row_bytes);

/// libpng's message for the last failure, or "" if there was none.
const char *lfx_png_reader_message(const lfx_png_reader *reader);

/// The warning lfx_png_reader_read_rgba gave for a palette index past the PLTE entries (also
/// among the warnings), or "" if it gave none.
const char *lfx_png_reader_palette_warning(const lfx_png_reader *reader);

/// The number of warnings libpng reported (they are collected, never printed).
size_t lfx_png_reader_warning_count(const lfx_png_reader *reader);

/// The warning at `index`, in the order libpng reported them.
const char *lfx_png_reader_warning(const lfx_png_reader *reader, size_t index);

/// The number of kept chunks that appeared before PLTE and the first IDAT with a correct CRC.
size_t lfx_png_reader_kept_chunk_count(const lfx_png_reader *reader);

/// The kept chunk at `index`, in file order: its name into `name[0..<4]`, its data and size.
void lfx_png_reader_kept_chunk(
    const lfx_png_reader *reader, size_t index, uint8_t name[4], const uint8_t **data,
    size_t *size);

/// A chunk to write: a four-letter name and a range of a shared data buffer.
typedef struct {
  uint8_t name[4];
  size_t offset;
  size_t size;
} lfx_png_chunk;

/// Bytes allocated by the shim; free with lfx_png_buffer_free.
typedef struct {
  uint8_t *bytes;
  size_t size;
  size_t capacity;
} lfx_png_buffer;

/// Encodes RGBA samples as a non-interlaced PNG of colour type 6 into `output`.
///
/// `rgba` holds `height` rows of `row_bytes` bytes, `width × 4` samples each: bytes at
/// `bit_depth` 8, native-endian uint16_t at 16. `compression_level` is zlib's 0–9. The
/// `chunk_count` chunks (data in `chunk_data`) are written after IHDR, before IDAT, as given.
/// On failure `output` is empty and `message` (capacity `message_capacity`) holds the reason.
lfx_png_status lfx_png_encode_rgba(
    const void *rgba, uint32_t width, uint32_t height, size_t row_bytes, int bit_depth,
    int compression_level, const lfx_png_chunk *chunks, size_t chunk_count,
    const uint8_t *chunk_data, lfx_png_buffer *output, char *message, size_t message_capacity);

/// Frees the bytes of a buffer filled by lfx_png_encode_rgba and empties it.
void lfx_png_buffer_free(lfx_png_buffer *buffer);

/// zlib's CRC-32 of `count` bytes (the PNG chunk CRC, PNG Specification §5.3), for checking
/// chunks that are listed but not decoded.
uint32_t lfx_png_crc32(const uint8_t *bytes, size_t count);

/// An animated PNG (APNG) written frame by frame. Opaque.
///
/// The file is the PNG signature, IHDR, the colour chunks, acTL, then per frame an fcTL and the
/// frame's image data (IDAT for frame 0, which is also the default image; fdAT after), then
/// IEND. Every frame covers the whole canvas (offset 0, 0) with dispose_op NONE and blend_op
/// SOURCE, so each frame replaces the last, alpha included. Samples are 8-bit RGBA. Every fdAT
/// frame, and frame 0 at levels 0–3, is Up-filtered and deflated as lfx_png_encode_rgba stores
/// an 8-bit image at those levels (ISA-L's igzip at level 1, zlib at the others); frame 0 at
/// levels 4–9 goes through libpng, as lfx_png_encode_rgba's image does.
///
/// Output accumulates in the writer; after each call take it with lfx_apng_writer_bytes and
/// empty it with lfx_apng_writer_clear_bytes, so at most about one compressed frame is held.
///
/// Source: APNG Specification, https://wiki.mozilla.org/APNG_Specification (acTL, fcTL, fdAT,
/// sequence numbers); PNG Specification (Second Edition) §9 (filter type Up), §10 (zlib).
typedef struct lfx_apng_writer lfx_apng_writer;

/// Creates a writer and writes the signature, IHDR, the `chunk_count` chunks (as for
/// lfx_png_encode_rgba) and acTL with `frame_count` frames and `play_count` plays (0: forever).
/// Returns NULL when out of memory; otherwise check lfx_apng_writer_status.
lfx_apng_writer *lfx_apng_writer_create(
    uint32_t width, uint32_t height, int compression_level, uint32_t frame_count,
    uint32_t play_count, const lfx_png_chunk *chunks, size_t chunk_count,
    const uint8_t *chunk_data);

/// The status of the last call; once a call fails, every later call fails the same way.
lfx_png_status lfx_apng_writer_status(const lfx_apng_writer *writer);

/// Writes the next frame: `height` rows of `row_bytes` bytes, each `width × 4` 8-bit samples
/// (straight-alpha RGBA). Its delay is `delay_num / delay_den` seconds (APNG's fcTL fields).
/// Fails when every frame of acTL has been written.
lfx_png_status lfx_apng_writer_write_frame(
    lfx_apng_writer *writer, const uint8_t *rgba, size_t row_bytes, uint16_t delay_num,
    uint16_t delay_den);

/// Writes IEND. Fails unless exactly acTL's frame count was written.
lfx_png_status lfx_apng_writer_finish(lfx_apng_writer *writer);

/// The bytes produced since the last lfx_apng_writer_clear_bytes, and their count.
const uint8_t *lfx_apng_writer_bytes(const lfx_apng_writer *writer, size_t *size);

/// Forgets the bytes produced so far (keeps the allocation).
void lfx_apng_writer_clear_bytes(lfx_apng_writer *writer);

/// The reason of the first failure, or "".
const char *lfx_apng_writer_message(const lfx_apng_writer *writer);

/// Frees the writer.
void lfx_apng_writer_destroy(lfx_apng_writer *writer);

#endif
