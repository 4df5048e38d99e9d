// Threshold — a colour effect: black and white by luma, alpha kept.
//
// LayerFX's own, the specification that Sources/LayerFXKernels/ColorEffects/Threshold.swift
// follows line by line; the luma weights are the W3C grayscale() matrix's.
//
// Algorithm (straight colour in the image's own encoding):
//   rgb   = a > 0 ? color.rgb / a : 0
//   luma  = 0.2126 r + 0.7152 g + 0.0722 b
//   color = luma ≥ level ? (a, a, a, a) : (0, 0, 0, a)
//
// Parameters (after SwiftUI's position and color):
//   level  float  fraction  luma at and above which a pixel turns white; valid 0…1,
//                           suggested 0.2…0.8, default 0.5

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Threshold(float2 position, half4 color, float level) {
    // The luma of the straight colour; a transparent pixel has none.
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);
    float luma = dot(float3(0.2126, 0.7152, 0.0722), rgb);

    // White (premultiplied: alpha) at and above the level, black below.
    half value = luma >= level ? color.a : half(0.0);
    return half4(value, value, value, color.a);
}
