// CPNGShim: every libpng call that can fail, each behind a setjmp in the same C function.
//
// Rule for every function below: whatever must survive a longjmp (row pointers, buffers) is
// allocated before setjmp and never reassigned after it, so no local changes between setjmp and
// longjmp (C11 7.13.2.1). libpng's error callback records the message, then longjmps back to the
// setjmp of the shim function that called libpng; it never returns into Swift.
#include "CPNGShim.h"

#include "ImageData.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum {
  message_capacity = 512,
  warning_capacity = 200,
  max_warnings = 32,
};

struct lfx_png_reader {
  png_structp png;
  png_infop info;
  const uint8_t *bytes;
  size_t size;
  size_t offset;
  // Set by read_data when libpng asks for bytes past the end of the input.
  int hit_end;
  char message[message_capacity];
  size_t warning_count;
  char warnings[max_warnings][warning_capacity];
  // expand_palette_rows's warning, also among `warnings`; "" when every index is in PLTE.
  char palette_warning[warning_capacity];
  // Indices (into libpng's list of kept chunks) of kept chunks whose CRC was wrong; libpng
  // stores a kept chunk even when its CRC fails, so the accessors below skip these.
  size_t bad_crc_count;
  int bad_crc_indices[max_warnings];
};

// Copies `text` into `destination` (capacity > 0), truncating, always NUL-terminated.
static void copy_message(char *destination, size_t capacity, const char *text) {
  snprintf(destination, capacity, "%s", text != NULL ? text : "");
}

// Reports libpng's error, with what libpng left unsaid in two of its messages: "Invalid IHDR
// data" follows the warnings that name each bad field (png_check_IHDR: "Image width is zero in
// IHDR"), which are the only warnings by then, since IHDR is the first chunk; and IEND is "out of
// place" only before any IDAT (png_handle_IEND), so the file holds no image data.
static void reader_error(png_structp png, png_const_charp text) {
  lfx_png_reader *reader = png_get_error_ptr(png);
  const char *said = text != NULL ? text : "";
  if (strcmp(said, "Invalid IHDR data") == 0 && reader->warning_count > 0) {
    size_t length = (size_t)snprintf(reader->message, sizeof reader->message, "%s:", said);
    for (size_t index = 0; index < reader->warning_count && length < sizeof reader->message;
         index++) {
      length += (size_t)snprintf(
          reader->message + length, sizeof reader->message - length, "%s %s",
          index == 0 ? "" : ";", reader->warnings[index]);
    }
  } else if (strcmp(said, "IEND: out of place") == 0) {
    copy_message(
        reader->message, sizeof reader->message,
        "IEND: out of place (no IDAT chunk before it: the file holds no image data)");
  } else {
    copy_message(reader->message, sizeof reader->message, said);
  }
  png_longjmp(png, 1);
}

static void record_bad_crc(lfx_png_reader *reader);

// Collects libpng's warnings instead of letting libpng print them to stderr.
//
// With PNG_CRC_WARN_DISCARD, an ancillary chunk with a bad CRC reaches here as "NAME: CRC
// error" and libpng discards it; the warning says so.
static void reader_warning(png_structp png, png_const_charp text) {
  lfx_png_reader *reader = png_get_error_ptr(png);
  int is_crc_error = text != NULL && strstr(text, "CRC error") != NULL;
  if (is_crc_error) {
    record_bad_crc(reader);
  }
  if (reader->warning_count < max_warnings) {
    snprintf(
        reader->warnings[reader->warning_count], warning_capacity, "%s%s", text != NULL ? text : "",
        is_crc_error ? "; chunk dropped" : "");
    reader->warning_count += 1;
  }
}

static void read_data(png_structp png, png_bytep destination, size_t length) {
  lfx_png_reader *reader = png_get_io_ptr(png);
  if (length > reader->size - reader->offset) {
    reader->hit_end = 1;
    png_error(png, "unexpected end of data");
  }
  memcpy(destination, reader->bytes + reader->offset, length);
  reader->offset += length;
}

