// The W3C saturate() matrix, the C reference of
// Sources/LayerFXKernels/ColorEffects/Saturation.swift.
// Source: Shaders/ColorEffects/Saturation.metal.
#include "CReference.h"
#include "Straight.h"

void lfx_saturation(const lfx_layer *layer, float *out, float amount, int threads) {
  const float s = amount;
  const float m[9] = {0.213f + 0.787f * s, 0.715f - 0.715f * s, 0.072f - 0.072f * s,
                      0.213f - 0.213f * s, 0.715f + 0.285f * s, 0.072f - 0.072f * s,
                      0.213f - 0.213f * s, 0.715f - 0.715f * s, 0.072f + 0.928f * s};
  lfx_straight_matrix(layer, out, m, threads);
}
