// The W3C hue-rotate() matrix, the C reference of
// Sources/LayerFXKernels/ColorEffects/HueRotation.swift.
// Source: Shaders/ColorEffects/HueRotation.metal.
#include <math.h>

#include "CReference.h"
#include "Straight.h"

void lfx_hue_rotation(const lfx_layer *layer, float *out, float degrees, int threads) {
  const float theta = degrees * (3.14159265358979f / 180.0f);
  const float c = cosf(theta), s = sinf(theta);
  const float m[9] = {
      0.213f + 0.787f * c - 0.213f * s, 0.715f - 0.715f * c - 0.715f * s,
      0.072f - 0.072f * c + 0.928f * s, 0.213f - 0.213f * c + 0.143f * s,
      0.715f + 0.285f * c + 0.140f * s, 0.072f - 0.072f * c - 0.283f * s,
      0.213f - 0.213f * c - 0.787f * s, 0.715f - 0.715f * c + 0.715f * s,
      0.072f + 0.928f * c + 0.072f * s};
  lfx_straight_matrix(layer, out, m, threads);
}
