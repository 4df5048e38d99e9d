// IDAT and IEND written without libpng (ImageData.h): libpng filtered and deflated row by row
// through its own buffers and wrote 8 KiB IDAT chunks; here rows are filtered in blocks,
// deflated as a raw stream, and the zlib header and Adler-32 written around it, the checksum
// 32 bytes a step.
#include "ImageData.h"

#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum {
  // The most compressed bytes one IDAT chunk carries.
  idat_capacity = 1 << 18,
  // About how many filtered bytes are deflated per call.
  filtered_block_bytes = 1 << 16,
  // Adler-32's modulus and the most bytes summed before reducing without overflowing 32 bits
  // (RFC 1950 §9; zlib's NMAX), rounded down to whole 32-byte steps.
  adler_base = 65521,
  adler_block = 5536,
};

// The scalar definition (RFC 1950 §9): a = 1 + Σ x, b = Σ a after each byte, both mod 65521.
static uint32_t adler32_scalar(uint32_t adler, const uint8_t *bytes, size_t count) {
  uint32_t a = adler & 0xffff;
  uint32_t b = adler >> 16;
  while (count > 0) {
    size_t n = count < adler_block ? count : adler_block;
    count -= n;
    while (n-- > 0) {
      a += *bytes++;
      b += a;
    }
    a %= adler_base;
    b %= adler_base;
  }
  return (b << 16) | a;
}

// 32 bytes x_0 … x_31 a step: a grows by Σ x_i (vpsadbw), and b by 32 × (a before the step) +
// Σ (32 − i) x_i (vpmaddubsw against the weights 32 … 1). `before` sums a at the start of each
// step, so b's share of the a's is 32 × before, added once per block.
__attribute__((target("avx2"))) static uint32_t adler32_avx2(
    uint32_t adler, const uint8_t *bytes, size_t count) {
  uint32_t a = adler & 0xffff;
  uint32_t b = adler >> 16;
  const __m256i weights = _mm256_setr_epi8(
      32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11,
      10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
  const __m256i ones = _mm256_set1_epi16(1);
  const __m256i zero = _mm256_setzero_si256();
  while (count >= 32) {
    size_t steps = (count < adler_block ? count : adler_block) / 32;
    __m256i sums = zero, weighted = zero, before = zero;
    for (size_t s = 0; s < steps; s++) {
      __m256i x = _mm256_loadu_si256((const __m256i *)(bytes + 32 * s));
      before = _mm256_add_epi32(before, sums);
      sums = _mm256_add_epi32(sums, _mm256_sad_epu8(x, zero));
      weighted = _mm256_add_epi32(
          weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(x, weights), ones));
    }
    uint32_t lanes[8];
    uint64_t sum = 0, weight = 0, prior = 0;
    _mm256_storeu_si256((__m256i *)lanes, sums);
    for (int i = 0; i < 8; i++) sum += lanes[i];
    _mm256_storeu_si256((__m256i *)lanes, weighted);
    for (int i = 0; i < 8; i++) weight += lanes[i];
    _mm256_storeu_si256((__m256i *)lanes, before);
    for (int i = 0; i < 8; i++) prior += lanes[i];
    uint64_t n = 32 * (uint64_t)steps;
    b = (uint32_t)((b + n * a + 32 * prior + weight) % adler_base);
    a = (uint32_t)((a + sum) % adler_base);
    bytes += n;
    count -= n;
  }
  return adler32_scalar((b << 16) | a, bytes, count);
}

uint32_t lfx_adler32(uint32_t adler, const uint8_t *bytes, size_t count) {
  // The runtime fills the feature bits at start-up; this only reads them.
  return __builtin_cpu_supports("avx2") ? adler32_avx2(adler, bytes, count)
                                        : adler32_scalar(adler, bytes, count);
}

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

// Writes `count` bytes of zlib stream into IDATs (the zlib header and the Adler-32 trailer).
static int write_stream_bytes(idat *chunk, z_stream *zlib, const uint8_t *bytes, size_t count) {
  while (count > 0) {
    if (zlib->avail_out == 0) {
      close_idat(chunk, idat_capacity);
      if (!open_idat(chunk, zlib)) return 0;
    }
    *zlib->next_out++ = *bytes++;
    zlib->avail_out--;
    count--;
  }
  return 1;
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
  // A raw deflate stream (no zlib header or trailer of its own), 32 KiB window, zlib's default
  // memLevel 8. memLevel 5 (a hash table of 2^12 heads, not 2^15) was 14 % faster on rippled
  // test-card frames but 18 % slower and 1.9 % larger on rippled photo frames (one thread, best
  // of 5; Benchmarks/results/png-encoding.md).
  if (block == NULL ||
      deflateInit2(&zlib, compression_level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    free(block);
    return fail(LFX_PNG_OUT_OF_MEMORY, "out of memory", message, message_capacity);
  }
  idat chunk = {output, 0};
  // CMF 0x78 (deflate, 32 KiB window), FLG 0x01 (no dictionary; 0x7801 is a multiple of 31).
  static const uint8_t zlib_header[2] = {0x78, 0x01};
  int ok = open_idat(&chunk, &zlib) && write_stream_bytes(&chunk, &zlib, zlib_header, 2);
  uint32_t adler = 1;
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
    adler = lfx_adler32(adler, block, count);
    zlib.next_in = block;
    zlib.avail_in = (uInt)count;
    ok = deflate_to_idat(&chunk, &zlib, y + rows < height ? Z_NO_FLUSH : Z_FINISH);
  }
  uint8_t trailer[4];
  put_u32(trailer, adler);
  ok = ok && write_stream_bytes(&chunk, &zlib, trailer, 4);
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
