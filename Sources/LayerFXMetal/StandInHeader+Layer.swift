import CLayerFXMetalGuard

extension StandInHeader {
  /// The C ABI LayerFX calls, samplers and `texture2d`, and `SwiftUI::Layer`.
  ///
  /// `lfx_row` mirrors `LayerFX.RowKernel.Run`, `lfx_argument` one bound argument (a value of up
  /// to four floats, or a pointer and a count); the shader worker fills both from
  /// `SandboxedFrame`'s requests. Their declarations are `CLayerFXMetalGuard.h`'s own
  /// (`lfx_abi_declarations()`), the ones LayerFX and the worker are compiled with.
  static let textures = #"""
    extern "C" {
    \#(String(cString: lfx_abi_declarations()))
    }

    namespace metal {
    enum class filter { nearest, linear };
    enum class mag_filter { nearest, linear };
    enum class min_filter { nearest, linear };
    enum class mip_filter { none, nearest, linear };
    enum class address { clamp_to_edge, clamp_to_zero, clamp_to_border, repeat, mirrored_repeat };
    enum class s_address { clamp_to_edge, clamp_to_zero, clamp_to_border, repeat, mirrored_repeat };
    enum class t_address { clamp_to_edge, clamp_to_zero, clamp_to_border, repeat, mirrored_repeat };
    enum class coord { normalized, pixel };
    enum class border_color { transparent_black, opaque_black, opaque_white };
    enum class access { sample, read, write, read_write };
    struct level { float lod; explicit constexpr level(float l) : lod(l) {} };
    struct bias { float value; explicit constexpr bias(float b) : value(b) {} };

    /// A sampler: filter, addressing and coordinate space (MSL §2.10); the defaults are Metal's.
    struct sampler {
      bool linear = false, pixel = false;
      address addressing = address::clamp_to_edge;
      constexpr sampler() = default;
      template <typename... A> constexpr sampler(A... a) { (set(a), ...); }
      constexpr void set(filter f) { linear = f == filter::linear; }
      constexpr void set(mag_filter f) { linear = f == mag_filter::linear; }
      constexpr void set(min_filter) {}
      constexpr void set(mip_filter) {}
      constexpr void set(address a) { addressing = a; }
      constexpr void set(s_address a) { addressing = address(int(a)); }
      constexpr void set(t_address) {}
      constexpr void set(coord c) { pixel = c == coord::pixel; }
      constexpr void set(border_color) {}
    };

    /// A `texture2d` of premultiplied RGBA floats (a `.image` argument), sampled as Metal does
    /// with clamp-to-edge, clamp-to-zero or repeat addressing.
    template <typename T, access A = access::sample> struct texture2d {
      const float *texels;
      int width, height;
      uint get_width(uint = 0) const { return uint(width); }
      uint get_height(uint = 0) const { return uint(height); }
      vec<float, 4> texel(int x, int y, address mode) const {
        if (mode == address::repeat) {
          x %= width; y %= height; x += x < 0 ? width : 0; y += y < 0 ? height : 0;
        } else if (x < 0 || y < 0 || x >= width || y >= height) {
          if (mode != address::clamp_to_edge) return vec<float, 4>(0.0f);
          x = x < 0 ? 0 : (x >= width ? width - 1 : x);
          y = y < 0 ? 0 : (y >= height ? height - 1 : y);
        }
        const float *p = texels + 4 * (long(y) * width + x);
        return vec<float, 4>(p[0], p[1], p[2], p[3]);
      }
      vec<T, 4> read(vec<uint, 2> p, uint = 0) const { return vec<T, 4>(texel(int(p.x), int(p.y), address::clamp_to_zero)); }
      vec<T, 4> read(vec<ushort, 2> p, uint = 0) const { return vec<T, 4>(texel(int(p.x), int(p.y), address::clamp_to_zero)); }
      // A kernel function's output (MSL §6.12); a texel outside the texture is not written.
      void write(vec<T, 4> c, vec<uint, 2> p, uint = 0) const {
        if (p.x >= uint(width) || p.y >= uint(height)) return;
        float *t = const_cast<float *>(texels) + 4 * (long(p.y) * width + long(p.x));
        t[0] = float(c.x); t[1] = float(c.y); t[2] = float(c.z); t[3] = float(c.w);
      }
      // The mipmap level or bias is ignored: the texture has one level.
      vec<T, 4> sample(sampler s, vec<float, 2> p, level) const { return sample(s, p); }
      vec<T, 4> sample(sampler s, vec<float, 2> p, bias) const { return sample(s, p); }
      vec<T, 4> sample(sampler s, vec<float, 2> p) const {
        if (width <= 0 || height <= 0) return vec<T, 4>(T(0));
        float u = s.pixel ? p.x : p.x * float(width), v = s.pixel ? p.y : p.y * float(height);
        if (!s.linear) return vec<T, 4>(texel(int(__builtin_floorf(u)), int(__builtin_floorf(v)), s.addressing));
        u -= 0.5f; v -= 0.5f;
        float fu = __builtin_floorf(u), fv = __builtin_floorf(v);
        float wu = u - fu, wv = v - fv;
        int x = int(fu), y = int(fv);
        vec<float, 4> a = texel(x, y, s.addressing), b = texel(x + 1, y, s.addressing);
        vec<float, 4> c = texel(x, y + 1, s.addressing), d = texel(x + 1, y + 1, s.addressing);
        vec<float, 4> top = a + (b - a) * wu, bottom = c + (d - c) * wu;
        return vec<T, 4>(top + (bottom - top) * wv);
      }
    };
    }  // namespace metal

