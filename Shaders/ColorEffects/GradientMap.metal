// GradientMap — a colour effect: maps luma onto a gradient between two colours.
//
// LayerFX's own, the specification that Sources/LayerFXKernels/ColorEffects/GradientMap.swift
// follows line by line; the luma weights are the W3C grayscale() matrix's.
//
// Algorithm (straight colour in the image's own encoding):
//   rgb   = a > 0 ? color.rgb / a : 0
//   t     = saturate(0.2126 r + 0.7152 g + 0.0722 b)
//   color = mix(dark, light, t) · a              dark, light premultiplied: so is the mix
//
// Parameters (after SwiftUI's position and color):
//   dark   half4  premultiplied RGBA  the colour for black; default (0.1, 0, 0.3, 1)
//   light  half4  premultiplied RGBA  the colour for white; default (1, 0.85, 0.4, 1)

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 GradientMap(float2 position, half4 color, half4 dark, half4 light) {
    // The luma of the straight colour; a transparent pixel has none.
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);
    float t = saturate(dot(float3(0.2126, 0.7152, 0.0722), rgb));

    // Along the gradient, then at the pixel's own coverage.
    return half4(mix(float4(dark), float4(light), t) * alpha);
}
