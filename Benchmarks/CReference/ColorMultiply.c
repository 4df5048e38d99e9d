// SwiftUI's colorMultiply, the C reference of
// Sources/LayerFXKernels/ColorEffects/ColorMultiply.swift.
// Source: Shaders/ColorEffects/ColorMultiply.metal.
#include "CReference.h"
#include "Straight.h"

void lfx_color_multiply(const lfx_layer *layer, float *out, float r, float g, float b, float a,
                        int threads) {
  const int width = layer->width, height = layer->height;
  const float tint[4] = {r, g, b, a};
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float *p = lfx_pixel(layer, i, j);
      for (int c = 0; c < 4; c++) row[i * 4 + c] = p[c] * tint[c];
    }
  }
}
