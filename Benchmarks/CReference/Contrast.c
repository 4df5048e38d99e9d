// The W3C contrast() transfer, the C reference of
// Sources/LayerFXKernels/ColorEffects/Contrast.swift.
// Source: Shaders/ColorEffects/Contrast.metal.
#include "CReference.h"
#include "Straight.h"

void lfx_contrast(const lfx_layer *layer, float *out, float amount, int threads) {
  const int width = layer->width, height = layer->height;
  const float intercept = 0.5f - 0.5f * amount;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float *p = lfx_pixel(layer, i, j);
      const float a = p[3], inv = a > 0 ? 1.0f / a : 0.0f;
      for (int c = 0; c < 3; c++)
        row[i * 4 + c] = lfx_saturate(p[c] * inv * amount + intercept) * a;
      row[i * 4 + 3] = a;
    }
  }
}
