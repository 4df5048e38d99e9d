// SwiftUI scaleEffect(_:anchor:), the C reference of
// Sources/LayerFXKernels/DistortionEffects/ScaleEffect.swift.
// Source: Shaders/DistortionEffects/ScaleEffect.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_scale_effect(const lfx_layer *layer, float *out, float width_points, float height_points,
                      float scale_x, float scale_y, float anchor_x, float anchor_y, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const float ax = anchor_x * width_points, ay = anchor_y * height_points;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float sx = ax + (px - ax) / scale_x, sy = ay + (py - ay) / scale_y;
      lfx_sample(layer, sx, sy, row + i * 4);
    }
  }
}
