extension StandInHeader {
  /// The integer functions (MSL 3.2 §6.3) for every integer scalar type (`char` … `long`,
  /// signed and unsigned) and component-wise for their vectors.
  ///
  /// Each is computed on the value's bits at its own width w (8 × its size): `clz`/`ctz` count
  /// zero bits from the top/bottom (w for 0), `popcount` the one bits, `reverse_bits` reverses
  /// the w bits, `rotate(v, i)` rotates left by i mod w; `absdiff` is |x − y|, `addsat`, `subsat`,
  /// `madsat` saturate to the type's range instead of wrapping; `hadd` = ⌊(x + y) / 2⌋ and
  /// `rhadd` = ⌊(x + y + 1) / 2⌋ without overflow; `mulhi` is the high w bits of the 2w-bit
  /// product and `madhi` = mulhi + z; `mul24`/`mad24` multiply the low 24 bits (sign-extended for
  /// `int`); `extract_bits(x, o, b)` bits o…o+b−1 (sign-extended for signed types), and
  /// `insert_bits(base, insert, o, b)` replaces those bits of `base` with the low b bits of
  /// `insert`. The pack and unpack functions (MSL §6.14) convert between normalised 8- and
  /// 16-bit fields of a `uint` and floats.
  static let integerFunctions = #"""
    namespace metal {
    template <typename T> struct lfx_int_traits {
      static constexpr int bits = int(sizeof(T)) * 8;
      static constexpr bool is_signed = T(-1) < T(0);
      static constexpr unsigned long long mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
      static constexpr T max_value = is_signed ? T((1ull << (bits - 1)) - 1) : T(~0ull);
      static constexpr T min_value = is_signed ? T(-max_value - 1) : T(0);
      static constexpr unsigned long long bits_of(T x) { return (unsigned long long)(x) & mask; }
      // The exact value of a wide result clamped to the type's range.
      static constexpr T saturate(__int128 v) { return v > max_value ? max_value : (v < min_value ? min_value : T(v)); }
    };
    #define LFX_INT_MAP1(name) template <typename T, int N> inline vec<T, N> name(vec<T, N> v) { \
        return lfx_map(v, [](T c) { return T(name(c)); }); }
    #define LFX_INT_MAP2(name) template <typename T, int N> inline vec<T, N> name(vec<T, N> a, vec<T, N> b) { \
        return lfx_map2(a, b, [](T p, T q) { return T(name(p, q)); }); }
    #define LFX_INT_MAP3(name) template <typename T, int N> inline vec<T, N> name(vec<T, N> a, vec<T, N> b, vec<T, N> c) { \
        return lfx_map3(a, b, c, [](T p, T q, T r) { return T(name(p, q, r)); }); }
    #define LFX_TRAITS typedef lfx_int_traits<T> I;
    LFX_INT_T inline T clz(T x) { LFX_TRAITS unsigned long long u = I::bits_of(x);
      return T(u == 0 ? I::bits : __builtin_clzll(u) - (64 - I::bits)); }
    LFX_INT_T inline T ctz(T x) { LFX_TRAITS unsigned long long u = I::bits_of(x);
      return T(u == 0 ? I::bits : __builtin_ctzll(u)); }
    LFX_INT_T inline T popcount(T x) { LFX_TRAITS return T(__builtin_popcountll(I::bits_of(x))); }
    LFX_INT_T inline T reverse_bits(T x) { LFX_TRAITS return T(__builtin_bitreverse64(I::bits_of(x)) >> (64 - I::bits)); }
    LFX_INT_T inline T rotate(T v, T i) { LFX_TRAITS
      unsigned long long u = I::bits_of(v), s = I::bits_of(i) % I::bits;
      return T(s == 0 ? u : ((u << s) | (u >> (I::bits - s))) & I::mask); }
    LFX_INT_T inline T absdiff(T x, T y) { return T(x > y ? (unsigned long long)x - (unsigned long long)y
                                                         : (unsigned long long)y - (unsigned long long)x); }
    LFX_INT_T inline T addsat(T x, T y) { LFX_TRAITS return I::saturate(__int128(x) + __int128(y)); }
    LFX_INT_T inline T subsat(T x, T y) { LFX_TRAITS return I::saturate(__int128(x) - __int128(y)); }
    LFX_INT_T inline T madsat(T x, T y, T z) { LFX_TRAITS
      return I::is_signed || I::bits < 64 ? I::saturate(__int128(x) * __int128(y) + __int128(z))
        : (((unsigned __int128)x * (unsigned long long)y + (unsigned long long)z) >> 64 ? I::max_value : T(x * y + z)); }
    LFX_INT_T inline T hadd(T x, T y) { return T((x >> 1) + (y >> 1) + (x & y & 1)); }
    LFX_INT_T inline T rhadd(T x, T y) { return T((x >> 1) + (y >> 1) + ((x | y) & 1)); }
    LFX_INT_T inline T mulhi(T x, T y) { LFX_TRAITS
      return I::is_signed ? T((__int128(x) * __int128(y)) >> I::bits)
                          : T(((unsigned __int128)x * (unsigned __int128)y) >> I::bits); }
    LFX_INT_T inline T madhi(T x, T y, T z) { return T(mulhi(x, y) + z); }
    LFX_INT_T inline T mul24(T x, T y) { LFX_TRAITS
      long long a = (long long)I::bits_of(x) & 0xffffff, b = (long long)I::bits_of(y) & 0xffffff;
      if (I::is_signed) { a = a >= 0x800000 ? a - 0x1000000 : a; b = b >= 0x800000 ? b - 0x1000000 : b; }
      return T((unsigned long long)(a * b) & I::mask); }
    LFX_INT_T inline T mad24(T x, T y, T z) { return T(mul24(x, y) + z); }
    LFX_INT_T inline T extract_bits(T x, uint offset, uint bits) { LFX_TRAITS
      if (bits == 0) return T(0);
      unsigned long long field = (I::bits_of(x) >> offset) & (bits >= 64 ? ~0ull : (1ull << bits) - 1);
      bool negative = I::is_signed && bits < 64 && ((field >> (bits - 1)) & 1);
      return T(negative ? field | (~0ull << bits) : field); }
    LFX_INT_T inline T insert_bits(T base, T insert, uint offset, uint bits) { LFX_TRAITS
      unsigned long long field = (bits >= 64 ? ~0ull : (1ull << bits) - 1) << offset;
      return T(((I::bits_of(base) & ~field) | ((I::bits_of(insert) << offset) & field)) & I::mask); }
    LFX_INT_MAP1(clz) LFX_INT_MAP1(ctz) LFX_INT_MAP1(popcount) LFX_INT_MAP1(reverse_bits)
    LFX_INT_MAP2(rotate) LFX_INT_MAP2(absdiff) LFX_INT_MAP2(addsat) LFX_INT_MAP2(subsat)
    LFX_INT_MAP2(hadd) LFX_INT_MAP2(rhadd) LFX_INT_MAP2(mulhi) LFX_INT_MAP2(mul24)
    LFX_INT_MAP3(madsat) LFX_INT_MAP3(madhi) LFX_INT_MAP3(mad24)
    template <typename T, int N> inline vec<T, N> extract_bits(vec<T, N> x, uint offset, uint bits) {
      return lfx_map(x, [=](T c) { return T(extract_bits(c, offset, bits)); }); }
    template <typename T, int N> inline vec<T, N> insert_bits(vec<T, N> base, vec<T, N> insert, uint offset, uint bits) {
      return lfx_map2(base, insert, [=](T p, T q) { return T(insert_bits(p, q, offset, bits)); }); }
    // Pack and unpack (MSL §6.14): unorm c = byte / (2ᵇ − 1), packed as rint(clamp(c, 0, 1) ·
    // (2ᵇ − 1)); snorm c = max(signed / (2ᵇ⁻¹ − 1), −1), packed as rint(clamp(c, −1, 1) ·
    // (2ᵇ⁻¹ − 1)); component 0 in the lowest bits.
    template <int B, bool S> inline float lfx_unpack1(uint v, int i) {
      uint field = (v >> (i * B)) & ((1u << B) - 1);
      if (!S) return float(field) / float((1u << B) - 1);
      int s = int(field << (32 - B)) >> (32 - B);
      float c = float(s) / float((1 << (B - 1)) - 1);
      return c < -1.0f ? -1.0f : c;
    }
    template <int B, bool S> inline uint lfx_pack1(float c, int i) {
      float lo = S ? -1.0f : 0.0f, scale = S ? float((1 << (B - 1)) - 1) : float((1u << B) - 1);
      float q = __builtin_rintf(__builtin_fminf(__builtin_fmaxf(c, lo), 1.0f) * scale);
      return (uint(int(q)) & ((1u << B) - 1)) << (i * B);
    }
    inline vec<float, 4> unpack_unorm4x8_to_float(uint v) { return vec<float, 4>(lfx_unpack1<8, false>(v, 0), lfx_unpack1<8, false>(v, 1), lfx_unpack1<8, false>(v, 2), lfx_unpack1<8, false>(v, 3)); }
    inline vec<float, 4> unpack_snorm4x8_to_float(uint v) { return vec<float, 4>(lfx_unpack1<8, true>(v, 0), lfx_unpack1<8, true>(v, 1), lfx_unpack1<8, true>(v, 2), lfx_unpack1<8, true>(v, 3)); }
    inline vec<float, 2> unpack_unorm2x16_to_float(uint v) { return vec<float, 2>(lfx_unpack1<16, false>(v, 0), lfx_unpack1<16, false>(v, 1)); }
    inline vec<float, 2> unpack_snorm2x16_to_float(uint v) { return vec<float, 2>(lfx_unpack1<16, true>(v, 0), lfx_unpack1<16, true>(v, 1)); }
    inline vec<half, 4> unpack_unorm4x8_to_half(uint v) { return vec<half, 4>(unpack_unorm4x8_to_float(v)); }
    inline vec<half, 4> unpack_snorm4x8_to_half(uint v) { return vec<half, 4>(unpack_snorm4x8_to_float(v)); }
    inline uint pack_float_to_unorm4x8(vec<float, 4> c) { return lfx_pack1<8, false>(c.x, 0) | lfx_pack1<8, false>(c.y, 1) | lfx_pack1<8, false>(c.z, 2) | lfx_pack1<8, false>(c.w, 3); }
    inline uint pack_float_to_snorm4x8(vec<float, 4> c) { return lfx_pack1<8, true>(c.x, 0) | lfx_pack1<8, true>(c.y, 1) | lfx_pack1<8, true>(c.z, 2) | lfx_pack1<8, true>(c.w, 3); }
    inline uint pack_float_to_unorm2x16(vec<float, 2> c) { return lfx_pack1<16, false>(c.x, 0) | lfx_pack1<16, false>(c.y, 1); }
    inline uint pack_float_to_snorm2x16(vec<float, 2> c) { return lfx_pack1<16, true>(c.x, 0) | lfx_pack1<16, true>(c.y, 1); }
    #undef LFX_TRAITS
    #undef LFX_INT_MAP1
    #undef LFX_INT_MAP2
    #undef LFX_INT_MAP3
    }  // namespace metal

    """#
}
