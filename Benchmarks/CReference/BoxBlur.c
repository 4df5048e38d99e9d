// The box blur, the C reference of Sources/LayerFXKernels/LayerEffects/BoxBlur.swift.
// Source: Shaders/LayerEffects/BoxBlur.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_box_blur(const lfx_layer *layer, float *out, float radius, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const int reach = (int)floorf(radius);
  const float side = (float)(2 * reach + 1);
  const float per_sample = 1.0f / (side * side);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      float sum[4] = {0, 0, 0, 0};
      for (int dy = -reach; dy <= reach; dy++) {
        for (int dx = -reach; dx <= reach; dx++) {
          float color[4];
          lfx_sample(layer, px + (float)dx, py + (float)dy, color);
          for (int c = 0; c < 4; c++) sum[c] += color[c];
        }
      }
      for (int c = 0; c < 4; c++) row[i * 4 + c] = sum[c] * per_sample;
    }
  }
}
