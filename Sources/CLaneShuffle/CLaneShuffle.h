// Two-source shuffles of eight floats, for the lane sampler's and the store's transposes, and
// the AVX-512 blend of a sixteen-lane translated run.
//
// Swift has no shuffle primitive: a SIMD8 built from another vector's elements reaches LLVM as
// element inserts, which the x86 back end lowers to broadcasts and blends (about three times
// the instructions of the shuffles below, measured in the ripple's lane form). Clang's
// __builtin_shufflevector reaches LLVM as one shufflevector, lowered to one shuffle instruction
// (unpcklps, unpckhps, unpcklpd, unpckhpd, vperm2f128 on AVX; their SSE forms elsewhere).
// Header only: the functions are imported into Swift and inlined there, compiled for whatever
// CPU the Swift module targets; the AVX-512 ones carry their own target and stay calls, made
// only where the CPU has AVX-512 F (Swift has no target attribute or multiversioning of its own).
#ifndef CLANESHUFFLE_H
#define CLANESHUFFLE_H

/// Eight floats: Swift's SIMD8<Float>.
typedef float lfx_float8 __attribute__((ext_vector_type(8)));

/// (a0 b0 a1 b1 | a4 b4 a5 b5): unpcklps on each 128-bit half.
static inline __attribute__((always_inline)) lfx_float8
lfx_interleave_low(lfx_float8 a, lfx_float8 b) {
  return __builtin_shufflevector(a, b, 0, 8, 1, 9, 4, 12, 5, 13);
}

/// (a2 b2 a3 b3 | a6 b6 a7 b7): unpckhps on each 128-bit half.
static inline __attribute__((always_inline)) lfx_float8
lfx_interleave_high(lfx_float8 a, lfx_float8 b) {
  return __builtin_shufflevector(a, b, 2, 10, 3, 11, 6, 14, 7, 15);
}

/// (a0 a1 b0 b1 | a4 a5 b4 b5): unpcklpd on each 128-bit half.
static inline __attribute__((always_inline)) lfx_float8
lfx_pairs_low(lfx_float8 a, lfx_float8 b) {
  return __builtin_shufflevector(a, b, 0, 1, 8, 9, 4, 5, 12, 13);
}

/// (a2 a3 b2 b3 | a6 a7 b6 b7): unpckhpd on each 128-bit half.
static inline __attribute__((always_inline)) lfx_float8
lfx_pairs_high(lfx_float8 a, lfx_float8 b) {
  return __builtin_shufflevector(a, b, 2, 3, 10, 11, 6, 7, 14, 15);
}

/// (a0 a1 a2 a3 | b0 b1 b2 b3): the low halves, vperm2f128.
static inline __attribute__((always_inline)) lfx_float8
lfx_low_halves(lfx_float8 a, lfx_float8 b) {
  return __builtin_shufflevector(a, b, 0, 1, 2, 3, 8, 9, 10, 11);
}

/// (a4 a5 a6 a7 | b4 b5 b6 b7): the high halves, vperm2f128.
static inline __attribute__((always_inline)) lfx_float8
lfx_high_halves(lfx_float8 a, lfx_float8 b) {
  return __builtin_shufflevector(a, b, 4, 5, 6, 7, 12, 13, 14, 15);
}

/// Eight 32-bit integers: Swift's SIMD8<Int32>.
typedef int lfx_int8 __attribute__((ext_vector_type(8)));

/// (a1 a2 … a7 a0): the lanes rotated down by one, vpermd. Comparing a vector with its rotation
/// tests all lanes against their neighbours without a broadcast of lane 0, which LLVM turns
/// into scalar arithmetic on lane 0 of everything the lane was computed from.
static inline __attribute__((always_inline)) lfx_int8 lfx_rotate_down(lfx_int8 a) {
  return __builtin_shufflevector(a, a, 1, 2, 3, 4, 5, 6, 7, 0);
}

/// Whether every lane of an eight-lane mask (each lane 0 or −1, Swift's SIMDMask storage) is
/// set: one vector test (vptest or vmovmskps). The standard library's `all` became a call to
/// a generic `max` where a function tested several masks.
static inline __attribute__((always_inline)) int lfx_all_lanes(lfx_int8 mask) {
  return __builtin_reduce_and(mask) != 0;
}

/// The lanes of an eight-lane mask (each lane 0 or −1) as bits, lane 0 the lowest: one
/// vmovmskps with AVX (each lane's sign bit), which clang does not make of the portable
/// reduction (seven shuffles and ors).
static inline __attribute__((always_inline)) int lfx_lane_bits(lfx_int8 mask) {
#if defined(__AVX__)
  return __builtin_ia32_movmskps256((__attribute__((vector_size(32))) float)mask);
#else
  return __builtin_reduce_or(mask & (lfx_int8){1, 2, 4, 8, 16, 32, 64, 128});
#endif
}

#if defined(__x86_64__)
/// Sixteen floats: four premultiplied RGBA texels or pixels, one AVX-512 register.
typedef float lfx_float16 __attribute__((ext_vector_type(16)));

/// Four texels from `p`, which need only the alignment of a float.
__attribute__((target("avx512f"))) static inline lfx_float16 lfx_load4(const float *p) {
  lfx_float16 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}

