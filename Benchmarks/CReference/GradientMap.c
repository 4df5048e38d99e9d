// The two-colour gradient map, the C reference of
// Sources/LayerFXKernels/ColorEffects/GradientMap.swift.
// Source: Shaders/ColorEffects/GradientMap.metal.
#include "CReference.h"
#include "Straight.h"

void lfx_gradient_map(const lfx_layer *layer, float *out, const float dark[4],
                      const float light[4], int threads) {
  const int width = layer->width, height = layer->height;
  const float d[4] = {dark[0], dark[1], dark[2], dark[3]};
  const float l[4] = {light[0], light[1], light[2], light[3]};
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float *p = lfx_pixel(layer, i, j);
      const float a = p[3], inv = a > 0 ? 1.0f / a : 0.0f;
      const float t = lfx_saturate((0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2]) * inv);
      for (int c = 0; c < 4; c++) row[i * 4 + c] = (d[c] + (l[c] - d[c]) * t) * a;
    }
  }
}
