// SwiftUI rotationEffect(_:anchor:), the C reference of
// Sources/LayerFXKernels/DistortionEffects/RotationEffect.swift.
// Source: Shaders/DistortionEffects/RotationEffect.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_rotation_effect(const lfx_layer *layer, float *out, float width_points,
                         float height_points, float degrees, float anchor_x, float anchor_y,
                         int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const float ax = anchor_x * width_points, ay = anchor_y * height_points;
  const float theta = degrees * (3.14159265358979f / 180), c = cosf(theta), s = sinf(theta);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float dx = px - ax, dy = py - ay;
      const float sx = ax + c * dx + s * dy, sy = ay + c * dy - s * dx;
      lfx_sample(layer, sx, sy, row + i * 4);
    }
  }
}
