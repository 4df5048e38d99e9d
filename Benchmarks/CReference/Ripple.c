// The WWDC24 ripple, the C reference of Sources/LayerFXKernels/LayerEffects/Ripple.swift.
// Source: Shaders/LayerEffects/Ripple.metal; Documentation/Semantics.md §5.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_ripple(const lfx_layer *layer, float *out, float origin_x, float origin_y, float time,
                float amplitude, float frequency, float decay, float speed, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const float shade_per_amount = amplitude != 0 ? 0.3f / amplitude : 0;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float dx = px - origin_x, dy = py - origin_y;
      const float d = sqrtf(dx * dx + dy * dy);
      const float t = fmaxf(0.0f, time - d / speed);
      const float amount = amplitude * sinf(frequency * t) * expf(-decay * t);
      const float nx = d > 0 ? dx / d : 0, ny = d > 0 ? dy / d : 0;
      float color[4];
      lfx_sample(layer, px + amount * nx, py + amount * ny, color);
      const float shade = shade_per_amount * amount * color[3];
      row[i * 4 + 0] = color[0] + shade;
      row[i * 4 + 1] = color[1] + shade;
      row[i * 4 + 2] = color[2] + shade;
      row[i * 4 + 3] = color[3];
    }
  }
}
