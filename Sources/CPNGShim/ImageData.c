// IDAT and IEND written without libpng (ImageData.h): libpng filtered and deflated row by row
// through its own buffers and wrote 8 KiB IDAT chunks; here rows are filtered in blocks and
// deflated by zlib into one zlib stream (its header and Adler-32 zlib's own).
#include "ImageData.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum {
  // The most compressed bytes one IDAT chunk carries.
  idat_capacity = 1 << 18,
  // About how many filtered bytes are deflated per call.
  filtered_block_bytes = 1 << 16,
};

static void put_u32(uint8_t *bytes, uint32_t value) {
  bytes[0] = (uint8_t)(value >> 24);
  bytes[1] = (uint8_t)(value >> 16);
  bytes[2] = (uint8_t)(value >> 8);
  bytes[3] = (uint8_t)value;
}

// Makes room for `extra` more bytes, doubling; 0 when out of memory.
static int reserve(lfx_png_buffer *output, size_t extra) {
  if (extra <= output->capacity - output->size) return 1;
  size_t capacity = output->capacity > 0 ? output->capacity : 65536;
  while (extra > capacity - output->size) {
    if (capacity > SIZE_MAX / 2) return 0;
    capacity *= 2;
  }
  uint8_t *grown = realloc(output->bytes, capacity);
  if (grown == NULL) return 0;
  output->bytes = grown;
  output->capacity = capacity;
  return 1;
}

// The IDAT being filled: its length field sits at output->bytes + start.
typedef struct {
  lfx_png_buffer *output;
  size_t start;
} idat;

// Opens an IDAT at the end of the output with room for idat_capacity data bytes plus its CRC,
// and points zlib's output at its data.
static int open_idat(idat *chunk, z_stream *zlib) {
  if (!reserve(chunk->output, 8 + idat_capacity + 4)) return 0;
  chunk->start = chunk->output->size;
  memcpy(chunk->output->bytes + chunk->start + 4, "IDAT", 4);
  zlib->next_out = chunk->output->bytes + chunk->start + 8;
  zlib->avail_out = idat_capacity;
  return 1;
}

// Closes the open IDAT after `length` data bytes: its length and CRC (over type and data).
static void close_idat(idat *chunk, size_t length) {
  uint8_t *base = chunk->output->bytes + chunk->start;
  put_u32(base, (uint32_t)length);
  put_u32(base + 8 + length, (uint32_t)crc32(0L, base + 4, (uInt)(4 + length)));
  chunk->output->size = chunk->start + 8 + length + 4;
}

static lfx_png_status fail(
    lfx_png_status status, const char *text, char *message, size_t message_capacity) {
  if (message_capacity > 0) snprintf(message, message_capacity, "%s", text);
  return status;
}

// Deflates zlib's pending input with `flush`, closing each full IDAT and opening the next.
static int deflate_to_idat(idat *chunk, z_stream *zlib, int flush) {
  for (;;) {
    if (zlib->avail_out == 0) {
      close_idat(chunk, idat_capacity);
      if (!open_idat(chunk, zlib)) return 0;
    }
    int result = deflate(zlib, flush);
    if (result == Z_STREAM_ERROR) return 0;
    if (result == Z_STREAM_END) return 1;
    if (flush != Z_FINISH && zlib->avail_in == 0 && zlib->avail_out > 0) return 1;
  }
}

lfx_png_status lfx_write_up_filtered_image_data(
    const uint8_t *rgba, uint32_t width, uint32_t height, size_t row_bytes,
    int compression_level, lfx_png_buffer *output, char *message, size_t message_capacity) {
  size_t samples = (size_t)width * 4;
  size_t filtered_row = samples + 1;
  size_t block_rows = filtered_block_bytes / filtered_row;
  if (block_rows == 0) block_rows = 1;
  if (filtered_row * block_rows > (size_t)UINT32_MAX) {
    return fail(LFX_PNG_ENCODE_FAILED, "a row is too long for zlib", message, message_capacity);
  }
  uint8_t *block = malloc(filtered_row * block_rows);
  z_stream zlib;
  memset(&zlib, 0, sizeof zlib);
  // A zlib stream (RFC 1950: header, deflate data, Adler-32 trailer), 32 KiB window, zlib's
  // default memLevel 8. memLevel 5 (a hash table of 2^12 heads, not 2^15) was 14 % faster on rippled
  // test-card frames but 18 % slower and 1.9 % larger on rippled photo frames (one thread, best
  // of 5; Benchmarks/results/png-encoding.md).
  if (block == NULL ||
      deflateInit2(&zlib, compression_level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    free(block);
    return fail(LFX_PNG_OUT_OF_MEMORY, "out of memory", message, message_capacity);
  }
  idat chunk = {output, 0};
  int ok = open_idat(&chunk, &zlib);
  for (uint32_t y = 0; ok && y < height; y += (uint32_t)block_rows) {
    uint32_t rows = height - y < block_rows ? height - y : (uint32_t)block_rows;
    for (uint32_t r = 0; r < rows; r++) {
      const uint8_t *current = rgba + (size_t)(y + r) * row_bytes;
      uint8_t *filtered = block + (size_t)r * filtered_row;
      filtered[0] = 2;
      if (y + r == 0) {
        memcpy(filtered + 1, current, samples);
      } else {
        const uint8_t *previous = current - row_bytes;
        for (size_t i = 0; i < samples; i++) filtered[1 + i] = (uint8_t)(current[i] - previous[i]);
      }
    }
    size_t count = (size_t)rows * filtered_row;
    zlib.next_in = block;
    zlib.avail_in = (uInt)count;
    ok = deflate_to_idat(&chunk, &zlib, y + rows < height ? Z_NO_FLUSH : Z_FINISH);
  }
  deflateEnd(&zlib);
  free(block);
  if (!ok) {
    return fail(
        LFX_PNG_ENCODE_FAILED, "zlib: deflate failed or out of memory", message,
        message_capacity);
  }
  close_idat(&chunk, idat_capacity - zlib.avail_out);
  static const uint8_t iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
  if (!reserve(output, sizeof iend)) {
    return fail(
        LFX_PNG_OUT_OF_MEMORY, "out of memory for the encoded PNG", message, message_capacity);
  }
  memcpy(output->bytes + output->size, iend, sizeof iend);
  output->size += sizeof iend;
  return LFX_PNG_OK;
}
