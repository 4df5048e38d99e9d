// SwiftUI offset(x:y:), the C reference of Sources/LayerFXKernels/DistortionEffects/Offset.swift.
// Source: Shaders/DistortionEffects/Offset.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_offset(const lfx_layer *layer, float *out, float x, float y, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float sx = px - x, sy = py - y;
      lfx_sample(layer, sx, sy, row + i * 4);
    }
  }
}
