// ColorPlanes — a colour effect: one colour plane (red, green or blue) shown as grey.
//
// LayerFX's own, the specification that Sources/LayerFXKernels/ColorEffects/ColorPlanes.swift
// follows line by line.
//
// Algorithm:
//   v     = straight rgb[round(channel)]             0 red, 1 green, 2 blue
//   color = (v · a, v · a, v · a, a)                 = the premultiplied channel, repeated
//
// Parameters (after SwiftUI's position and color):
//   channel  float  (none)  the plane: 0 red, 1 green, 2 blue; valid 0…2, default 0

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 ColorPlanes(float2 position, half4 color, float channel) {
    // The weights pick one channel; the same for every pixel.
    float plane = round(channel);
    float3 weights = float3(plane == 0.0 ? 1.0 : 0.0, plane == 1.0 ? 1.0 : 0.0,
                            plane == 2.0 ? 1.0 : 0.0);

    // Premultiplied channel = straight channel · alpha: no division needed.
    half value = half(dot(weights, float3(color.rgb)));
    return half4(value, value, value, color.a);
}
