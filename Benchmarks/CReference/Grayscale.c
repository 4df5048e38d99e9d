// The W3C grayscale() matrix, the C reference of
// Sources/LayerFXKernels/ColorEffects/Grayscale.swift.
// Source: Shaders/ColorEffects/Grayscale.metal.
#include "CReference.h"
#include "Straight.h"

void lfx_grayscale(const lfx_layer *layer, float *out, float amount, int threads) {
  const float s = 1 - amount;
  const float m[9] = {0.2126f + 0.7874f * s, 0.7152f - 0.7152f * s, 0.0722f - 0.0722f * s,
                      0.2126f - 0.2126f * s, 0.7152f + 0.2848f * s, 0.0722f - 0.0722f * s,
                      0.2126f - 0.2126f * s, 0.7152f - 0.7152f * s, 0.0722f + 0.9278f * s};
  lfx_straight_matrix(layer, out, m, threads);
}