lfx_png_reader *lfx_png_reader_create(
    const uint8_t *bytes, size_t size, const char *kept_names, size_t kept_count) {
  lfx_png_reader *reader = calloc(1, sizeof *reader);
  if (reader == NULL) {
    return NULL;
  }
  reader->bytes = bytes;
  reader->size = size;
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, reader_error, reader_warning);
  if (reader->png != NULL) {
    reader->info = png_create_info_struct(reader->png);
  }
  if (reader->png == NULL || reader->info == NULL) {
    lfx_png_reader_destroy(reader);
    return NULL;
  }
  // None of these calls can fail (they only store settings), but keep them under a setjmp so
  // that a future libpng that reports a bad argument cannot longjmp into nowhere.
  if (setjmp(png_jmpbuf(reader->png))) {
    lfx_png_reader_destroy(reader);
    return NULL;
  }
  png_set_read_fn(reader->png, reader, read_data);
  // CRC policy (PNG spec §13.2): a bad CRC in a critical chunk (IHDR, PLTE, IDAT, IEND) is an
  // error; in an ancillary chunk libpng warns and discards the chunk. These are libpng's
  // defaults, set here so the policy does not depend on them.
  png_set_crc_action(reader->png, PNG_CRC_ERROR_QUIT, PNG_CRC_WARN_DISCARD);
  // The caller's pixel-count limit, checked after IHDR before any image allocation, is the size
  // guard; libpng's own default of 1,000,000 per dimension would refuse a 2,000,000 × 1 strip
  // that is within that limit. Raise it to the PNG maximum (PNG spec §11.2.2: 2^31 − 1).
  png_set_user_limits(reader->png, 0x7fffffff, 0x7fffffff);
  // Skip every ancillary chunk except tRNS without interpreting it: we use none of them, and
  // libpng 1.6.39 only warns about a text chunk declaring 1 GB before it allocates and zeroes
  // that much. A skipped chunk is read through a small buffer, CRC still checked.
  png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
  if (kept_count > 0) {
    png_set_keep_unknown_chunks(
        reader->png, PNG_HANDLE_CHUNK_ALWAYS, (png_const_bytep)kept_names, (int)kept_count);
  }
  return reader;
}

void lfx_png_reader_destroy(lfx_png_reader *reader) {
  if (reader == NULL) {
    return;
  }
  if (reader->png != NULL) {
    png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
  }
  free(reader);
}

// Classifies a libpng failure during a read.
static lfx_png_status read_failure(const lfx_png_reader *reader) {
  size_t checked = reader->size < 8 ? reader->size : 8;
  if (png_sig_cmp(reader->bytes, 0, checked) != 0) {
    return LFX_PNG_NOT_PNG;
  }
  return reader->hit_end ? LFX_PNG_TRUNCATED : LFX_PNG_CORRUPT;
}

