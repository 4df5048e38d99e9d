// A travelling sine wave, the C reference of Sources/LayerFXKernels/DistortionEffects/Wave.swift.
// Source: Shaders/DistortionEffects/Wave.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_wave(const lfx_layer *layer, float *out, float amplitude, float wavelength, float speed,
              float time, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const float k = 2 * 3.14159265358979f / wavelength;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float sx = px, sy = py + amplitude * sinf(k * (px - speed * time));
      lfx_sample(layer, sx, sy, row + i * 4);
    }
  }
}
