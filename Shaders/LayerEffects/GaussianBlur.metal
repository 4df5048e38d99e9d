// GaussianBlur — a layer effect: SwiftUI's blur(radius:), a Gaussian-weighted mean of samples.
//
// The specification that Sources/LayerFXKernels/LayerEffects/GaussianBlur.swift follows line by
// line.
//
// Algorithm:
//   σ     = radius                                          points
//   k     = floor(3σ)                                       samples per side beyond the centre
//   w(n)  = n == 0 ? 1 : exp(−n² / (2σ²))
//   color = Σ_{i,j = −k…k} w(i) w(j) layer.sample(position + (i, j)) / (Σ_{n = −k…k} w(n))²
// Radius to σ: Apple's View.blur(radius:opaque:) page calls radius "the radial size of the blur"
// and gives no formula; the W3C Filter Effects Module Level 1, §13.2 "Filter Functions", defines
// blur()'s length as "the standard deviation to the Gaussian function". We take σ = radius (the
// CSS reading), cut the window at 3σ (weights beyond are below 1.2 % of the centre's) and
// normalise the weights over the window so a flat region stays flat. Samples are one point
// apart. (2k + 1)² samples per pixel. The built-in runs this separably, as two stacked layer
// effects: a horizontal pass of the 2k + 1 weights w(n) / Σ w, then a vertical one (the 2-D
// weights, and the bilinear sample's, are products), 2 (2k + 1) samples per pixel.
//
// Parameters (after SwiftUI's position and layer):
//   radius  float  points  the Gaussian's standard deviation σ; valid 0…24, looks good 0.5…6,
//                          default 2; maxSampleOffset is (3 radius, 3 radius)
//
// Returns premultiplied colour: a weighted mean of premultiplied samples is premultiplied.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 GaussianBlur(float2 position, SwiftUI::Layer layer, float radius) {
    // Whole points only, out to three standard deviations.
    int reach = int(floor(3.0 * radius));
    // exp(−n² / (2σ²)) = exp(n² × falloff); with σ = 0 only n = 0 is read, at weight 1.
    float falloff = radius > 0.0 ? -1.0 / (2.0 * radius * radius) : 0.0;
    float4 sum = float4(0.0);
    float total = 0.0;
    for (int j = -reach; j <= reach; j++) {
        float wy = j == 0 ? 1.0 : exp(float(j * j) * falloff);
        total += wy;
        for (int i = -reach; i <= reach; i++) {
            float wx = i == 0 ? 1.0 : exp(float(i * i) * falloff);
            sum += float4(layer.sample(position + float2(float(i), float(j)))) * (wx * wy);
        }
    }
    // The 2-D weights are products, so their sum is the square of the 1-D sum.
    return half4(sum * (1.0 / (total * total)));
}