// Whether `c` is an ASCII letter, as every byte of a chunk type is (PNG spec §5.4).
static int is_chunk_letter(uint8_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

// Refuses an ancillary chunk before IHDR (PNG spec §5.6: IHDR shall be first) with the message
// libpng gives a chunk it reads there (png_handle_pHYs, png_handle_tRNS: "NAME: missing IHDR").
// libpng checks the order only in the chunks it reads: it skips the chunks set to
// PNG_HANDLE_CHUNK_NEVER before IHDR unread, and fails to store a kept one ("invalid location in
// png_set_unknown_chunks"). A critical chunk there, or a type that is not four letters, is
// left to libpng, which refuses each in its own words.
static int refuses_chunk_before_header(lfx_png_reader *reader) {
  // Signature (8), then the first chunk's length (4) and type (4).
  if (reader->size < 16 || png_sig_cmp(reader->bytes, 0, 8) != 0) {
    return 0;
  }
  const uint8_t *type = reader->bytes + 12;
  for (int i = 0; i < 4; i++) {
    if (!is_chunk_letter(type[i])) {
      return 0;
    }
  }
  if (memcmp(type, "IHDR", 4) == 0 || (type[0] & 0x20) == 0) {
    return 0;
  }
  snprintf(reader->message, sizeof reader->message, "%.4s: missing IHDR", (const char *)type);
  return 1;
}

lfx_png_status lfx_png_reader_read_header(lfx_png_reader *reader, lfx_png_header *header) {
  if (refuses_chunk_before_header(reader)) {
    return LFX_PNG_CORRUPT;
  }
  if (setjmp(png_jmpbuf(reader->png))) {
    return read_failure(reader);
  }
  png_read_info(reader->png, reader->info);
  header->width = png_get_image_width(reader->png, reader->info);
  header->height = png_get_image_height(reader->png, reader->info);
  header->bit_depth = png_get_bit_depth(reader->png, reader->info);
  header->color_type = png_get_color_type(reader->png, reader->info);
  header->interlace_method = png_get_interlace_type(reader->png, reader->info);
  return LFX_PNG_OK;
}

// Sets up libpng's transforms to RGBA at 8 or 16 bits, except for a palette image: one byte per
// index, which expand_palette_rows checks and expands. Returns the sample depth.
static int set_rgba_transforms(png_structp png, png_infop info) {
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  if (color_type == PNG_COLOR_TYPE_PALETTE) {
    // libpng's own expansion gives an out-of-range index black, and its check of the indices
    // runs only on rows not yet expanded; so keep the indices, unpacked from 1/2/4 bits.
    png_set_packing(png);
#ifdef PNG_CHECK_FOR_INVALID_INDEX_SUPPORTED
    // Its check would now run too, with a warning that names no pixel ("IDAT: Read palette
    // index exceeding num_palette", and none for the interlaced twin of the same image);
    // expand_palette_rows checks every pixel and says which.
    png_set_check_for_invalid_index(png, 0);
#endif
  } else {
    // Grey 1/2/4 → 8 bits scaled by 255 / (2^depth − 1), tRNS → alpha channel.
    png_set_expand(png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) {
      png_set_gray_to_rgb(png);
    }
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
      png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);
    }
  }
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (bit_depth == 16) {
    png_set_swap(png);  // PNG stores 16-bit samples big-endian; hand out native uint16_t.
  }
#endif
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  return bit_depth == 16 ? 16 : 8;
}

// Replaces the `width` palette indices at the start of each row (one byte each) by 8-bit RGBA
// samples, as libpng's expansion does: red, green, blue from PLTE; alpha from tRNS for the
// indices it covers, 255 past them; an index past PLTE gives opaque black, and the first such
// pixel in row order is reported as a warning. Calls no libpng function that can fail.
//
// Source: PNG Specification (Third Edition) §11.2.3 PLTE ("any out-of-range pixel value found
// in the image data is an error"), §13 (a decoder shows such a pixel as opaque black),
// §11.3.2.1 tRNS (palette entries past tRNS are opaque).
static void expand_palette_rows(
    lfx_png_reader *reader, png_bytep *rows, uint32_t width, uint32_t height) {
  png_colorp palette = NULL;
  int palette_count = 0;
  png_get_PLTE(reader->png, reader->info, &palette, &palette_count);
  png_bytep trans_alpha = NULL;
  int trans_count = 0;
  png_get_tRNS(reader->png, reader->info, &trans_alpha, &trans_count, NULL);
  int is_reported = 0;
  for (uint32_t y = 0; y < height; y++) {
    // The leftmost out-of-range pixel of the row (width: none) and its index.
    uint32_t bad_x = width;
    int bad_index = 0;
    // From the right: pixel x's four bytes start at 4x, at or past every index not yet read.
    for (uint32_t x = width; x > 0; x--) {
      png_byte index = rows[y][x - 1];
      png_bytep rgba = rows[y] + (size_t)(x - 1) * 4;
      if (index >= palette_count) {
        bad_x = x - 1;
        bad_index = index;
        rgba[0] = rgba[1] = rgba[2] = 0;
        rgba[3] = 255;
        continue;
      }
      rgba[3] = index < trans_count ? trans_alpha[index] : 255;
      rgba[2] = palette[index].blue;
      rgba[1] = palette[index].green;
      rgba[0] = palette[index].red;
    }
    if (bad_x < width && !is_reported) {
      snprintf(
          reader->palette_warning, sizeof reader->palette_warning,
          "pixel (%u, %u) has palette index %d, but PLTE has %d entr%s; such pixels decode as "
          "opaque black",
          (unsigned)bad_x, (unsigned)y, bad_index, palette_count, palette_count == 1 ? "y" : "ies");
      reader_warning(reader->png, reader->palette_warning);
      is_reported = 1;
    }
  }
}

