// The kaleidoscope, the C reference of Sources/LayerFXKernels/DistortionEffects/Kaleidoscope.swift.
// Source: Shaders/DistortionEffects/Kaleidoscope.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_kaleidoscope(const lfx_layer *layer, float *out, float center_x, float center_y,
                      float segments, float radius, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const float sector = 2 * 3.14159265358979f / segments;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float dx = px - center_x, dy = py - center_y;
      const float r = sqrtf(dx * dx + dy * dy);
      float a = atan2f(dy, dx);
      a -= sector * floorf(a / sector);
      const float folded = sector / 2 - fabsf(a - sector / 2);
      const float sx = r < radius ? center_x + r * cosf(folded) : px;
      const float sy = r < radius ? center_y + r * sinf(folded) : py;
      lfx_sample(layer, sx, sy, row + i * 4);
    }
  }
}
