extension StandInHeader {
  /// Scalar types, the vector template's declaration and the type names.
  static let prelude = #"""
    #pragma once
    #pragma clang diagnostic ignored "-Wunknown-attributes"
    #define device
    #define constant const
    #define thread
    // `threadgroup` is `register`, which C++17 ignores (-Wregister off): it stands where Metal
    // puts the qualifier (parameters and locals of a kernel function) and, unlike an empty
    // macro, still names an attribute in `[[threadgroup(0)]]`.
    #pragma clang diagnostic ignored "-Wregister"
    #define threadgroup register
    #define kernel
    #define vertex
    #define fragment
    #define M_PI_F 3.14159265358979323846f
    #define M_PI_2_F 1.57079632679489661923f
    #define M_PI_4_F 0.78539816339744830962f
    #define M_1_PI_F 0.31830988618379067154f
    #define M_2_PI_F 0.63661977236758134308f
    #define M_2_SQRTPI_F 1.12837916709551257390f
    #define M_E_F 2.71828182845904523536f
    #define M_LOG2E_F 1.44269504088896340736f
    #define M_LOG10E_F 0.43429448190325182765f
    #define M_LN2_F 0.69314718055994530942f
    #define M_LN10_F 2.30258509299404568402f
    #define M_SQRT2_F 1.41421356237309504880f
    #define M_SQRT1_2_F 0.70710678118654752440f
    #define MAXFLOAT 3.402823466e+38f
    #define HUGE_VALF __builtin_huge_valf()
    #define INFINITY __builtin_inff()
    #define NAN __builtin_nanf("")
    #define FLT_MAX 3.402823466e+38f
    #define FLT_MIN 1.175494351e-38f
    #define FLT_EPSILON 1.192092896e-07f
    #define M_PI_H M_PI_F
    #define M_PI_2_H M_PI_2_F
    #define M_E_H M_E_F

    namespace metal {
    #ifdef LFX_HALF_BINARY16
    typedef _Float16 half;
    #else
    typedef float half;
    #endif
    typedef unsigned int uint;
    typedef unsigned short ushort;
    typedef unsigned char uchar;
    typedef unsigned long ulong;
    typedef unsigned long size_t;
    typedef long ptrdiff_t;
    template <typename T, int N> struct vec;
    template <bool B, typename T = int> struct lfx_enable_if {};
    template <typename T> struct lfx_enable_if<true, T> { typedef T type; };
    template <typename A, typename B> struct lfx_same { static constexpr bool value = false; };
    template <typename A> struct lfx_same<A, A> { static constexpr bool value = true; };
    template <typename T> struct lfx_is_int { static constexpr bool value = false; };
    template <> struct lfx_is_int<int> { static constexpr bool value = true; };
    template <> struct lfx_is_int<uint> { static constexpr bool value = true; };
    template <> struct lfx_is_int<short> { static constexpr bool value = true; };
    template <> struct lfx_is_int<ushort> { static constexpr bool value = true; };
    template <> struct lfx_is_int<char> { static constexpr bool value = true; };
    template <> struct lfx_is_int<uchar> { static constexpr bool value = true; };
    template <> struct lfx_is_int<long> { static constexpr bool value = true; };
    template <> struct lfx_is_int<ulong> { static constexpr bool value = true; };
    // A half overload is a template enabled only for `_Float16`, so in the float mode it never
    // competes with the float one and in the binary16 mode a mixed call picks float.
    template <typename T> struct lfx_is_half { static constexpr bool value = false; };
    #ifdef LFX_HALF_BINARY16
    template <> struct lfx_is_half<_Float16> { static constexpr bool value = true; };
    #endif
    }  // namespace metal
    // `0.5h` is a `half` in every file (MSL §2.1): the runner rewrites the main file's literals,
    // and a literal in an included file reaches this operator, which C++ folds at compile time
    // (decimal → long double → half; a double rounding only for a decimal that lies within
    // 2⁻⁶⁴ relative of a midpoint between two halves).
    #pragma clang diagnostic ignored "-Wuser-defined-literals"
    constexpr metal::half operator""h(long double v) { return metal::half(v); }

