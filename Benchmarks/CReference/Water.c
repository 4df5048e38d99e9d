// A wobbling water surface, the C reference of
// Sources/LayerFXKernels/DistortionEffects/Water.swift.
// Source: Shaders/DistortionEffects/Water.metal.
#include <math.h>

#include "CReference.h"
#include "Sample.h"

void lfx_water(const lfx_layer *layer, float *out, float amplitude, float wavelength,
               float frequency, float time, int threads) {
  const int width = layer->width, height = layer->height;
  const float scale = layer->scale;
  const float k = 2 * 3.14159265358979f / wavelength, phase = frequency * time;
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int j = 0; j < height; j++) {
    const float py = ((float)j + 0.5f) / scale;
    float *row = out + (ptrdiff_t)j * width * 4;
    for (int i = 0; i < width; i++) {
      const float px = ((float)i + 0.5f) / scale;
      const float sx = px + amplitude * sinf(k * py + phase);
      const float sy = py + amplitude * cosf(k * px + phase);
      lfx_sample(layer, sx, sy, row + i * 4);
    }
  }
}
