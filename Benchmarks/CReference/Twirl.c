// The twirl, the C reference of Sources/LayerFXKernels/DistortionEffects/Twirl.swift.
// Source: Shaders/DistortionEffects/Twirl.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_twirl(const lfx_layer *layer, float *out, float center_x, float center_y, float radius,
               float angle, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float dx = px - center_x, dy = py - center_y;
      float t = 1 - sqrtf(dx * dx + dy * dy) / radius;
      t = t < 0 ? 0 : (t > 1 ? 1 : t);
      const float phi = angle * t * t, c = cosf(phi), s = sinf(phi);
      const float sx = center_x + dx * c - dy * s, sy = center_y + dx * s + dy * c;
      lfx_sample(layer, sx, sy, row + i * 4);
    }
  }
}
