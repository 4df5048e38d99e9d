// One colour plane as grey, the C reference of
// Sources/LayerFXKernels/ColorEffects/ColorPlanes.swift.
// Source: Shaders/ColorEffects/ColorPlanes.metal.
#include <math.h>

#include "CReference.h"
#include "Straight.h"

void lfx_color_planes(const lfx_layer *layer, float *out, float channel, int threads) {
  const int width = layer->width, height = layer->height;
  int plane = (int)roundf(channel);
  plane = plane < 0 ? 0 : (plane > 2 ? 2 : plane);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float *p = lfx_pixel(layer, i, j);
      row[i * 4 + 0] = row[i * 4 + 1] = row[i * 4 + 2] = p[plane];
      row[i * 4 + 3] = p[3];
    }
  }
}