    """#

  /// Type names, the standard library's functions, samplers and textures.
  static let functions = #"""
    namespace metal {
    #define LFX_VEC_NAMES(T, name) \
      typedef vec<T, 2> name##2; typedef vec<T, 3> name##3; typedef vec<T, 4> name##4;
    LFX_VEC_NAMES(float, float)
    LFX_VEC_NAMES(half, half)
    LFX_VEC_NAMES(int, int)
    LFX_VEC_NAMES(uint, uint)
    LFX_VEC_NAMES(short, short)
    LFX_VEC_NAMES(ushort, ushort)
    LFX_VEC_NAMES(bool, bool)
    LFX_VEC_NAMES(char, char)
    LFX_VEC_NAMES(uchar, uchar)
    LFX_VEC_NAMES(long, long)
    LFX_VEC_NAMES(ulong, ulong)
    #undef LFX_VEC_NAMES
    }  // namespace metal
    // Metal's scalar and vector types are built in, so they need no `metal::` (MSL §2).
    #define LFX_GLOBAL_NAMES(name) using metal::name##2; using metal::name##3; using metal::name##4;
    LFX_GLOBAL_NAMES(float)
    LFX_GLOBAL_NAMES(half)
    LFX_GLOBAL_NAMES(int)
    LFX_GLOBAL_NAMES(uint)
    LFX_GLOBAL_NAMES(short)
    LFX_GLOBAL_NAMES(ushort)
    LFX_GLOBAL_NAMES(bool)
    LFX_GLOBAL_NAMES(char)
    LFX_GLOBAL_NAMES(uchar)
    LFX_GLOBAL_NAMES(long)
    LFX_GLOBAL_NAMES(ulong)
    #undef LFX_GLOBAL_NAMES
    using metal::half;
    using metal::uint;
    using metal::ushort;
    using metal::uchar;
    using metal::ulong;
    using metal::size_t;
    using metal::ptrdiff_t;
    namespace metal {

    template <typename T, typename F> inline auto lfx_map(vec<T, 2> a, F f) -> vec<decltype(f(a.x)), 2> { return {f(a.x), f(a.y)}; }
    template <typename T, typename F> inline auto lfx_map(vec<T, 3> a, F f) -> vec<decltype(f(a.x)), 3> { return {f(a.x), f(a.y), f(a.z)}; }
    template <typename T, typename F> inline auto lfx_map(vec<T, 4> a, F f) -> vec<decltype(f(a.x)), 4> { return {f(a.x), f(a.y), f(a.z), f(a.w)}; }
    template <typename T, typename F> inline vec<T, 2> lfx_map2(vec<T, 2> a, vec<T, 2> b, F f) { return {f(a.x, b.x), f(a.y, b.y)}; }
    template <typename T, typename F> inline vec<T, 3> lfx_map2(vec<T, 3> a, vec<T, 3> b, F f) { return {f(a.x, b.x), f(a.y, b.y), f(a.z, b.z)}; }
    template <typename T, typename F> inline vec<T, 4> lfx_map2(vec<T, 4> a, vec<T, 4> b, F f) { return {f(a.x, b.x), f(a.y, b.y), f(a.z, b.z), f(a.w, b.w)}; }
    template <typename T, typename F> inline vec<T, 2> lfx_map3(vec<T, 2> a, vec<T, 2> b, vec<T, 2> c, F f) { return {f(a.x, b.x, c.x), f(a.y, b.y, c.y)}; }
    template <typename T, typename F> inline vec<T, 3> lfx_map3(vec<T, 3> a, vec<T, 3> b, vec<T, 3> c, F f) { return {f(a.x, b.x, c.x), f(a.y, b.y, c.y), f(a.z, b.z, c.z)}; }
    template <typename T, typename F> inline vec<T, 4> lfx_map3(vec<T, 4> a, vec<T, 4> b, vec<T, 4> c, F f) { return {f(a.x, b.x, c.x), f(a.y, b.y, c.y), f(a.z, b.z, c.z), f(a.w, b.w, c.w)}; }
    template <typename T> struct lfx_identity { typedef T type; };
    template <typename T> using lfx_id = typename lfx_identity<T>::type;

