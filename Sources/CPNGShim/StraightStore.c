// The final store (Documentation/Semantics.md §3.5) vectorised across pixels.
//
// One loop body, compiled three times (x86-64-v4 with 512-bit vectors, AVX2, and the baseline)
// and chosen once by the CPU's features. Every operation is an exactly rounded IEEE single
// operation, a compare or a select, with no contraction into fused multiply-adds, so all three
// write the same codes.
#include "StraightStore.h"

#include "CLayerFXCPULevel.h"

#pragma STDC FP_CONTRACT OFF

// Rounds v (in [0, 65535]) to the nearest whole number, halves up: rint rounds ties to even in
// the default rounding mode, and v − rint(v) is exact here, so a tie that went down is seen.
static inline __attribute__((always_inline)) float rounded_half_up(float v) {
  float nearest = __builtin_rintf(v);
  return v - nearest == 0.5f ? nearest + 1.0f : nearest;
}

// NaN and negatives to 0, then at most 1: `!(x >= 0)` holds for NaN too.
static inline __attribute__((always_inline)) float clamped_unit(float x) {
  float low = !(x >= 0.0f) ? 0.0f : x;
  return low > 1.0f ? 1.0f : low;
}

// Colour over the clamped alpha: alpha 0 divides by +∞ instead, so a colour in [0, 1] becomes 0
// with no 0 / 0, and otherwise the quotient is in [0, +∞].
static inline __attribute__((always_inline)) float straight(float color, float divisor) {
  float quotient = color / divisor;
  return quotient > 1.0f ? 1.0f : quotient;
}

#define LFX_STORE_BODY(CODE_TYPE, MAX_CODE)                                            \
  for (size_t i = 0; i < count; i++) {                                                 \
    float a = clamped_unit(pixels[4 * i + 3]);                                         \
    float divisor = a == 0.0f ? __builtin_inff() : a;                                  \
    float r = straight(clamped_unit(pixels[4 * i]), divisor);                          \
    float g = straight(clamped_unit(pixels[4 * i + 1]), divisor);                      \
    float b = straight(clamped_unit(pixels[4 * i + 2]), divisor);                      \
    codes[4 * i] = (CODE_TYPE)(int32_t)rounded_half_up(r * (MAX_CODE));               \
    codes[4 * i + 1] = (CODE_TYPE)(int32_t)rounded_half_up(g * (MAX_CODE));            \
    codes[4 * i + 2] = (CODE_TYPE)(int32_t)rounded_half_up(b * (MAX_CODE));            \
    codes[4 * i + 3] = (CODE_TYPE)(int32_t)rounded_half_up(a * (MAX_CODE));            \
  }

#define LFX_STORE_VARIANT(NAME, TARGET, WIDTH, CODE_TYPE, MAX_CODE)                    \
  __attribute__((target(TARGET), min_vector_width(WIDTH))) static void NAME(           \
      const float *restrict pixels, CODE_TYPE *restrict codes, size_t count) {         \
    LFX_STORE_BODY(CODE_TYPE, MAX_CODE)                                                \
  }

LFX_STORE_VARIANT(store8_v4, "arch=x86-64-v4", 512, uint8_t, 255.0f)
LFX_STORE_VARIANT(store8_v3, "arch=x86-64-v3", 256, uint8_t, 255.0f)
LFX_STORE_VARIANT(store16_v4, "arch=x86-64-v4", 512, uint16_t, 65535.0f)
LFX_STORE_VARIANT(store16_v3, "arch=x86-64-v3", 256, uint16_t, 65535.0f)

static void store8_base(const float *restrict pixels, uint8_t *restrict codes, size_t count) {
  LFX_STORE_BODY(uint8_t, 255.0f)
}

static void store16_base(const float *restrict pixels, uint16_t *restrict codes, size_t count) {
  LFX_STORE_BODY(uint16_t, 65535.0f)
}

// The widest variant the process runs: 0 baseline, 1 AVX2 (x86-64-v3), 2 AVX-512 (x86-64-v4),
// the last only where the engine takes its AVX-512 paths (lfx_runs_avx512_paths: the CPU has
// AVX-512 F and LAYERFX_NO_AVX512 is unset). Found once; a race only finds the same value.
static int vector_level(void) {
  static int cached = -1;
  int level = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (level >= 0) return level;
  int v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("bmi2");
  int v4 = v3 && lfx_runs_avx512_paths() && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  level = v4 ? 2 : v3 ? 1 : 0;
  __atomic_store_n(&cached, level, __ATOMIC_RELAXED);
  return level;
}

int lfx_store_vector_level(void) { return vector_level(); }

void lfx_store_straight_rgba8_at_level(
    int level, const float *pixels, uint8_t *codes, size_t count) {
  switch (level < vector_level() ? level : vector_level()) {
    case 2: store8_v4(pixels, codes, count); break;
    case 1: store8_v3(pixels, codes, count); break;
    default: store8_base(pixels, codes, count); break;
  }
}

void lfx_store_straight_rgba16_at_level(
    int level, const float *pixels, uint16_t *codes, size_t count) {
  switch (level < vector_level() ? level : vector_level()) {
    case 2: store16_v4(pixels, codes, count); break;
    case 1: store16_v3(pixels, codes, count); break;
    default: store16_base(pixels, codes, count); break;
  }
}

void lfx_store_straight_rgba8(const float *pixels, uint8_t *codes, size_t count) {
  lfx_store_straight_rgba8_at_level(2, pixels, codes, count);
}

void lfx_store_straight_rgba16(const float *pixels, uint16_t *codes, size_t count) {
  lfx_store_straight_rgba16_at_level(2, pixels, codes, count);
}
