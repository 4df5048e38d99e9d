// Pixellation, the C reference of Sources/LayerFXKernels/DistortionEffects/Pixellate.swift.
// Source: Shaders/DistortionEffects/Pixellate.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_pixellate(const lfx_layer *layer, float *out, float cell_size, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float sx = (floorf(px / cell_size) + 0.5f) * cell_size;
      const float sy = (floorf(py / cell_size) + 0.5f) * cell_size;
      lfx_sample(layer, sx, sy, row + i * 4);
    }
  }
}
