// Bloom, the C reference of Sources/LayerFXKernels/LayerEffects/Bloom.swift.
// Source: Shaders/LayerEffects/Bloom.metal.
#include <math.h>
#include <stdlib.h>

#include "CReference.h"
#include "Sample.h"

int lfx_bloom(const lfx_layer *layer, float *out, float radius, float threshold, float intensity,
              int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const int reach = (int)floorf(radius);
  const float falloff = radius > 0 ? -2.0f / (radius * radius) : 0;
  const float per_luma = 1.0f / fmaxf(1.0f - threshold, 1.0f / 255.0f);
  // The 1-D weights of the Gaussian with σ = radius / 2, once.
  float *weights = malloc(sizeof(float) * (size_t)(2 * reach + 1));
  if (!weights) return -1;
  float total = 0;
  for (int n = -reach; n <= reach; n++) {
    weights[n + reach] = n == 0 ? 1.0f : expf((float)(n * n) * falloff);
    total += weights[n + reach];
  }
  const float normaliser = 1.0f / (total * total);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      float glow[4] = {0, 0, 0, 0};
      for (int dy = -reach; dy <= reach; dy++) {
        for (int dx = -reach; dx <= reach; dx++) {
          float s[4];
          lfx_sample(layer, px + (float)dx, py + (float)dy, s);
          const float luma = s[0] * 0.2126f + s[1] * 0.7152f + s[2] * 0.0722f;
          const float bright = fminf(fmaxf((luma - threshold) * per_luma, 0.0f), 1.0f);
          const float w = bright * weights[dx + reach] * weights[dy + reach];
          for (int c = 0; c < 4; c++) glow[c] += s[c] * w;
        }
      }
      float color[4];
      lfx_sample(layer, px, py, color);
      for (int c = 0; c < 4; c++)
        row[i * 4 + c] = fminf(color[c] + intensity * glow[c] * normaliser, 1.0f);
    }
  }
  free(weights);
  return 0;
}
