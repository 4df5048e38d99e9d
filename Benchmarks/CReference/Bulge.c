// The bulge/pinch, the C reference of Sources/LayerFXKernels/DistortionEffects/Bulge.swift.
// Source: Shaders/DistortionEffects/Bulge.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_bulge(const lfx_layer *layer, float *out, float center_x, float center_y, float radius,
               float strength, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float dx = px - center_x, dy = py - center_y;
      float u = sqrtf(dx * dx + dy * dy) / radius;
      u = u > 1 ? 1 : u;
      const float f = 1 - strength * (1 - u) * (1 - u);
      const float sx = center_x + dx * f, sy = center_y + dy * f;
      lfx_sample(layer, sx, sy, row + i * 4);
    }
  }
}
