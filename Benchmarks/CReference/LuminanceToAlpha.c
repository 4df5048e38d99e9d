// The W3C luminanceToAlpha matrix, the C reference of
// Sources/LayerFXKernels/ColorEffects/LuminanceToAlpha.swift.
// Source: Shaders/ColorEffects/LuminanceToAlpha.metal.
#include "CReference.h"
#include "Straight.h"

void lfx_luminance_to_alpha(const lfx_layer *layer, float *out, int threads) {
  const int width = layer->width, height = layer->height;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float *p = lfx_pixel(layer, i, j);
      const float a = p[3], inv = a > 0 ? 1.0f / a : 0.0f;
      row[i * 4 + 0] = row[i * 4 + 1] = row[i * 4 + 2] = 0;
      row[i * 4 + 3] = lfx_saturate((0.2125f * p[0] + 0.7154f * p[1] + 0.0721f * p[2]) * inv);
    }
  }
}
