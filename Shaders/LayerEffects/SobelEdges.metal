// SobelEdges — a layer effect: the magnitude of the luma gradient, white edges on black.
//
// The specification that Sources/LayerFXKernels/LayerEffects/SobelEdges.swift follows line by
// line. The Sobel operator: I. Sobel and G. Feldman, "A 3×3 isotropic gradient operator for
// image processing" (1968); Gonzalez & Woods, Digital Image Processing, §10.2.5.
//
// Algorithm:
//   L(i, j) = dot(layer.sample(position + distance · (i, j)).rgb, luma)     i, j ∈ {−1, 0, 1}
//   gx      = L(1,−1) + 2 L(1,0) + L(1,1) − L(−1,−1) − 2 L(−1,0) − L(−1,1)
//   gy      = L(−1,1) + 2 L(0,1) + L(1,1) − L(−1,−1) − 2 L(0,−1) − L(1,−1)
//   m       = saturate(strength · sqrt(gx² + gy²) / 4)     a black-to-white step gives 1
//   result  = (m, m, m, 1) · layer.sample(position).a
// luma = (0.2126, 0.7152, 0.0722), ITU-R BT.709-6 item 3.2, on the stored premultiplied samples.
//
// Parameters (after SwiftUI's position and layer):
//   distance  float  points  the neighbourhood's spacing; valid 0…32, looks good 0.5…4,
//                            default 1; maxSampleOffset (⌈distance⌉, ⌈distance⌉)
//   strength  float  —       gain on the magnitude; valid ≥ 0, looks good 0.5…8, default 1
//
// Returns premultiplied grey (scaled by the pixel's own alpha).

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// The luma of the sample (i, j) neighbourhood steps from position.
static float Luma(SwiftUI::Layer layer, float2 position, float distance, float i, float j) {
    half4 colour = layer.sample(position + float2(i * distance, j * distance));
    return dot(float3(colour.rgb), float3(0.2126, 0.7152, 0.0722));
}

[[ stitchable ]]
half4 SobelEdges(float2 position, SwiftUI::Layer layer, float distance, float strength) {
    // The eight neighbours' luma, named by compass point (y down: north is −y).
    float nw = Luma(layer, position, distance, -1.0, -1.0);
    float n = Luma(layer, position, distance, 0.0, -1.0);
    float ne = Luma(layer, position, distance, 1.0, -1.0);
    float w = Luma(layer, position, distance, -1.0, 0.0);
    float e = Luma(layer, position, distance, 1.0, 0.0);
    float sw = Luma(layer, position, distance, -1.0, 1.0);
    float s = Luma(layer, position, distance, 0.0, 1.0);
    float se = Luma(layer, position, distance, 1.0, 1.0);
    // The Sobel kernels: a central difference, smoothed across it with weights 1, 2, 1.
    float gx = (ne + 2.0 * e + se) - (nw + 2.0 * w + sw);
    float gy = (sw + 2.0 * s + se) - (nw + 2.0 * n + ne);
    float magnitude = saturate(strength * 0.25 * sqrt(gx * gx + gy * gy));
    // Premultiply the grey by the pixel's own alpha.
    half alpha = layer.sample(position).a;
    return half4(half3(half(magnitude) * alpha), alpha);
}