lfx_png_status lfx_png_reader_read_rgba(lfx_png_reader *reader, void *rgba, size_t row_bytes) {
  uint32_t height = png_get_image_height(reader->png, reader->info);
  png_bytep *rows = malloc((height > 0 ? height : 1) * sizeof *rows);
  if (rows == NULL) {
    copy_message(reader->message, sizeof reader->message, "out of memory for row pointers");
    return LFX_PNG_OUT_OF_MEMORY;
  }
  for (uint32_t y = 0; y < height; y++) {
    rows[y] = (png_bytep)rgba + (size_t)y * row_bytes;
  }
  if (setjmp(png_jmpbuf(reader->png))) {
    free(rows);
    return read_failure(reader);
  }
  int is_palette = png_get_color_type(reader->png, reader->info) == PNG_COLOR_TYPE_PALETTE;
  int depth = set_rgba_transforms(reader->png, reader->info);
  uint32_t width = png_get_image_width(reader->png, reader->info);
  if (png_get_channels(reader->png, reader->info) != (is_palette ? 1 : 4)
      || png_get_bit_depth(reader->png, reader->info) != depth
      || png_get_rowbytes(reader->png, reader->info) > row_bytes
      || (size_t)width * 4 * (depth / 8) > row_bytes) {
    png_error(reader->png, "internal: libpng transforms did not produce RGBA rows");
  }
  png_read_image(reader->png, rows);
  png_read_end(reader->png, reader->info);
  if (is_palette) {
    expand_palette_rows(reader, rows, width, height);
  }
  // libpng stops at IEND and never looks further; bytes after it are no part of the image
  // (PNG 1.2 §5.6: IEND marks the end of the datastream), said once so a truncated copy or
  // an appended payload does not pass unnoticed.
  if (reader->offset < reader->size) {
    char text[warning_capacity];
    snprintf(text, sizeof text, "%zu bytes after IEND ignored", reader->size - reader->offset);
    reader_warning(reader->png, text);
  }
  free(rows);
  return LFX_PNG_OK;
}

const char *lfx_png_reader_message(const lfx_png_reader *reader) { return reader->message; }

const char *lfx_png_reader_palette_warning(const lfx_png_reader *reader) {
  return reader->palette_warning;
}

size_t lfx_png_reader_warning_count(const lfx_png_reader *reader) {
  return reader->warning_count;
}

const char *lfx_png_reader_warning(const lfx_png_reader *reader, size_t index) {
  return index < reader->warning_count ? reader->warnings[index] : "";
}

static int kept_chunks(const lfx_png_reader *reader, png_unknown_chunkp *chunks) {
  return png_get_unknown_chunks(reader->png, reader->info, chunks);
}

// libpng 1.6 reads a kept chunk's data, checks its CRC (warning on failure) and then stores the
// chunk regardless (png_handle_unknown ignores png_crc_finish's result). The warning comes
// before the chunk is stored, so the chunk's index will be the current number of kept chunks.
static void record_bad_crc(lfx_png_reader *reader) {
  png_uint_32 name = png_get_io_chunk_type(reader->png);
  png_byte letters[5] = {
      (png_byte)(name >> 24), (png_byte)(name >> 16), (png_byte)(name >> 8), (png_byte)name, 0};
  if (png_handle_as_unknown(reader->png, letters) != PNG_HANDLE_CHUNK_ALWAYS
      || reader->bad_crc_count >= max_warnings) {
    return;
  }
  png_unknown_chunkp chunks = NULL;
  reader->bad_crc_indices[reader->bad_crc_count] = kept_chunks(reader, &chunks);
  reader->bad_crc_count += 1;
}

static int has_bad_crc(const lfx_png_reader *reader, int index) {
  for (size_t i = 0; i < reader->bad_crc_count; i++) {
    if (reader->bad_crc_indices[i] == index) {
      return 1;
    }
  }
  return 0;
}

