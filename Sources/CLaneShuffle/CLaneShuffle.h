// Two-source shuffles of eight floats, for the lane sampler's and the store's transposes.
//
// Swift has no shuffle primitive: a SIMD8 built from another vector's elements reaches LLVM as
// element inserts, which the x86 back end lowers to broadcasts and blends (about three times
// the instructions of the shuffles below, measured in the ripple's lane form). Clang's
// __builtin_shufflevector reaches LLVM as one shufflevector, lowered to one shuffle instruction
// (unpcklps, unpckhps, unpcklpd, unpckhpd, vperm2f128 on AVX; their SSE forms elsewhere).
// Header only: the functions are imported into Swift and inlined there, compiled for whatever
// CPU the Swift module targets.
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
