// Twirl — a distortion effect: twirls the image around a centre.
//
// LayerFX's own; the specification that Sources/LayerFXKernels/DistortionEffects/Twirl.swift
// follows line by line.
//
// Algorithm (returns the position each pixel reads from):
//   d = position − center,  t = saturate(1 − length(d) / radius),  φ = angle · t²
//   return center + (d.x cos φ − d.y sin φ, d.x sin φ + d.y cos φ)
// maxSampleOffset = radius · min(2, 4 |angle| / 27) per axis: the chord 2 r |sin(φ / 2)| is at
// most r |angle| (1 − r / radius)², largest at r = radius / 3, and at most 2 r.
//
// Parameters (after SwiftUI's position):
//   center  float2  points   centre of the twirl; required (no default)
//   radius  float   points   where the twirl ends; valid > 0, suggested 20…500, default 150
//   angle   float   radians  turn at the centre; suggested −6.3…6.3, default 2

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 Twirl(float2 position, float2 center, float radius, float angle) {
    float2 d = position - center;

    // 1 at the centre, falling to 0 at the rim and staying 0 beyond: no seam at the rim.
    float t = saturate(1.0 - length(d) / radius);
    float phi = angle * t * t;
    float c = cos(phi);
    float s = sin(phi);

    // Turn the offset from the centre by phi.
    return center + float2(d.x * c - d.y * s, d.x * s + d.y * c);
}