// Whether a kept chunk is one to hand out: its CRC was right and it was read before PLTE and
// IDAT, where colour chunks belong (PNG spec §5.6); libpng's location bits say where.
static int is_usable(const lfx_png_reader *reader, const png_unknown_chunk *chunks, int index) {
  return (chunks[index].location & (PNG_HAVE_PLTE | PNG_AFTER_IDAT)) == 0
         && !has_bad_crc(reader, index);
}

size_t lfx_png_reader_kept_chunk_count(const lfx_png_reader *reader) {
  png_unknown_chunkp chunks = NULL;
  int count = kept_chunks(reader, &chunks);
  size_t result = 0;
  for (int i = 0; i < count; i++) {
    if (is_usable(reader, chunks, i)) {
      result += 1;
    }
  }
  return result;
}

void lfx_png_reader_kept_chunk(
    const lfx_png_reader *reader, size_t index, uint8_t name[4], const uint8_t **data,
    size_t *size) {
  png_unknown_chunkp chunks = NULL;
  int count = kept_chunks(reader, &chunks);
  size_t seen = 0;
  for (int i = 0; i < count; i++) {
    if (!is_usable(reader, chunks, i)) {
      continue;
    }
    if (seen == index) {
      memcpy(name, chunks[i].name, 4);
      *data = chunks[i].data;
      *size = chunks[i].size;
      return;
    }
    seen += 1;
  }
  memset(name, 0, 4);
  *data = NULL;
  *size = 0;
}

// Encoder state; lives in the caller's frame and is only touched through pointers, and only
// read after a longjmp through `output` and `message`, which belong to the caller.
typedef struct {
  lfx_png_buffer *output;
  char *message;
  size_t message_capacity;
  char last_warning[warning_capacity];
} encoder;

// Reports libpng's error; libpng often explains an error in a warning just before it
// ("Image width is zero in IHDR" before "Invalid IHDR data"), so that warning is appended.
static void encoder_error(png_structp png, png_const_charp text) {
  encoder *state = png_get_error_ptr(png);
  if (state->message_capacity > 0) {
    if (state->last_warning[0] != '\0') {
      snprintf(state->message, state->message_capacity, "%s: %s", text, state->last_warning);
    } else {
      copy_message(state->message, state->message_capacity, text);
    }
  }
  png_longjmp(png, 1);
}

// Keeps the last warning for encoder_error instead of printing it to stderr.
static void encoder_warning(png_structp png, png_const_charp text) {
  encoder *state = png_get_error_ptr(png);
  copy_message(state->last_warning, sizeof state->last_warning, text);
}

static void write_data(png_structp png, png_bytep data, size_t length) {
  encoder *state = png_get_io_ptr(png);
  lfx_png_buffer *output = state->output;
  if (length > output->capacity - output->size) {
    size_t capacity = output->capacity > 0 ? output->capacity : 65536;
    while (length > capacity - output->size) {
      if (capacity > SIZE_MAX / 2) {
        png_error(png, "out of memory for the encoded PNG");
      }
      capacity *= 2;
    }
    uint8_t *grown = realloc(output->bytes, capacity);
    if (grown == NULL) {
      png_error(png, "out of memory for the encoded PNG");
    }
    output->bytes = grown;
    output->capacity = capacity;
  }
  memcpy(output->bytes + output->size, data, length);
  output->size += length;
}

static void flush_data(png_structp png) { (void)png; }

