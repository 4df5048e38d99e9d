// Sobel edges, the C reference of Sources/LayerFXKernels/LayerEffects/SobelEdges.swift.
// Source: Shaders/LayerEffects/SobelEdges.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

static inline float luma_at(const lfx_layer *layer, float x, float y) {
  float c[4];
  lfx_sample(layer, x, y, c);
  return c[0] * 0.2126f + c[1] * 0.7152f + c[2] * 0.0722f;
}

void lfx_sobel_edges(const lfx_layer *layer, float *out, float distance, float strength,
                     int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const float d = distance, gain = strength * 0.25f;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float nw = luma_at(layer, px - d, py - d), n = luma_at(layer, px, py - d);
      const float ne = luma_at(layer, px + d, py - d), w = luma_at(layer, px - d, py);
      const float e = luma_at(layer, px + d, py), sw = luma_at(layer, px - d, py + d);
      const float s = luma_at(layer, px, py + d), se = luma_at(layer, px + d, py + d);
      const float gx = (ne + 2 * e + se) - (nw + 2 * w + sw);
      const float gy = (sw + 2 * s + se) - (nw + 2 * n + ne);
      float centre[4];
      lfx_sample(layer, px, py, centre);
      const float m = fminf(fmaxf(gain * sqrtf(gx * gx + gy * gy), 0.0f), 1.0f) * centre[3];
      row[i * 4 + 0] = m;
      row[i * 4 + 1] = m;
      row[i * 4 + 2] = m;
      row[i * 4 + 3] = centre[3];
    }
  }
}