    // Polynomial sin, cos, exp and log (float), inlined so a pixel loop vectorises without a
    // vector libm; each reduces its argument and evaluates a truncated series (Taylor for sin,
    // cos and exp on |r| ≤ π/4 and ln 2 / 2, the atanh series for log), errors of 1–2 ulp. The
    // inverse trigonometric functions likewise (below, 2–4 ulp): libm's atan2f was a call per
    // lane in a vectorised pixel loop (84 of them in Archetapp's celtic-knot).
    namespace lfx {
    inline float floor_f(float x) { return __builtin_floorf(x); }
    inline float sin_cos(float x, bool cosine) {
      // x = k·π/2 + r, |r| ≤ π/4; a three-part π/2 keeps r accurate for |x| up to ~10⁵ (beyond,
      // like the GPU's, the result loses accuracy).
      float k = __builtin_rintf(x * 0.636619772367581343f);
      float r = x - k * 1.5703125f;
      r = r - k * 4.83751296997070312e-4f;
      r = r - k * 7.54978995489188216e-8f;
      int q = int(k) + (cosine ? 1 : 0);
      float r2 = r * r;
      float s = r + r * r2 * (-1.66666666666666667e-1f + r2 * (8.33333333333333333e-3f
                + r2 * (-1.98412698412698413e-4f + r2 * 2.75573192239858907e-6f)));
      float c = 1.0f + r2 * (-0.5f + r2 * (4.16666666666666667e-2f + r2 * (-1.38888888888888889e-3f
                + r2 * (2.48015873015873016e-5f - r2 * 2.75573192239858907e-7f))));
      float v = (q & 1) ? c : s;
      v = (q & 2) ? -v : v;
      return v;
    }
    inline float exp_f(float x) {
      // x = k·ln 2 + r, |r| ≤ ln 2 / 2; exp(x) = 2ᵏ · exp(r).
      float k = __builtin_rintf(x * 1.44269504088896341f);
      float r = x - k * 0.693145751953125f;
      r = r - k * 1.42860682030941723e-6f;
      float p = 1.0f + r * (1.0f + r * (0.5f + r * (1.66666666666666667e-1f + r * (4.16666666666666667e-2f
                + r * (8.33333333333333333e-3f + r * (1.38888888888888889e-3f + r * 1.98412698412698413e-4f))))));
      float kc = k < -126.0f ? -126.0f : (k > 127.0f ? 127.0f : k);
      int e = int(kc) + 127;
      float scale = __builtin_bit_cast(float, e << 23);
      float v = p * scale;
      // The remaining factor when k was clamped (subnormal results), and the overflows.
      v = v * __builtin_bit_cast(float, (int(k - kc) + 127) << 23);
      v = x > 88.72283935546875f ? __builtin_inff() : v;
      v = x < -103.972084045410156f ? 0.0f : v;
      return x != x ? x : v;
    }
    inline float log_f(float x) {
      // x = m · 2ᵉ with m in [√½, √2); log m = 2 atanh(s), s = (m − 1) / (m + 1).
      int bits = __builtin_bit_cast(int, x);
      bool subnormal = x < 1.17549435e-38f;
      float xs = subnormal ? x * 16777216.0f : x;
      bits = __builtin_bit_cast(int, xs);
      int e = ((bits >> 23) & 0xff) - 127 - (subnormal ? 24 : 0);
      float m = __builtin_bit_cast(float, (bits & 0x007fffff) | 0x3f800000);
      bool big = m > 1.41421356237309505f;
      m = big ? m * 0.5f : m;
      e = big ? e + 1 : e;
      float s = (m - 1.0f) / (m + 1.0f);
      float s2 = s * s;
      float series = 2.0f * s * (1.0f + s2 * (3.33333333333333333e-1f + s2 * (2.0e-1f
                     + s2 * (1.42857142857142857e-1f + s2 * 1.11111111111111111e-1f))));
      float v = float(e) * 0.693145751953125f + (series + float(e) * 1.42860682030941723e-6f);
      v = x == 0.0f ? -__builtin_inff() : v;
      v = x < 0.0f ? __builtin_nanf("") : v;
      v = x == __builtin_inff() ? x : v;
      return x != x ? x : v;
    }
    // atan on [0, tan(π/8)] after atan(x) = π/2 − atan(1/x) for |x| > tan(3π/8) and
    // atan(x) = π/4 + atan((x − 1) / (x + 1)) for |x| > tan(π/8): an odd degree-9 minimax
    // polynomial (Cephes atanf's coefficients: S. L. Moshier, Methods and Programs for
    // Mathematical Functions, 1989), about 2 ulp.
    inline float atan_f(float x) {
      float a = __builtin_fabsf(x);
      bool big = a > 2.41421356237309505f;
      bool middle = !big && a > 0.414213562373095049f;
      float t = big ? -1.0f / a : (middle ? (a - 1.0f) / (a + 1.0f) : a);
      // π/2 and π/4 as a float and its remainder, so the sum rounds once more at most.
      float base = big ? 1.57079637050628662f : (middle ? 0.785398185253143311f : 0.0f);
      float rest = big ? -4.37113900018624283e-8f : (middle ? -2.18556950009312141e-8f : 0.0f);
      float z = t * t;
      float p = ((8.05374449538e-2f * z - 1.38776856032e-1f) * z + 1.99777106478e-1f) * z
                - 3.33329491539e-1f;
      float v = base + (rest + (t + t * z * p));
      v = x != x ? x : v;
      return __builtin_copysignf(v, x);
    }
    // atan2(y, x) = ±atan(|y| / |x|), or ±(π − atan(|y| / |x|)) when x < 0 or x is −0, with
    // IEEE 754's signed zeros and infinities (atan2(±0, −0) = ±π, atan2(±∞, ±∞) = ±π/4 or ±3π/4).
    inline float atan2_f(float y, float x) {
      float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
      float a = atan_f(ay / ax);
      a = ax == __builtin_inff() && ay == __builtin_inff() ? 0.785398163397448310f : a;
      a = ax == 0.0f && ay == 0.0f ? 0.0f : a;
      float v = __builtin_signbit(x) ? 3.14159274101257324f + (-8.74227800037248566e-8f - a) : a;
      v = x != x || y != y ? x + y : v;
      return __builtin_copysignf(v, y);
    }
    // asin(x) = atan2(x, √((1 − x)(1 + x))), acos(x) = atan2(√((1 − x)(1 + x)), x): NaN for
    // |x| > 1; 1 − x is exact for x in [½, 1] (Sterbenz), so the root keeps its accuracy near ±1.
    inline float asin_f(float x) { return atan2_f(x, __builtin_sqrtf((1.0f - x) * (1.0f + x))); }
    inline float acos_f(float x) { return atan2_f(__builtin_sqrtf((1.0f - x) * (1.0f + x)), x); }
    // x^n by squaring: x² = x·x, x⁴ = x²·x², x³ = x·x², and 1 / x^|n| for n < 0, the
    // multiplications GPU compilers fold a constant integral exponent into.
    // One step per bit of |n| ≤ 2¹⁶, unrolled, so no loop is left in a shader's pixel loop
    // (the loop vectoriser takes innermost loops only).
    __attribute__((always_inline)) inline float powi_f(float x, int n) {
      unsigned m = n < 0 ? 0u - unsigned(n) : unsigned(n);
      float r = 1.0f, b = x;
      bool empty = true;
      #pragma unroll
      for (int bit = 0; bit < 17; ++bit) {
        if ((m >> bit) & 1u) { r = empty ? b : r * b; empty = false; }
        b = b * b;
      }
      return n < 0 ? 1.0f / r : r;
    }
    // pow(x, y): a constant integral y (|y| ≤ 2¹⁶, known once the shader is inlined) is
    // multiplications (powi_f); any other y is exp(y · log x), NaN for x < 0
    // (Documentation/Semantics.md §8.7).
    __attribute__((always_inline)) inline float pow_f(float x, float y) {
      if (__builtin_constant_p(y) && y == __builtin_truncf(y) && __builtin_fabsf(y) <= 65536.0f)
        return powi_f(x, int(y));
      return x == 0.0f ? (y > 0.0f ? 0.0f : (y == 0.0f ? 1.0f : __builtin_inff()))
             : (x < 0.0f ? __builtin_nanf("") : exp_f(y * log_f(x)));
    }
    }  // namespace lfx
    }  // namespace metal
    """#
}