// Sets IHDR (RGBA, non-interlaced), the compression and filters, and the colour chunks to
// write after IHDR; `unknowns` and `names` have room for `chunk_count` entries (5 bytes each
// in `names`). Calls libpng functions that can fail: only under the caller's setjmp.
static void set_rgba_header(
    png_structp png, png_infop info, uint32_t width, uint32_t height, int bit_depth,
    int compression_level, const lfx_png_chunk *chunks, size_t chunk_count,
    const uint8_t *chunk_data, png_unknown_chunk *unknowns, png_byte *names) {
  png_set_IHDR(
      png, info, width, height, bit_depth, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
      PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, compression_level);
  /* At the fast levels (0-3) every row takes the Up filter, and no per-row choice is made
     (libpng's default tries all five filters per row; an earlier choice here tried Sub and Up).
     Measured at level 1: six rippled 1080p test-card frames, libpng's filter stage 1,544 M
     instructions with Sub and Up against 299 M with Up alone, files 1.88 MB against 2.16 MB;
     a rippled 3000 x 2000 photo, 7.51 MB with Sub and Up, 7.38 MB with Up, 8.30 MB with Sub. */
  if (compression_level <= 3) png_set_filter(png, 0, PNG_FILTER_UP);
  for (size_t i = 0; i < chunk_count; i++) {
    memcpy(unknowns[i].name, chunks[i].name, 4);
    unknowns[i].name[4] = '\0';
    memcpy(names + 5 * i, chunks[i].name, 4);
    // libpng copies the data in png_set_unknown_chunks; it does not write through the pointer.
    unknowns[i].data = (png_byte *)(chunk_data + chunks[i].offset);
    unknowns[i].size = chunks[i].size;
    unknowns[i].location = PNG_HAVE_IHDR;  // after IHDR, before PLTE and IDAT
  }
  if (chunk_count > 0) {
    // The kept colour chunks are mostly not safe-to-copy; ALWAYS writes them regardless.
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, names, (int)chunk_count);
    png_set_unknown_chunks(png, info, unknowns, (int)chunk_count);
  }
}

lfx_png_status lfx_png_encode_rgba(
    const void *rgba, uint32_t width, uint32_t height, size_t row_bytes, int bit_depth,
    int compression_level, const lfx_png_chunk *chunks, size_t chunk_count,
    const uint8_t *chunk_data, lfx_png_buffer *output, char *message, size_t message_capacity) {
  encoder state = {output, message, message_capacity, {0}};
  output->bytes = NULL;
  output->size = 0;
  output->capacity = 0;
  if (message_capacity > 0) {
    message[0] = '\0';
  }
  png_bytep *rows = malloc((height > 0 ? height : 1) * sizeof *rows);
  png_unknown_chunk *unknowns = calloc(chunk_count > 0 ? chunk_count : 1, sizeof *unknowns);
  png_byte *names = calloc(chunk_count > 0 ? chunk_count : 1, 5);
  png_structp png = png_create_write_struct(
      PNG_LIBPNG_VER_STRING, &state, encoder_error, encoder_warning);
  png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
  if (rows == NULL || unknowns == NULL || names == NULL || png == NULL || info == NULL) {
    free(rows);
    free(unknowns);
    free(names);
    png_destroy_write_struct(&png, &info);
    if (message_capacity > 0) {
      copy_message(message, message_capacity, "out of memory");
    }
    return LFX_PNG_OUT_OF_MEMORY;
  }
  for (uint32_t y = 0; y < height; y++) {
    rows[y] = (png_bytep)rgba + (size_t)y * row_bytes;
  }
  if (setjmp(png_jmpbuf(png))) {
    free(rows);
    free(unknowns);
    free(names);
    png_destroy_write_struct(&png, &info);
    lfx_png_buffer_free(output);
    return LFX_PNG_ENCODE_FAILED;
  }
  png_set_write_fn(png, &state, write_data, flush_data);
  set_rgba_header(
      png, info, width, height, bit_depth, compression_level, chunks, chunk_count, chunk_data,
      unknowns, names);
  png_write_info(png, info);
  lfx_png_status status = LFX_PNG_OK;
  if (bit_depth == 8 && compression_level <= 3) {
    // Up on every row, as set_rgba_header asks libpng for; the image data and IEND written
    // here, without libpng's row copies and 8 KiB IDATs. No libpng call follows, so no longjmp.
    status = lfx_write_up_filtered_chunks(
        rgba, width, height, row_bytes, compression_level, "IDAT", NULL, output, message,
        message_capacity);
    if (status == LFX_PNG_OK) status = lfx_write_iend(output, message, message_capacity);
  } else {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (bit_depth == 16) {
      png_set_swap(png);  // native uint16_t → PNG's big-endian samples
    }
#endif
    png_write_image(png, rows);
    png_write_end(png, NULL);
  }
  png_destroy_write_struct(&png, &info);
  free(rows);
  free(unknowns);
  free(names);
  if (status != LFX_PNG_OK) lfx_png_buffer_free(output);
  return status;
}

