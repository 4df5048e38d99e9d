// The shimmer, the C reference of Sources/LayerFXKernels/LayerEffects/Shimmer.swift.
// Source: Shaders/LayerEffects/Shimmer.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_shimmer(const lfx_layer *layer, float *out, float time, float speed, float angle,
                 float band_width, float spacing, float intensity, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const float cx = cosf(angle), cy = sinf(angle), shift = speed * time;
  const float half_width = band_width * 0.5f;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float u = px * cx + py * cy - shift;
      const float x = u - spacing * floorf(u / spacing);
      const float t = fminf(fmaxf(fabsf(x - spacing * 0.5f) / half_width, 0.0f), 1.0f);
      const float band = 1.0f - t * t * (3.0f - 2.0f * t);
      float c[4];
      lfx_sample(layer, px, py, c);
      const float m = intensity * band;
      row[i * 4 + 0] = c[0] + (c[3] - c[0]) * m;
      row[i * 4 + 1] = c[1] + (c[3] - c[1]) * m;
      row[i * 4 + 2] = c[2] + (c[3] - c[2]) * m;
      row[i * 4 + 3] = c[3];
    }
  }
}
