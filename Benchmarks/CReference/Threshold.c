// The luma threshold, the C reference of Sources/LayerFXKernels/ColorEffects/Threshold.swift.
// Source: Shaders/ColorEffects/Threshold.metal.
#include "CReference.h"
#include "Straight.h"

void lfx_threshold(const lfx_layer *layer, float *out, float level, int threads) {
  const int width = layer->width, height = layer->height;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float *p = lfx_pixel(layer, i, j);
      const float a = p[3], inv = a > 0 ? 1.0f / a : 0.0f;
      const float luma = (0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2]) * inv;
      const float v = luma >= level ? a : 0;
      row[i * 4 + 0] = row[i * 4 + 1] = row[i * 4 + 2] = v;
      row[i * 4 + 3] = a;
    }
  }
}