void lfx_png_buffer_free(lfx_png_buffer *buffer) {
  free(buffer->bytes);
  buffer->bytes = NULL;
  buffer->size = 0;
  buffer->capacity = 0;
}

uint32_t lfx_png_crc32(const uint8_t *bytes, size_t count) {
  uLong crc = crc32(0L, Z_NULL, 0);
  // crc32 takes a uInt length: feed it in pieces below 2^31.
  while (count > 0) {
    uInt piece = count > 0x40000000u ? 0x40000000u : (uInt)count;
    crc = crc32(crc, bytes, piece);
    bytes += piece;
    count -= piece;
  }
  return (uint32_t)crc;
}

// MARK: Animated PNG

struct lfx_apng_writer {
  png_structp png;
  png_infop info;
  encoder state;
  lfx_png_buffer output;
  char message[message_capacity];
  lfx_png_status status;
  uint32_t width;
  uint32_t height;
  int compression_level;
  uint32_t frame_count;
  uint32_t frames_written;
  // The next sequence number, shared by fcTL and fdAT and starting at 0 (APNG "Chunk
  // sequence numbers").
  uint32_t sequence;
  // Frame 0's row pointers for libpng.
  png_bytep *rows;
};

static void put_u32(uint8_t *bytes, uint32_t value) {
  bytes[0] = (uint8_t)(value >> 24);
  bytes[1] = (uint8_t)(value >> 16);
  bytes[2] = (uint8_t)(value >> 8);
  bytes[3] = (uint8_t)value;
}

static lfx_png_status apng_fail(lfx_apng_writer *writer, const char *text) {
  copy_message(writer->message, sizeof writer->message, text);
  writer->status = LFX_PNG_ENCODE_FAILED;
  return writer->status;
}

// fcTL: the whole canvas at (0, 0), APNG_DISPOSE_OP_NONE (0), APNG_BLEND_OP_SOURCE (0).
static void write_fctl(lfx_apng_writer *writer, uint16_t delay_num, uint16_t delay_den) {
  uint8_t data[26] = {0};
  put_u32(data, writer->sequence++);
  put_u32(data + 4, writer->width);
  put_u32(data + 8, writer->height);
  data[20] = (uint8_t)(delay_num >> 8);
  data[21] = (uint8_t)delay_num;
  data[22] = (uint8_t)(delay_den >> 8);
  data[23] = (uint8_t)delay_den;
  png_write_chunk(writer->png, (png_const_bytep) "fcTL", data, sizeof data);
}

lfx_apng_writer *lfx_apng_writer_create(
    uint32_t width, uint32_t height, int compression_level, uint32_t frame_count,
    uint32_t play_count, const lfx_png_chunk *chunks, size_t chunk_count,
    const uint8_t *chunk_data) {
  lfx_apng_writer *writer = calloc(1, sizeof *writer);
  if (writer == NULL) return NULL;
  writer->state = (encoder){&writer->output, writer->message, sizeof writer->message, {0}};
  writer->width = width;
  writer->height = height;
  writer->compression_level = compression_level;
  writer->frame_count = frame_count;
  // zlib and igzip count input in 32 bits; one filtered row must fit.
  if (width == 0 || height == 0 || width > (UINT32_MAX - 1) / 4) {
    apng_fail(writer, "an animated PNG frame must be 1 to 1073741823 pixels wide and tall");
    return writer;
  }
  if (frame_count == 0) {
    apng_fail(writer, "acTL: an animated PNG has at least one frame");
    return writer;
  }
  writer->rows = malloc((size_t)height * sizeof *writer->rows);
  png_unknown_chunk *unknowns = calloc(chunk_count > 0 ? chunk_count : 1, sizeof *unknowns);
  png_byte *names = calloc(chunk_count > 0 ? chunk_count : 1, 5);
  writer->png = png_create_write_struct(
      PNG_LIBPNG_VER_STRING, &writer->state, encoder_error, encoder_warning);
  writer->info = writer->png != NULL ? png_create_info_struct(writer->png) : NULL;
  if (writer->rows == NULL || unknowns == NULL || names == NULL || writer->info == NULL) {
    free(unknowns);
    free(names);
    lfx_apng_writer_destroy(writer);
    return NULL;
  }
  if (setjmp(png_jmpbuf(writer->png))) {
    free(unknowns);
    free(names);
    writer->status = LFX_PNG_ENCODE_FAILED;
    return writer;
  }
  png_set_write_fn(writer->png, &writer->state, write_data, flush_data);
  set_rgba_header(
      writer->png, writer->info, width, height, 8, compression_level, chunks, chunk_count,
      chunk_data, unknowns, names);
  png_write_info(writer->png, writer->info);
  uint8_t actl[8];
  put_u32(actl, frame_count);
  put_u32(actl + 4, play_count);
  png_write_chunk(writer->png, (png_const_bytep) "acTL", actl, sizeof actl);
  free(unknowns);
  free(names);
  return writer;
}

