// W3C invert(1), the C reference of Sources/LayerFXKernels/ColorEffects/ColorInvert.swift.
// Source: Shaders/ColorEffects/ColorInvert.metal.
#include "CReference.h"
#include "Straight.h"

void lfx_color_invert(const lfx_layer *layer, float *out, int threads) {
  const int width = layer->width, height = layer->height;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float *p = lfx_pixel(layer, i, j);
      const float a = p[3], inv = a > 0 ? 1.0f / a : 0.0f;
      for (int c = 0; c < 3; c++) row[i * 4 + c] = lfx_saturate(1 - p[c] * inv) * a;
      row[i * 4 + 3] = a;
    }
  }
}
