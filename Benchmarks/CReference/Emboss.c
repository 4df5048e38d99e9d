// Emboss, the C reference of Sources/LayerFXKernels/LayerEffects/Emboss.swift.
// Source: Shaders/LayerEffects/Emboss.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_emboss(const lfx_layer *layer, float *out, float angle, float distance, float strength,
                int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const float dx = distance * cosf(angle), dy = distance * sinf(angle);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      float color[4], ahead[4], behind[4];
      lfx_sample(layer, px, py, color);
      lfx_sample(layer, px + dx, py + dy, ahead);
      lfx_sample(layer, px - dx, py - dy, behind);
      const float relief = (ahead[0] - behind[0]) * 0.2126f + (ahead[1] - behind[1]) * 0.7152f +
                           (ahead[2] - behind[2]) * 0.0722f;
      const float grey = fminf(fmaxf(0.5f + strength * relief, 0.0f), 1.0f) * color[3];
      row[i * 4 + 0] = grey;
      row[i * 4 + 1] = grey;
      row[i * 4 + 2] = grey;
      row[i * 4 + 3] = color[3];
    }
  }
}
