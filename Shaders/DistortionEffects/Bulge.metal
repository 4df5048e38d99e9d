// Bulge — a distortion effect: bulges (strength > 0) or pinches (strength < 0) a circle.
//
// LayerFX's own; the specification that Sources/LayerFXKernels/DistortionEffects/Bulge.swift
// follows line by line.
//
// Algorithm (returns the position each pixel reads from):
//   d = position − center,  u = saturate(length(d) / radius)
//   return center + d · (1 − strength · (1 − u)²)
// maxSampleOffset = (4 / 27) · radius · |strength| per axis (the move radius · u · |strength|
// (1 − u)² is largest at u = 1 / 3), plus 0.01 % for float rounding.
//
// Parameters (after SwiftUI's position):
//   center    float2  points  centre of the circle; required (no default)
//   radius    float   points  radius of the circle; valid > 0, suggested 20…500, default 150
//   strength  float   (none)  bulge (> 0) or pinch (< 0); valid −1…1, default 0.5

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 Bulge(float2 position, float2 center, float radius, float strength) {
    float2 d = position - center;

    // 0 at the centre, 1 at the rim and beyond.
    float u = saturate(length(d) / radius);
    float rim = 1.0 - u;

    // Scale the offset from the centre: 1 at the rim, 1 − strength at the centre.
    return center + d * (1.0 - strength * rim * rim);
}
