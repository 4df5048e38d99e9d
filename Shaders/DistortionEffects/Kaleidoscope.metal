// Kaleidoscope — a distortion effect: mirrored wedges around a centre.
//
// LayerFX's own; the specification that Sources/LayerFXKernels/DistortionEffects/Kaleidoscope.swift
// follows line by line.
//
// Algorithm (returns the position each pixel reads from):
//   d = position − center,  r = length(d),  sector = 2π / segments
//   a = atan2(d.y, d.x);  a = a − sector · floor(a / sector)       in [0, sector)
//   folded = sector / 2 − |a − sector / 2|                         mirrored: no seams
//   return r < radius ? center + r · (cos folded, sin folded) : position
// maxSampleOffset = (2 radius, 2 radius): a point and its source both lie inside the circle.
//
// Parameters (after SwiftUI's position):
//   center    float2  points  centre of the kaleidoscope; required (no default)
//   segments  float   (none)  wedges; valid ≥ 1 (whole numbers are seamless), suggested 2…16,
//                             default 6
//   radius    float   points  radius of the circle it fills; valid > 0, suggested 50…500,
//                             default 200

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 Kaleidoscope(float2 position, float2 center, float segments, float radius) {
    float2 d = position - center;
    float r = length(d);

    // The angle within its wedge, in [0, sector).
    float sector = 2.0 * M_PI_F / segments;
    float a = atan2(d.y, d.x);
    a = a - sector * floor(a / sector);

    // Mirror about the wedge's middle, so neighbouring wedges meet without a seam.
    float folded = sector / 2.0 - abs(a - sector / 2.0);
    float2 source = center + float2(r * cos(folded), r * sin(folded));

    // Outside the circle the image is left as it is.
    return r < radius ? source : position;
}
