// BoxBlur — a layer effect: the plain mean of a square of samples around each pixel.
//
// The specification that Sources/LayerFXKernels/LayerEffects/BoxBlur.swift follows line by line.
//
// Algorithm (the box filter: the mean over a square window; Gonzalez & Woods, Digital Image
// Processing, §3.5 "Smoothing spatial filters"):
//   k     = floor(radius)                                  samples per side beyond the centre
//   color = Σ_{i,j = −k…k} layer.sample(position + (i, j)) / (2k + 1)²
// Samples are one point apart (a layer effect does not know the display scale): every pixel at
// scale 1, every other pixel at scale 2. (2k + 1)² samples per pixel. The built-in runs this
// separably, as two stacked layer effects (a horizontal then a vertical mean of 2k + 1 samples),
// 2 (2k + 1) samples per pixel.
//
// Parameters (after SwiftUI's position and layer):
//   radius  float  points  how far the box reaches on each axis; valid 0…64, looks good 1…10,
//                          default 3 (a 7 × 7 box); also the maxSampleOffset (radius, radius)
//
// Returns premultiplied colour: a mean of premultiplied samples is premultiplied.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 BoxBlur(float2 position, SwiftUI::Layer layer, float radius) {
    // Whole points only, so that every sample stays within `radius` of the pixel.
    int reach = int(floor(radius));
    float4 sum = float4(0.0);
    for (int j = -reach; j <= reach; j++) {
        for (int i = -reach; i <= reach; i++) {
            sum += float4(layer.sample(position + float2(float(i), float(j))));
        }
    }
    // Every sample weighs the same: divide by their count.
    float side = float(2 * reach + 1);
    return half4(sum * (1.0 / (side * side)));
}
