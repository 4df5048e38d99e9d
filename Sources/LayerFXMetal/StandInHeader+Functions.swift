extension StandInHeader {
  /// The standard library's functions (MSL 3.2 §6): scalar `float` overloads, `half` templates
  /// (binary16 mode), and component-wise vector templates with scalar broadcast.
  static let mathFunctions = #"""
    namespace metal {
    #define LFX_HALF_T template <typename T, typename lfx_enable_if<lfx_is_half<T>::value>::type = 0>
    #define LFX_INT_T template <typename T, typename lfx_enable_if<lfx_is_int<T>::value>::type = 0>
    #define LFX_UNARY(name, expr) \
      inline float name(float x) { return expr; } \
      LFX_HALF_T inline T name(T h) { float x = float(h); return T(expr); } \
      template <typename T, int N> inline vec<T, N> name(vec<T, N> v) { \
        return lfx_map(v, [](T c) { return T(name(c)); }); }
    #define LFX_BINARY(name, expr) \
      inline float name(float x, float y) { return expr; } \
      LFX_HALF_T inline T name(T hx, T hy) { float x = float(hx), y = float(hy); return T(expr); } \
      template <typename T, int N> inline vec<T, N> name(vec<T, N> a, vec<T, N> b) { \
        return lfx_map2(a, b, [](T p, T q) { return T(name(p, q)); }); } \
      template <typename T, int N> inline vec<T, N> name(vec<T, N> a, lfx_id<T> b) { return name(a, vec<T, N>(b)); } \
      template <typename T, int N> inline vec<T, N> name(lfx_id<T> a, vec<T, N> b) { return name(vec<T, N>(a), b); }
    #define LFX_TERNARY(name, expr) \
      inline float name(float x, float y, float z) { return expr; } \
      LFX_HALF_T inline T name(T hx, T hy, T hz) { float x = float(hx), y = float(hy), z = float(hz); return T(expr); } \
      template <typename T, int N> inline vec<T, N> name(vec<T, N> a, vec<T, N> b, vec<T, N> c) { \
        return lfx_map3(a, b, c, [](T p, T q, T r) { return T(name(p, q, r)); }); } \
      template <typename T, int N> inline vec<T, N> name(vec<T, N> a, vec<T, N> b, lfx_id<T> c) { return name(a, b, vec<T, N>(c)); } \
      template <typename T, int N> inline vec<T, N> name(vec<T, N> a, lfx_id<T> b, lfx_id<T> c) { return name(a, vec<T, N>(b), vec<T, N>(c)); } \
      template <typename T, int N> inline vec<T, N> name(lfx_id<T> a, lfx_id<T> b, vec<T, N> c) { return name(vec<T, N>(a), vec<T, N>(b), c); } \
      template <typename T, int N> inline vec<T, N> name(vec<T, N> a, lfx_id<T> b, vec<T, N> c) { return name(a, vec<T, N>(b), c); } \
      template <typename T, int N> inline vec<T, N> name(lfx_id<T> a, vec<T, N> b, vec<T, N> c) { return name(vec<T, N>(a), b, c); } \
      template <typename T, int N> inline vec<T, N> name(lfx_id<T> a, vec<T, N> b, lfx_id<T> c) { return name(vec<T, N>(a), b, vec<T, N>(c)); }

    LFX_UNARY(sin, lfx::sin_cos(x, false))
    LFX_UNARY(cos, lfx::sin_cos(x, true))
    LFX_UNARY(tan, lfx::sin_cos(x, false) / lfx::sin_cos(x, true))
    LFX_UNARY(asin, lfx::asin_f(x))
    LFX_UNARY(acos, lfx::acos_f(x))
    LFX_UNARY(atan, lfx::atan_f(x))
    LFX_UNARY(sinh, 0.5f * (lfx::exp_f(x) - lfx::exp_f(-x)))
    LFX_UNARY(cosh, 0.5f * (lfx::exp_f(x) + lfx::exp_f(-x)))
    LFX_UNARY(tanh, __builtin_tanhf(x))
    LFX_UNARY(asinh, __builtin_asinhf(x))
    LFX_UNARY(acosh, __builtin_acoshf(x))
    LFX_UNARY(atanh, __builtin_atanhf(x))
    LFX_UNARY(exp, lfx::exp_f(x))
    LFX_UNARY(exp2, lfx::exp_f(x * 0.693147180559945309f))
    LFX_UNARY(exp10, lfx::exp_f(x * 2.30258509299404568f))
    LFX_UNARY(log, lfx::log_f(x))
    LFX_UNARY(log2, lfx::log_f(x) * 1.44269504088896341f)
    LFX_UNARY(log10, lfx::log_f(x) * 0.434294481903251828f)
    LFX_UNARY(sqrt, __builtin_sqrtf(x))
    LFX_UNARY(rsqrt, 1.0f / __builtin_sqrtf(x))
    LFX_UNARY(floor, __builtin_floorf(x))
    LFX_UNARY(ceil, __builtin_ceilf(x))
    LFX_UNARY(round, __builtin_roundf(x))
    LFX_UNARY(trunc, __builtin_truncf(x))
    LFX_UNARY(rint, __builtin_rintf(x))
    // fract(x) = min(x − floor(x), 0x1.fffffep-1) (MSL §6.5).
    LFX_UNARY(fract, __builtin_fminf(x - __builtin_floorf(x), 0x1.fffffep-1f))
    LFX_UNARY(fabs, __builtin_fabsf(x))
    LFX_UNARY(saturate, __builtin_fminf(__builtin_fmaxf(x, 0.0f), 1.0f))
    LFX_UNARY(sign, x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : (x != x ? 0.0f : x)))
    // pow: a constant integral exponent is multiplications, any other exponent exp(y log x),
    // NaN for a negative base (Documentation/Semantics.md §8.7); powr is defined for x ≥ 0.
    // Always inlined, vectors too, so the exponent is seen as a constant where it is one.
    #define LFX_INLINE __attribute__((always_inline)) inline
    LFX_INLINE float pow(float x, float y) { return lfx::pow_f(x, y); }
    LFX_HALF_T LFX_INLINE T pow(T x, T y) { return T(lfx::pow_f(float(x), float(y))); }
    template <typename T, int N> LFX_INLINE vec<T, N> pow(vec<T, N> a, vec<T, N> b) {
      vec<T, N> r; for (int i = 0; i < N; ++i) r[i] = T(pow(a[i], b[i])); return r; }
    template <typename T, int N> LFX_INLINE vec<T, N> pow(vec<T, N> a, lfx_id<T> b) { return pow(a, vec<T, N>(b)); }
    template <typename T, int N> LFX_INLINE vec<T, N> pow(lfx_id<T> a, vec<T, N> b) { return pow(vec<T, N>(a), b); }
    #undef LFX_INLINE
    LFX_BINARY(powr, x == 0.0f ? (y > 0.0f ? 0.0f : (y == 0.0f ? 1.0f : __builtin_inff()))
               : lfx::exp_f(y * lfx::log_f(x)))
    LFX_BINARY(atan2, lfx::atan2_f(x, y))
    // fmod(x, y) = x − y · trunc(x / y) (MSL §6.5), with one rounding (a fused multiply-add,
    // written out, as the compile contracts nothing: Semantics.md §8.7).
    LFX_BINARY(fmod, __builtin_fmaf(-y, __builtin_truncf(x / y), x))
    LFX_BINARY(fmin, __builtin_fminf(x, y))
    LFX_BINARY(fmax, __builtin_fmaxf(x, y))
    LFX_BINARY(step, y < x ? 0.0f : 1.0f)
    LFX_BINARY(copysign, __builtin_copysignf(x, y))
    LFX_BINARY(fdim, x > y ? x - y : 0.0f)
    LFX_TERNARY(clamp, __builtin_fminf(__builtin_fmaxf(x, y), z))
    LFX_TERNARY(mix, x + (y - x) * z)
    LFX_TERNARY(fma, __builtin_fmaf(x, y, z))
    LFX_TERNARY(mad, x * y + z)
    LFX_TERNARY(smoothstep, lfx_smooth(x, y, z))
    // sinpi(x) = sin(πx), cospi, tanpi alike; divide(x, y) = x / y (MSL §6.5).
    LFX_UNARY(sinpi, lfx::sin_cos(x * 3.14159265358979324f, false))
    LFX_UNARY(cospi, lfx::sin_cos(x * 3.14159265358979324f, true))
    LFX_UNARY(tanpi, lfx::sin_cos(x * 3.14159265358979324f, false) / lfx::sin_cos(x * 3.14159265358979324f, true))
    LFX_BINARY(divide, x / y)
    LFX_BINARY(nextafter, __builtin_nextafterf(x, y))
    LFX_TERNARY(fmin3, __builtin_fminf(__builtin_fminf(x, y), z))
    LFX_TERNARY(fmax3, __builtin_fmaxf(__builtin_fmaxf(x, y), z))
    // The median of three: max(min(x, y), min(max(x, y), z)) (MSL §6.5 `fmedian3`).
    LFX_TERNARY(fmedian3, __builtin_fmaxf(__builtin_fminf(x, y), __builtin_fminf(__builtin_fmaxf(x, y), z)))

    // modf(x, i): i = trunc(x), returns x − i; frexp(x, e): x = m · 2ᵉ with |m| in [½, 1);
    // ldexp(x, k) = x · 2ᵏ; ilogb(x) the exponent of x; sincos(x, c): c = cos x, returns sin x
    // (MSL §6.5).
    inline float modf(float x, float &i) { i = __builtin_truncf(x); return x == i ? __builtin_copysignf(0.0f, x) : x - i; }
    inline float frexp(float x, int &e) { return __builtin_frexpf(x, &e); }
    inline float ldexp(float x, int k) { return __builtin_ldexpf(x, k); }
    inline int ilogb(float x) { return __builtin_ilogbf(x); }
    inline float sincos(float x, float &c) { c = cos(x); return sin(x); }
    LFX_HALF_T inline T modf(T x, T &i) { float f; float r = modf(float(x), f); i = T(f); return T(r); }
    LFX_HALF_T inline T frexp(T x, int &e) { return T(frexp(float(x), e)); }
    LFX_HALF_T inline T ldexp(T x, int k) { return T(ldexp(float(x), k)); }
    LFX_HALF_T inline int ilogb(T x) { return ilogb(float(x)); }
    LFX_HALF_T inline T sincos(T x, T &c) { float f; float r = sincos(float(x), f); c = T(f); return T(r); }
    template <typename T, int N> inline vec<T, N> modf(vec<T, N> x, vec<T, N> &i) {
      vec<T, N> r; for (int k = 0; k < N; ++k) r[k] = modf(x[k], i[k]); return r; }
    template <typename T, int N> inline vec<T, N> frexp(vec<T, N> x, vec<int, N> &e) {
      vec<T, N> r; for (int k = 0; k < N; ++k) r[k] = frexp(x[k], e[k]); return r; }
    template <typename T, int N> inline vec<T, N> ldexp(vec<T, N> x, vec<int, N> k) {
      vec<T, N> r; for (int j = 0; j < N; ++j) r[j] = ldexp(x[j], k[j]); return r; }
    template <typename T, int N> inline vec<int, N> ilogb(vec<T, N> x) { return lfx_map(x, [](T c) { return ilogb(c); }); }
    template <typename T, int N> inline vec<T, N> sincos(vec<T, N> x, vec<T, N> &c) {
      vec<T, N> r; for (int k = 0; k < N; ++k) r[k] = sincos(x[k], c[k]); return r; }

    inline float min(float x, float y) { return __builtin_fminf(x, y); }
    inline float max(float x, float y) { return __builtin_fmaxf(x, y); }
    LFX_HALF_T inline T min(T x, T y) { return x < y ? x : (y == y ? y : x); }
    LFX_HALF_T inline T max(T x, T y) { return x > y ? x : (y == y ? y : x); }
    LFX_INT_T inline T min(T x, T y) { return x < y ? x : y; }
    LFX_INT_T inline T max(T x, T y) { return x > y ? x : y; }
    LFX_INT_T inline T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }
    LFX_INT_T inline T abs(T x) { return x < 0 ? -x : x; }
    inline float abs(float x) { return __builtin_fabsf(x); }
    LFX_HALF_T inline T abs(T x) { return T(__builtin_fabsf(float(x))); }
    template <typename T, int N> inline vec<T, N> abs(vec<T, N> v) { return lfx_map(v, [](T c) { return T(abs(c)); }); }
    template <typename T, int N> inline vec<T, N> min(vec<T, N> a, vec<T, N> b) { return lfx_map2(a, b, [](T p, T q) { return T(min(p, q)); }); }
    template <typename T, int N> inline vec<T, N> max(vec<T, N> a, vec<T, N> b) { return lfx_map2(a, b, [](T p, T q) { return T(max(p, q)); }); }
    template <typename T, int N> inline vec<T, N> min(vec<T, N> a, lfx_id<T> b) { return min(a, vec<T, N>(b)); }
    template <typename T, int N> inline vec<T, N> max(vec<T, N> a, lfx_id<T> b) { return max(a, vec<T, N>(b)); }
    template <typename T, int N> inline vec<T, N> min(lfx_id<T> a, vec<T, N> b) { return min(vec<T, N>(a), b); }
    template <typename T, int N> inline vec<T, N> max(lfx_id<T> a, vec<T, N> b) { return max(vec<T, N>(a), b); }
    inline float min3(float x, float y, float z) { return min(min(x, y), z); }
    inline float max3(float x, float y, float z) { return max(max(x, y), z); }
    inline float median3(float x, float y, float z) { return max(min(x, y), min(max(x, y), z)); }
    LFX_HALF_T inline T min3(T x, T y, T z) { return min(min(x, y), z); }
    LFX_HALF_T inline T max3(T x, T y, T z) { return max(max(x, y), z); }
    template <typename T, int N> inline vec<T, N> min3(vec<T, N> a, vec<T, N> b, vec<T, N> c) { return min(min(a, b), c); }
    template <typename T, int N> inline vec<T, N> max3(vec<T, N> a, vec<T, N> b, vec<T, N> c) { return max(max(a, b), c); }
    LFX_HALF_T inline T median3(T x, T y, T z) { return max(min(x, y), min(max(x, y), z)); }
    LFX_INT_T inline T min3(T x, T y, T z) { return min(min(x, y), z); }
    LFX_INT_T inline T max3(T x, T y, T z) { return max(max(x, y), z); }
    LFX_INT_T inline T median3(T x, T y, T z) { return max(min(x, y), min(max(x, y), z)); }
    template <typename T, int N> inline vec<T, N> median3(vec<T, N> a, vec<T, N> b, vec<T, N> c) { return max(min(a, b), min(max(a, b), c)); }

    // Geometric functions (MSL §6.7).
    template <typename T> inline T dot(vec<T, 2> a, vec<T, 2> b) { return a.x * b.x + a.y * b.y; }
    template <typename T> inline T dot(vec<T, 3> a, vec<T, 3> b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
    template <typename T> inline T dot(vec<T, 4> a, vec<T, 4> b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
    template <typename T, int N> inline T length_squared(vec<T, N> a) { return dot(a, a); }
    template <typename T, int N> inline T length(vec<T, N> a) { return T(sqrt(float(dot(a, a)))); }
    template <typename T, int N> inline T distance(vec<T, N> a, vec<T, N> b) { return length(a - b); }
    template <typename T, int N> inline T distance(vec<T, N> a, lfx_id<T> b) { return length(a - b); }
    template <typename T, int N> inline T distance(lfx_id<T> a, vec<T, N> b) { return length(a - b); }
    template <typename T, int N> inline T distance_squared(vec<T, N> a, vec<T, N> b) { return length_squared(a - b); }
    template <typename T, int N> inline vec<T, N> normalize(vec<T, N> a) { return a * T(rsqrt(float(dot(a, a)))); }
    template <typename T> inline vec<T, 3> cross(vec<T, 3> a, vec<T, 3> b) {
      return vec<T, 3>(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
    template <typename T, int N> inline vec<T, N> reflect(vec<T, N> i, vec<T, N> n) { return i - T(2) * dot(n, i) * n; }
    template <typename T, int N> inline vec<T, N> faceforward(vec<T, N> n, vec<T, N> i, vec<T, N> nref) { return dot(nref, i) < T(0) ? n : -n; }
    template <typename T, int N> inline vec<T, N> refract(vec<T, N> i, vec<T, N> n, lfx_id<T> eta) {
      T d = dot(n, i);
      T k = T(1) - eta * eta * (T(1) - d * d);
      return k < T(0) ? vec<T, N>(T(0)) : eta * i - (eta * d + T(sqrt(float(k)))) * n;
    }

    // Relational functions (MSL §6.4).
    inline bool any(bool b) { return b; }
    inline bool all(bool b) { return b; }
    inline bool any(vec<bool, 2> b) { return b.x || b.y; }
    inline bool any(vec<bool, 3> b) { return b.x || b.y || b.z; }
    inline bool any(vec<bool, 4> b) { return b.x || b.y || b.z || b.w; }
    inline bool all(vec<bool, 2> b) { return b.x && b.y; }
    inline bool all(vec<bool, 3> b) { return b.x && b.y && b.z; }
    inline bool all(vec<bool, 4> b) { return b.x && b.y && b.z && b.w; }
    inline bool isnan(float x) { return x != x; }
    inline bool isinf(float x) { return __builtin_fabsf(x) == __builtin_inff(); }
    inline bool isfinite(float x) { return !isnan(x) && !isinf(x); }
    // A normal number: finite, not zero and not subnormal (MSL §6.4).
    inline bool isnormal(float x) { return isfinite(x) && __builtin_fabsf(x) >= 1.17549435e-38f; }
    inline bool signbit(float x) { return __builtin_signbit(x); }
    inline bool isordered(float x, float y) { return x == x && y == y; }
    inline bool isunordered(float x, float y) { return !isordered(x, y); }
    #define LFX_PREDICATE(name) template <typename T, int N> inline vec<bool, N> name(vec<T, N> v) { \
        return lfx_map(v, [](T c) { return name(float(c)); }); }
    LFX_PREDICATE(isnan) LFX_PREDICATE(isinf) LFX_PREDICATE(isfinite) LFX_PREDICATE(isnormal) LFX_PREDICATE(signbit)
    #undef LFX_PREDICATE
    template <typename T, int N> inline vec<bool, N> isordered(vec<T, N> a, vec<T, N> b) {
      vec<bool, N> r; for (int k = 0; k < N; ++k) r[k] = isordered(float(a[k]), float(b[k])); return r; }
    template <typename T, int N> inline vec<bool, N> isunordered(vec<T, N> a, vec<T, N> b) { return !isordered(a, b); }
    template <typename T> inline T select(T a, T b, bool c) { return c ? b : a; }
    template <typename T, int N> inline vec<T, N> select(vec<T, N> a, vec<T, N> b, vec<bool, N> c) {
      vec<T, N> r; for (int i = 0; i < N; ++i) r[i] = c[i] ? b[i] : a[i]; return r; }
    template <typename T, int N> inline vec<T, N> select(vec<T, N> a, vec<T, N> b, bool c) { return c ? b : a; }

    // as_type<T>(x): the bits of x as a T of the same size (MSL §2.14).
    template <typename To, typename From> inline To as_type(From x) {
      static_assert(sizeof(To) == sizeof(From), "as_type needs types of the same size");
      To r; __builtin_memcpy(&r, &x, sizeof(To)); return r;
    }

    // `fast::` and `precise::` name the same functions here: every function is computed one
    // way, to within a few ulp (MSL §6.5's two precision modes).
    #define LFX_NAMES using metal::sin; using metal::cos; using metal::tan; using metal::asin; \
      using metal::acos; using metal::atan; using metal::atan2; using metal::sinh; using metal::cosh; \
      using metal::tanh; using metal::exp; using metal::exp2; using metal::exp10; using metal::log; \
      using metal::log2; using metal::log10; using metal::pow; using metal::powr; using metal::sqrt; \
      using metal::rsqrt; using metal::fmod; using metal::fmin; using metal::fmax; using metal::clamp; \
      using metal::saturate; using metal::normalize; using metal::length; using metal::distance; \
      using metal::floor; using metal::ceil; using metal::round; using metal::trunc; using metal::fract; \
      using metal::fabs; using metal::abs; using metal::min; using metal::max; using metal::mix; \
      using metal::step; using metal::smoothstep; using metal::sinpi; using metal::cospi; \
      using metal::tanpi; using metal::divide; using metal::fmin3; using metal::fmax3; \
      using metal::fmedian3; using metal::sincos;
    namespace fast { LFX_NAMES }
    namespace precise { LFX_NAMES }
    #undef LFX_NAMES
    }  // namespace metal
    """#

  /// `smoothstep`'s scalar helper, declared before the ternary macro uses it.
  static let smoothstepHelper = #"""
    namespace metal {
    // smoothstep(e0, e1, x) = t² (3 − 2t), t = clamp((x − e0) / (e1 − e0), 0, 1) (MSL §6.5).
    inline float lfx_smooth(float e0, float e1, float x) {
      float t = __builtin_fminf(__builtin_fmaxf((x - e0) / (e1 - e0), 0.0f), 1.0f);
      return t * t * (3.0f - 2.0f * t);
    }
    }  // namespace metal

    """#
}