lfx_png_status lfx_apng_writer_status(const lfx_apng_writer *writer) { return writer->status; }

lfx_png_status lfx_apng_writer_write_frame(
    lfx_apng_writer *writer, const uint8_t *rgba, size_t row_bytes, uint16_t delay_num,
    uint16_t delay_den) {
  if (writer->status != LFX_PNG_OK) return writer->status;
  if (writer->frames_written >= writer->frame_count) {
    return apng_fail(writer, "more frames than acTL announced");
  }
  if (setjmp(png_jmpbuf(writer->png))) {
    writer->status = LFX_PNG_ENCODE_FAILED;
    return writer->status;
  }
  write_fctl(writer, delay_num, delay_den);
  lfx_png_status status = LFX_PNG_OK;
  if (writer->frames_written > 0) {
    status = lfx_write_up_filtered_chunks(
        rgba, writer->width, writer->height, row_bytes, writer->compression_level, "fdAT",
        &writer->sequence, &writer->output, writer->message, sizeof writer->message);
  } else if (writer->compression_level <= 3) {
    // Frame 0 is the default image (APNG "Structure"): its IDAT as lfx_png_encode_rgba writes
    // an 8-bit image at this level, without libpng.
    status = lfx_write_up_filtered_chunks(
        rgba, writer->width, writer->height, row_bytes, writer->compression_level, "IDAT", NULL,
        &writer->output, writer->message, sizeof writer->message);
  } else {
    for (uint32_t y = 0; y < writer->height; y++) {
      writer->rows[y] = (png_bytep)rgba + (size_t)y * row_bytes;
    }
    png_write_image(writer->png, writer->rows);
  }
  if (status != LFX_PNG_OK) {
    writer->status = status;
    return status;
  }
  writer->frames_written += 1;
  return LFX_PNG_OK;
}

lfx_png_status lfx_apng_writer_finish(lfx_apng_writer *writer) {
  if (writer->status != LFX_PNG_OK) return writer->status;
  if (writer->frames_written != writer->frame_count) {
    char text[120];
    snprintf(
        text, sizeof text, "acTL announced %u frames but %u were written",
        (unsigned)writer->frame_count, (unsigned)writer->frames_written);
    return apng_fail(writer, text);
  }
  // IEND by hand: libpng has not seen frame 0's IDAT when the shim wrote it.
  writer->status = lfx_write_iend(&writer->output, writer->message, sizeof writer->message);
  return writer->status;
}

const uint8_t *lfx_apng_writer_bytes(const lfx_apng_writer *writer, size_t *size) {
  *size = writer->output.size;
  return writer->output.bytes;
}

void lfx_apng_writer_clear_bytes(lfx_apng_writer *writer) { writer->output.size = 0; }

const char *lfx_apng_writer_message(const lfx_apng_writer *writer) { return writer->message; }

void lfx_apng_writer_destroy(lfx_apng_writer *writer) {
  if (writer == NULL) return;
  png_destroy_write_struct(&writer->png, &writer->info);
  free(writer->rows);
  lfx_png_buffer_free(&writer->output);
  free(writer);
}