    """#

  /// `SwiftUI::Layer`: bilinear samples of the padded layer, exactly as `LayerFX.Layer.sample`
  /// computes them (the same operations, no contraction), and the probing twin the bounds
  /// checker runs, which tells LayerFX of every sample and either takes LayerFX's answer or
  /// samples the layer itself, as `SwiftUI::Layer` does.
  static let layer = #"""
    #pragma once
    #include <metal_stdlib>
    namespace SwiftUI {
    struct Layer {
      const float *texels;
      int row_length, pad_x, pad_y;
      float scale, lower_x, lower_y, upper_x, upper_y;
      __attribute__((always_inline)) metal::vec<metal::half, 4> sample(metal::vec<float, 2> p) const {
        #pragma clang fp contract(off)
        float qx = p.x * scale - 0.5f, qy = p.y * scale - 0.5f;
        qx = !(qx >= lower_x) ? lower_x : qx;
        qy = !(qy >= lower_y) ? lower_y : qy;
        qx = qx > upper_x ? upper_x : qx;
        qy = qy > upper_y ? upper_y : qy;
        float cx = __builtin_floorf(qx), cy = __builtin_floorf(qy);
        float wx = qx - cx, wy = qy - cy;
        // 32-bit index math, which vectorises (a padded layer is below 2²² texels wide and
        // high and holds at most 2³¹ − 1 texels, and the clamp keeps x and y at 0 or more); the
        // index in 8-byte units (two per texel) is below 2³², so each lane's address is the
        // texels plus its zero-extended value times 8, with no 64-bit multiply or shift.
        int x = int(cx) + pad_x, y = int(cy) + pad_y;
        unsigned half_texel = 2u * unsigned(y * row_length + x);
        const float *r = (const float *)((const char *)texels + (unsigned long)half_texel * 8);
        const float *b = r + 4 * row_length;
        #define LFX_CHANNEL(i) (r[i] + (r[4 + i] - r[i]) * wx) \
          + ((b[i] + (b[4 + i] - b[i]) * wx) - (r[i] + (r[4 + i] - r[i]) * wx)) * wy
        return metal::vec<metal::half, 4>(metal::half(LFX_CHANNEL(0)), metal::half(LFX_CHANNEL(1)),
                                          metal::half(LFX_CHANNEL(2)), metal::half(LFX_CHANNEL(3)));
        #undef LFX_CHANNEL
      }
      #ifdef LFX_HALF_BINARY16
      metal::vec<metal::half, 4> sample(metal::vec<metal::half, 2> p) const { return sample(metal::vec<float, 2>(p)); }
      #endif
    };
    inline Layer lfx_layer(const lfx_row *r) {
      return Layer{r->texels, int(r->row_length), int(r->pad_x), int(r->pad_y), r->scale, -float(r->pad_x),
                   -float(r->pad_y), float(r->width - 1) + float(r->pad_x),
                   float(r->height - 1) + float(r->pad_y)};
    }
    }  // namespace SwiftUI
    namespace lfx_probe {
    namespace SwiftUI {
    struct Layer {
      void *context;
      lfx_sample_function function;
      const lfx_row *row;
      metal::vec<metal::half, 4> sample(metal::vec<float, 2> p) const {
        float c[4];
        if (!function(context, p.x, p.y, c)) return ::SwiftUI::lfx_layer(row).sample(p);
        return metal::vec<metal::half, 4>(metal::half(c[0]), metal::half(c[1]), metal::half(c[2]), metal::half(c[3]));
      }
      #ifdef LFX_HALF_BINARY16
      metal::vec<metal::half, 4> sample(metal::vec<metal::half, 2> p) const { return sample(metal::vec<float, 2>(p)); }
      #endif
    };
    }  // namespace SwiftUI
    }  // namespace lfx_probe

    """#
}
