// The final store of Documentation/Semantics.md §3.5, for a run of premultiplied pixels.
#ifndef LFX_STRAIGHT_STORE_H
#define LFX_STRAIGHT_STORE_H

#include <stddef.h>
#include <stdint.h>

/// Writes the straight 8-bit RGBA codes of `count` premultiplied RGBA pixels (four floats each,
/// `pixels[4i ..< 4i + 4]`) into `codes[4i ..< 4i + 4]`.
///
/// Per pixel (Documentation/Semantics.md §3.5): each premultiplied channel maps NaN and
/// negatives to 0 and clamps to [0, 1]; colour is divided by the clamped alpha (IEEE single
/// division) and clamped to 1 again, alpha 0 giving colour 0; each value x stores as
/// ⌊x × 255 + ½⌋, the single-precision product rounded to the nearest code, halves up.
/// Vectorised across pixels; the codes do not depend on the CPU's vector width.
void lfx_store_straight_rgba8(const float *pixels, uint8_t *codes, size_t count);

/// Writes the straight 16-bit codes of `count` pixels, as lfx_store_straight_rgba8 does with
/// 65535 in place of 255.
void lfx_store_straight_rgba16(const float *pixels, uint16_t *codes, size_t count);

/// The widest variant the process runs: 0 baseline x86-64, 1 AVX2 (x86-64-v3), 2 AVX-512
/// (x86-64-v4), the last only where the engine takes its AVX-512 paths (LAYERFX_NO_AVX512
/// unset; lfx_runs_avx512_paths in CLayerFXCPULevel).
int lfx_store_vector_level(void);

/// lfx_store_straight_rgba8 with the variant of `level` (as lfx_store_vector_level counts), or
/// the widest the CPU runs if that is lower: for tests that every variant writes the same codes.
void lfx_store_straight_rgba8_at_level(
    int level, const float *pixels, uint8_t *codes, size_t count);

/// lfx_store_straight_rgba16 with the variant of `level`, as lfx_store_straight_rgba8_at_level.
void lfx_store_straight_rgba16_at_level(
    int level, const float *pixels, uint16_t *codes, size_t count);

#endif
