// The Gaussian blur (σ = radius), the C reference of
// Sources/LayerFXKernels/LayerEffects/GaussianBlur.swift.
// Source: Shaders/LayerEffects/GaussianBlur.metal.
#include <math.h>
#include <stdlib.h>

#include "CReference.h"
#include "Sample.h"

int lfx_gaussian_blur(const lfx_layer *layer, float *out, float radius, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const int reach = (int)floorf(3.0f * radius);
  const float falloff = radius > 0 ? -1.0f / (2.0f * radius * radius) : 0;
  // The 1-D weights, once: w(n) = exp(−n² / 2σ²), normalised so the 2-D products sum to 1.
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
      float sum[4] = {0, 0, 0, 0};
      for (int dy = -reach; dy <= reach; dy++) {
        const float wy = weights[dy + reach];
        for (int dx = -reach; dx <= reach; dx++) {
          const float w = weights[dx + reach] * wy;
          float color[4];
          lfx_sample(layer, px + (float)dx, py + (float)dy, color);
          for (int c = 0; c < 4; c++) sum[c] += color[c] * w;
        }
      }
      for (int c = 0; c < 4; c++) row[i * 4 + c] = sum[c] * normaliser;
    }
  }
  free(weights);
  return 0;
}
