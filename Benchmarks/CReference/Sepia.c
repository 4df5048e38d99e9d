// The W3C sepia() matrix, the C reference of Sources/LayerFXKernels/ColorEffects/Sepia.swift.
// Source: Shaders/ColorEffects/Sepia.metal.
#include "CReference.h"
#include "Straight.h"

void lfx_sepia(const lfx_layer *layer, float *out, float amount, int threads) {
  const float s = 1 - amount;
  const float m[9] = {0.393f + 0.607f * s, 0.769f - 0.769f * s, 0.189f - 0.189f * s,
                      0.349f - 0.349f * s, 0.686f + 0.314f * s, 0.168f - 0.168f * s,
                      0.272f - 0.272f * s, 0.534f - 0.534f * s, 0.131f + 0.869f * s};
  lfx_straight_matrix(layer, out, m, threads);
}