/// The sixteen colours of a translated run (LayerFX's `Layer.isTranslatedRun`, for sixteen
/// lanes) whose first cell's top-left texel is at `top`, its lower row `row_floats` floats on:
/// for lane `i`, texels `i` and `i + 1` of both rows blended as `Layer.blend(at:)` blends them,
/// `t + (r − t) × wx` across, then `top + (bottom − top) × wy`, with no contraction into FMA,
/// so each lane's bits are the scalar sample's. Pixels `4k … 4k + 3` in `colors[k]`, RGBA each.
///
/// Each register holds four neighbouring cells, so a row is eight 512-bit loads (texels
/// 4k … 4k + 3 and 4k + 1 … 4k + 4) and four blends, where the eight-lane path needs two
/// 128-bit loads and an insert per pair of cells. Compiled for AVX-512 F whatever the caller's
/// level (a call, never inlined into AVX2 code); call it only where `lfx_cpu_has_avx512f()`.
__attribute__((target("avx512f"))) static inline void lfx_blend_run16_colors(
    const float *top, long row_floats, float wx, float wy, lfx_float16 colors[4]) {
#pragma clang fp contract(off)
  const float *bottom = top + row_floats;
#pragma clang loop unroll(full)
  for (int k = 0; k < 4; k++) {
    lfx_float16 a = lfx_load4(top + 16 * k), b = lfx_load4(top + 16 * k + 4);
    lfx_float16 c = lfx_load4(bottom + 16 * k), d = lfx_load4(bottom + 16 * k + 4);
    lfx_float16 upper = a + (b - a) * wx;
    lfx_float16 lower = c + (d - c) * wx;
    colors[k] = upper + (lower - upper) * wy;
  }
}

/// `lfx_blend_run16_colors` as four channel planes of sixteen lanes at `planes` (64 floats:
/// red of pixels 0 … 15, then green, blue, alpha): a 4 × 16 transpose in eight two-source
/// shuffles (vpermt2ps, vshuff32x4).
__attribute__((target("avx512f"))) static inline void lfx_blend_run16(
    const float *top, long row_floats, float wx, float wy, float *planes) {
  lfx_float16 c[4];
  lfx_blend_run16_colors(top, row_floats, wx, wy, c);
  // (r0 … r7, g0 … g7) and (b0 … b7, a0 … a7) of pixels 0 … 7, then of 8 … 15.
  lfx_float16 rg0 = __builtin_shufflevector(c[0], c[1], 0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13,
                                            17, 21, 25, 29);
  lfx_float16 ba0 = __builtin_shufflevector(c[0], c[1], 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11,
                                            15, 19, 23, 27, 31);
  lfx_float16 rg1 = __builtin_shufflevector(c[2], c[3], 0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13,
                                            17, 21, 25, 29);
  lfx_float16 ba1 = __builtin_shufflevector(c[2], c[3], 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11,
                                            15, 19, 23, 27, 31);
  lfx_float16 planes4[4] = {
      __builtin_shufflevector(rg0, rg1, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23),
      __builtin_shufflevector(rg0, rg1, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30,
                              31),
      __builtin_shufflevector(ba0, ba1, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23),
      __builtin_shufflevector(ba0, ba1, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30,
                              31)};
  // Stored as 256-bit halves: the caller reads each plane as two eight-lane halves, and a load
  // is forwarded from a store of its own size, not from half of a 512-bit one (which stalled
  // the caller's loads: a fifth of the sampler's time).
#pragma clang loop unroll(full)
  for (int k = 0; k < 4; k++) {
    lfx_float8 low = __builtin_shufflevector(planes4[k], planes4[k], 0, 1, 2, 3, 4, 5, 6, 7);
    lfx_float8 high = __builtin_shufflevector(planes4[k], planes4[k], 8, 9, 10, 11, 12, 13, 14, 15);
    // Volatile, so that LLVM does not merge the two halves back into one 512-bit store.
    typedef float unaligned8 __attribute__((ext_vector_type(8), aligned(4)));
    *(volatile unaligned8 *)(planes + 16 * k) = low;
    *(volatile unaligned8 *)(planes + 16 * k + 8) = high;
  }
}

/// `lfx_blend_run16_colors` stored as sixteen RGBA pixels at `pixels`, pixel 0 first: what a
/// distortion effect stores, with no transpose.
__attribute__((target("avx512f"))) static inline void lfx_blend_run16_pixels(
    const float *top, long row_floats, float wx, float wy, float *pixels) {
  lfx_float16 c[4];
  lfx_blend_run16_colors(top, row_floats, wx, wy, c);
  __builtin_memcpy(pixels, c, sizeof c);
}
#endif

/// Four floats: Swift's SIMD4<Float>, one premultiplied RGBA pixel.
typedef float lfx_float4 __attribute__((ext_vector_type(4)));

/// Stores one pixel at `p` (16-byte aligned, as every half4 is) past the caches: movntps on
/// x86. A destination far larger than the caches is written without first being read in.
static inline __attribute__((always_inline)) void lfx_stream4(lfx_float4 *p, lfx_float4 v) {
  __builtin_nontemporal_store(v, p);
}

/// Orders the streaming stores before every later store (sfence on x86), so the pixels are in
/// memory before the worker reports its band done.
static inline __attribute__((always_inline)) void lfx_stream_fence(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_sfence();
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

#endif
