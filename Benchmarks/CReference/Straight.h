// Straight-colour helpers shared by the colour-effect references: the W3C filter functions work
// on un-premultiplied colour (Shaders/ColorEffects/*.metal).
#ifndef LAYERFX_CREFERENCE_STRAIGHT_H
#define LAYERFX_CREFERENCE_STRAIGHT_H

#include "CReference.h"

/// The unpadded pixel (i, j) of a layer: premultiplied RGBA.
static inline const float *lfx_pixel(const lfx_layer *layer, int i, int j) {
  return layer->texels + (((ptrdiff_t)j + layer->pad_y) * layer->row_length + i + layer->pad_x) * 4;
}

/// Clamps to [0, 1].
static inline float lfx_saturate(float x) { return x < 0 ? 0 : (x > 1 ? 1 : x); }

/// Applies a row-major 3 × 3 matrix to the straight colour of every pixel, clamps, and
/// premultiplies again: the common shape of the W3C feColorMatrix filter functions.
static inline void lfx_straight_matrix(const lfx_layer *layer, float *out, const float m[9],
                                       int threads) {
  const int width = layer->width, height = layer->height;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float *p = lfx_pixel(layer, i, j);
      const float a = p[3], inv = a > 0 ? 1.0f / a : 0.0f;
      const float r = p[0] * inv, g = p[1] * inv, b = p[2] * inv;
      row[i * 4 + 0] = lfx_saturate(m[0] * r + m[1] * g + m[2] * b) * a;
      row[i * 4 + 1] = lfx_saturate(m[3] * r + m[4] * g + m[5] * b) * a;
      row[i * 4 + 2] = lfx_saturate(m[6] * r + m[7] * g + m[8] * b) * a;
      row[i * 4 + 3] = a;
    }
  }
}

#endif
