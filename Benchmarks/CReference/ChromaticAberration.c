// Chromatic aberration, the C reference of
// Sources/LayerFXKernels/LayerEffects/ChromaticAberration.swift.
// Source: Shaders/LayerEffects/ChromaticAberration.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_chromatic_aberration(const lfx_layer *layer, float *out, float amount, float angle,
                              int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const float sx = amount * cosf(angle), sy = amount * sinf(angle);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      float red[4], green[4], blue[4];
      lfx_sample(layer, px + sx, py + sy, red);
      lfx_sample(layer, px, py, green);
      lfx_sample(layer, px - sx, py - sy, blue);
      row[i * 4 + 0] = red[0];
      row[i * 4 + 1] = green[1];
      row[i * 4 + 2] = blue[2];
      row[i * 4 + 3] = fmaxf(fmaxf(red[3], green[3]), blue[3]);
    }
  }
}
