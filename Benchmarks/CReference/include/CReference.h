// C + OpenMP reference kernels for LayerFX's benchmarks and differential tests.
//
// Each kernel is written as a competent C programmer would: scalar float math from libm
// (sinf, expf, sqrtf, floorf), rows split across OpenMP threads, compiled with -O3. They follow
// Documentation/Semantics.md exactly (pixel centres, padded layer, clamped bilinear sample) so the
// Swift engine can be checked against them within 1 8-bit code value.
//
// Two builds of these sources: the Benchmarks package's (-O3 -march=native -fopenmp, for
// timing) and the root package's, plain and without OpenMP, for its differential tests; there
// the `omp` pragmas are ignored and every kernel runs on the calling thread.
//
// Images are premultiplied RGBA, 4 floats per pixel, row-major, top row first.
#ifndef LAYERFX_CREFERENCE_H
#define LAYERFX_CREFERENCE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A source image padded on every side by transparent black (Documentation/Semantics.md §4), plus one extra
/// column and row that repeat the last ones so a bilinear read at the upper bound stays inside.
typedef struct lfx_layer {
  float *texels;          ///< (width + 2 pad_x + 1) × (height + 2 pad_y + 1) RGBA texels.
  ptrdiff_t row_length;   ///< Texels per padded row.
  int width, height;      ///< The unpadded image, pixels.
  int pad_x, pad_y;       ///< Padding per side, pixels.
  float scale;            ///< Pixels per point.
} lfx_layer;

/// Builds the padded layer of `rgba` (width × height premultiplied RGBA floats).
/// Returns 0 on success, -1 if memory could not be allocated.
int lfx_layer_init(lfx_layer *layer, const float *rgba, int width, int height, float scale,
                   int pad_x, int pad_y);

/// Frees the texels of a layer built by lfx_layer_init.
void lfx_layer_destroy(lfx_layer *layer);

/// The WWDC24 ripple (Documentation/Semantics.md §5) over every pixel of the layer's unpadded image, written
/// to `out` (width × height RGBA floats), on `threads` OpenMP threads (rows split statically).
void lfx_ripple(const lfx_layer *layer, float *out, float origin_x, float origin_y, float time,
                float amplitude, float frequency, float decay, float speed, int threads);

/// Colour effects (Shaders/ColorEffects/*.metal) over every pixel of the layer's unpadded image,
/// written to `out` (width × height RGBA floats), on `threads` OpenMP threads. The W3C matrices
/// apply to straight colour, clamped to [0, 1], then premultiplied again.
void lfx_grayscale(const lfx_layer *layer, float *out, float amount, int threads);
void lfx_sepia(const lfx_layer *layer, float *out, float amount, int threads);
void lfx_saturation(const lfx_layer *layer, float *out, float amount, int threads);
void lfx_hue_rotation(const lfx_layer *layer, float *out, float degrees, int threads);
void lfx_color_invert(const lfx_layer *layer, float *out, int threads);
void lfx_contrast(const lfx_layer *layer, float *out, float amount, int threads);
void lfx_brightness(const lfx_layer *layer, float *out, float amount, int threads);
/// `(r, g, b, a)`: the premultiplied colour every pixel is multiplied by.
void lfx_color_multiply(const lfx_layer *layer, float *out, float r, float g, float b, float a,
                        int threads);
void lfx_luminance_to_alpha(const lfx_layer *layer, float *out, int threads);
void lfx_posterize(const lfx_layer *layer, float *out, float levels, int threads);
void lfx_threshold(const lfx_layer *layer, float *out, float level, int threads);
/// `dark`, `light`: premultiplied RGBA.
void lfx_gradient_map(const lfx_layer *layer, float *out, const float dark[4],
                      const float light[4], int threads);
void lfx_color_planes(const lfx_layer *layer, float *out, float channel, int threads);

/// Distortion effects (Shaders/DistortionEffects/*.metal): each pixel reads the layer (bilinear,
/// Documentation/Semantics.md §4) at the position the distortion returns; arguments in points, Metal order.
void lfx_wave(const lfx_layer *layer, float *out, float amplitude, float wavelength, float speed,
              float time, int threads);
void lfx_water(const lfx_layer *layer, float *out, float amplitude, float wavelength,
               float frequency, float time, int threads);
void lfx_pixellate(const lfx_layer *layer, float *out, float cell_size, int threads);
void lfx_offset(const lfx_layer *layer, float *out, float x, float y, int threads);
void lfx_twirl(const lfx_layer *layer, float *out, float center_x, float center_y, float radius,
               float angle, int threads);
void lfx_bulge(const lfx_layer *layer, float *out, float center_x, float center_y, float radius,
               float strength, int threads);
void lfx_kaleidoscope(const lfx_layer *layer, float *out, float center_x, float center_y,
                      float segments, float radius, int threads);
void lfx_scale_effect(const lfx_layer *layer, float *out, float width_points, float height_points,
                      float scale_x, float scale_y, float anchor_x, float anchor_y, int threads);
void lfx_rotation_effect(const lfx_layer *layer, float *out, float width_points,
                         float height_points, float degrees, float anchor_x, float anchor_y,
                         int threads);
/// The box blur (Shaders/LayerEffects/BoxBlur.metal): the mean of the (2k + 1)² samples one
/// point apart, k = floor(radius), over every pixel, into `out`, on `threads` OpenMP threads.
void lfx_box_blur(const lfx_layer *layer, float *out, float radius, int threads);

/// The Gaussian blur with σ = radius points, cut at 3σ (Shaders/LayerEffects/GaussianBlur.metal),
/// over every pixel, into `out`, on `threads` OpenMP threads. Returns 0, or -1 if the weights
/// could not be allocated (then `out` is untouched).
int lfx_gaussian_blur(const lfx_layer *layer, float *out, float radius, int threads);

/// Chromatic aberration (Shaders/LayerEffects/ChromaticAberration.metal) over every pixel.
void lfx_chromatic_aberration(const lfx_layer *layer, float *out, float amount, float angle,
                              int threads);

/// Emboss (Shaders/LayerEffects/Emboss.metal) over every pixel.
void lfx_emboss(const lfx_layer *layer, float *out, float angle, float distance, float strength,
                int threads);

/// Sobel edges (Shaders/LayerEffects/SobelEdges.metal) over every pixel.
void lfx_sobel_edges(const lfx_layer *layer, float *out, float distance, float strength,
                     int threads);

/// Bloom (Shaders/LayerEffects/Bloom.metal) over every pixel. Returns 0, or -1 if the weights
/// could not be allocated (then `out` is untouched).
int lfx_bloom(const lfx_layer *layer, float *out, float radius, float threshold, float intensity,
              int threads);

/// The shimmer (Shaders/LayerEffects/Shimmer.metal) over every pixel.
void lfx_shimmer(const lfx_layer *layer, float *out, float time, float speed, float angle,
                 float band_width, float spacing, float intensity, int threads);

#ifdef __cplusplus
}
#endif

#endif
