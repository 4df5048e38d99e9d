// Image data chunks (IDAT, or APNG's fdAT) and IEND written without libpng (ImageData.h): libpng
// filtered and deflated row by row through its own buffers and wrote 8 KiB IDAT chunks; here
// rows are filtered in blocks and deflated into one zlib stream, by ISA-L's igzip at level 1
// and zlib at the others.
#include "ImageData.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include <isa-l/igzip_lib.h>

enum {
  // The most compressed bytes one IDAT or fdAT chunk carries.
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

// The chunk being filled: its length field sits at output->bytes + start. Its type is `type`;
// when `sequence` is not NULL its data starts with *sequence, taken as the chunk opens.
typedef struct {
  lfx_png_buffer *output;
  size_t start;
  const char *type;
  uint32_t *sequence;
} idat;

// The bytes of a chunk's data before the compressed ones: fdAT's sequence number, or none.
static size_t prefix_size(const idat *chunk) { return chunk->sequence != NULL ? 4 : 0; }

// The compressor of the image data: ISA-L's igzip at level 1 (the default level), zlib at the
// others. Both write one zlib stream (RFC 1950) with the library's own header and Adler-32.
//
// igzip's level 1 deflated rippled 1080p frames 4-5x faster than zlib's level 1, and 1-2 %
// smaller (Up-filtered test-card frames 7.5 against 35 ms, photo frames 27.5 against 112 ms,
// one thread; Benchmarks/results/png-encoding.md). It picks its code for the CPU's instruction
// set at run time, so the compressed bytes may differ between CPUs; the pixels never do.
typedef struct {
  int uses_isal;
  z_stream zlib;
  struct isal_zstream isal;
  uint8_t *isal_level_buffer;
} compressor;

// The compressor's output cursor.
static uint8_t **next_out(compressor *c) { return c->uses_isal ? &c->isal.next_out : &c->zlib.next_out; }
static uint32_t *avail_out(compressor *c) {
  return c->uses_isal ? &c->isal.avail_out : &c->zlib.avail_out;
}

static int compressor_init(compressor *c, int level) {
  memset(c, 0, sizeof *c);
  c->uses_isal = level == 1;
  if (!c->uses_isal) {
    // 32 KiB window, zlib's default memLevel 8. memLevel 5 (a hash table of 2^12 heads, not
    // 2^15) was 14 % faster on rippled test-card frames but 18 % slower and 1.9 % larger on
    // rippled photo frames (one thread, best of 5; Benchmarks/results/png-encoding.md).
    return deflateInit2(&c->zlib, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) == Z_OK;
  }
  c->isal_level_buffer = malloc(ISAL_DEF_LVL1_DEFAULT);
  if (c->isal_level_buffer == NULL) return 0;
  isal_deflate_init(&c->isal);
  c->isal.level = 1;
  c->isal.level_buf = c->isal_level_buffer;
  c->isal.level_buf_size = ISAL_DEF_LVL1_DEFAULT;
  c->isal.gzip_flag = IGZIP_ZLIB;
  return 1;
}

static void compressor_end(compressor *c) {
  if (c->uses_isal) {
    free(c->isal_level_buffer);
  } else {
    deflateEnd(&c->zlib);
  }
}

// Opens a chunk at the end of the output with room for its prefix, idat_capacity compressed
// bytes and its CRC, and points the compressor's output past the prefix.
static int open_idat(idat *chunk, compressor *c) {
  size_t prefix = prefix_size(chunk);
  if (!reserve(chunk->output, 8 + prefix + idat_capacity + 4)) return 0;
  chunk->start = chunk->output->size;
  uint8_t *base = chunk->output->bytes + chunk->start;
  memcpy(base + 4, chunk->type, 4);
  if (chunk->sequence != NULL) put_u32(base + 8, (*chunk->sequence)++);
  *next_out(c) = base + 8 + prefix;
  *avail_out(c) = idat_capacity;
  return 1;
}

// Closes the open chunk after `length` compressed bytes: its length and CRC (over type and
// data, the prefix included).
static void close_idat(idat *chunk, size_t length) {
  uint8_t *base = chunk->output->bytes + chunk->start;
  size_t data = prefix_size(chunk) + length;
  put_u32(base, (uint32_t)data);
  put_u32(base + 8 + data, (uint32_t)crc32(0L, base + 4, (uInt)(4 + data)));
  chunk->output->size = chunk->start + 8 + data + 4;
}

static lfx_png_status fail(
    lfx_png_status status, const char *text, char *message, size_t message_capacity) {
  if (message_capacity > 0) snprintf(message, message_capacity, "%s", text);
  return status;
}

// One step of the compressor over its pending input: 1 when the stream is finished (`last`)
// or the input is used up, 0 to be called again (output full), -1 on failure.
static int compress_step(compressor *c, int last) {
  if (c->uses_isal) {
    c->isal.end_of_stream = (uint16_t)last;
    if (isal_deflate(&c->isal) != COMP_OK) return -1;
    if (last) return c->isal.internal_state.state == ZSTATE_END;
    return c->isal.avail_in == 0 && c->isal.avail_out > 0;
  }
  int result = deflate(&c->zlib, last ? Z_FINISH : Z_NO_FLUSH);
  if (result == Z_STREAM_ERROR) return -1;
  if (result == Z_STREAM_END) return 1;
  return !last && c->zlib.avail_in == 0 && c->zlib.avail_out > 0;
}

// Compresses `count` bytes at `bytes` (the stream's end when `last`), closing each full IDAT
// and opening the next.
static int compress_to_idat(idat *chunk, compressor *c, uint8_t *bytes, size_t count, int last) {
  if (c->uses_isal) {
    c->isal.next_in = bytes;
    c->isal.avail_in = (uint32_t)count;
  } else {
    c->zlib.next_in = bytes;
    c->zlib.avail_in = (uInt)count;
  }
  for (;;) {
    if (*avail_out(c) == 0) {
      close_idat(chunk, idat_capacity);
      if (!open_idat(chunk, c)) return 0;
    }
    int step = compress_step(c, last);
    if (step != 0) return step == 1;
  }
}

lfx_png_status lfx_write_up_filtered_chunks(
    const uint8_t *rgba, uint32_t width, uint32_t height, size_t row_bytes,
    int compression_level, const char type[4], uint32_t *sequence, lfx_png_buffer *output,
    char *message, size_t message_capacity) {
  size_t samples = (size_t)width * 4;
  size_t filtered_row = samples + 1;
  size_t block_rows = filtered_block_bytes / filtered_row;
  if (block_rows == 0) block_rows = 1;
  if (filtered_row * block_rows > (size_t)UINT32_MAX) {
    return fail(LFX_PNG_ENCODE_FAILED, "a row is too long to deflate", message, message_capacity);
  }
  uint8_t *block = malloc(filtered_row * block_rows);
  compressor c;
  if (block == NULL || !compressor_init(&c, compression_level)) {
    if (block != NULL) compressor_end(&c);
    free(block);
    return fail(LFX_PNG_OUT_OF_MEMORY, "out of memory", message, message_capacity);
  }
  idat chunk = {output, 0, type, sequence};
  int ok = open_idat(&chunk, &c);
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
    ok = compress_to_idat(&chunk, &c, block, (size_t)rows * filtered_row, y + rows >= height);
  }
  uint32_t left = *avail_out(&c);
  compressor_end(&c);
  free(block);
  if (!ok) {
    return fail(
        LFX_PNG_ENCODE_FAILED, "deflate failed or out of memory", message, message_capacity);
  }
  close_idat(&chunk, idat_capacity - left);
  return LFX_PNG_OK;
}

lfx_png_status lfx_write_iend(lfx_png_buffer *output, char *message, size_t message_capacity) {
  static const uint8_t iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
  if (!reserve(output, sizeof iend)) {
    return fail(
        LFX_PNG_OUT_OF_MEMORY, "out of memory for the encoded PNG", message, message_capacity);
  }
  memcpy(output->bytes + output->size, iend, sizeof iend);
  output->size += sizeof iend;
  return LFX_PNG_OK;
}
