// The W3C discrete transfer, the C reference of
// Sources/LayerFXKernels/ColorEffects/Posterize.swift.
// Source: Shaders/ColorEffects/Posterize.metal.
#include <math.h>

#include "CReference.h"
#include "Straight.h"

void lfx_posterize(const lfx_layer *layer, float *out, float levels, int threads) {
  const int width = layer->width, height = layer->height;
  const float last = levels - 1, inverse = 1 / (levels - 1);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float *p = lfx_pixel(layer, i, j);
      const float a = p[3], inv = a > 0 ? 1.0f / a : 0.0f;
      for (int c = 0; c < 3; c++) {
        const float step = fminf(floorf(p[c] * inv * levels), last);
        row[i * 4 + c] = lfx_saturate(step * inverse) * a;
      }
      row[i * 4 + 3] = a;
    }
  }
}
