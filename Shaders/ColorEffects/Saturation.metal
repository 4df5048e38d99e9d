// Saturation — a colour effect: scales colourfulness.
//
// SwiftUI's saturation(_ amount:) with the W3C saturate() filter function (feColorMatrix
// type="saturate"), the specification that Sources/LayerFXKernels/ColorEffects/Saturation.swift
// follows line by line.
//
// Algorithm (applied to straight colour in the image's own encoding, not linearised):
//   rgb   = a > 0 ? color.rgb / a : 0
//   s     = amount
//   sat   = | 0.213 + 0.787 s   0.715 − 0.715 s   0.072 − 0.072 s |
//           | 0.213 − 0.213 s   0.715 + 0.285 s   0.072 − 0.072 s | · rgb
//           | 0.213 − 0.213 s   0.715 − 0.715 s   0.072 + 0.928 s |
//   color = (saturate(sat) · a, a)
//
// Parameters (after SwiftUI's position and color):
//   amount  float  (none)  0 grey, 1 unchanged, above 1 more colourful; valid ≥ 0,
//                          suggested 0…3, default 0.5
//
// Sources: W3C Filter Effects Module Level 1, "Filter Functions", saturate()
// (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-saturate) and feColorMatrix
// type="saturate"; Apple, View.saturation(_:).

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Saturation(float2 position, half4 color, float amount) {
    // The W3C matrix works on straight colour; a transparent pixel has none.
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);

    // feColorMatrix "saturate": each row blends the luma row toward the identity.
    float s = amount;
    float3 row0 = float3(0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s);
    float3 row1 = float3(0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s);
    float3 row2 = float3(0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s);
    float3 result = float3(dot(row0, rgb), dot(row1, rgb), dot(row2, rgb));

    // The filter result is clamped to [0, 1], then premultiplied again.
    return half4(half3(saturate(result) * alpha), color.a);
}
