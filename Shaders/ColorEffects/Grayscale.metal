// Grayscale — a colour effect: moves each colour toward its grey of equal luma.
//
// SwiftUI's grayscale(_ amount:) with the matrix of the W3C grayscale() filter function, the
// specification that Sources/LayerFXKernels/ColorEffects/Grayscale.swift follows line by line.
//
// Algorithm (applied to straight colour in the image's own encoding, not linearised):
//   rgb   = a > 0 ? color.rgb / a : 0
//   s     = 1 − amount
//   gray  = | 0.2126 + 0.7874 s   0.7152 − 0.7152 s   0.0722 − 0.0722 s |
//           | 0.2126 − 0.2126 s   0.7152 + 0.2848 s   0.0722 − 0.0722 s | · rgb
//           | 0.2126 − 0.2126 s   0.7152 − 0.7152 s   0.0722 + 0.9278 s |
//   color = (saturate(gray) · a, a)
//
// Parameters (after SwiftUI's position and color):
//   amount  float  fraction  0 unchanged, 1 fully grey; valid 0…1, suggested 0…1, default 1
//
// Sources: W3C Filter Effects Module Level 1, "Filter Functions", grayscale()
// (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-grayscale) and its feColorMatrix
// equivalent; Apple, View.grayscale(_:) ("0 (no effect) to 1 (full grayscale)").

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Grayscale(float2 position, half4 color, float amount) {
    // The W3C matrix works on straight colour; a transparent pixel has none.
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);

    // Each row blends the channel toward the Rec. 709 luma by amount.
    float s = 1.0 - amount;
    float3 row0 = float3(0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s);
    float3 row1 = float3(0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s);
    float3 row2 = float3(0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s);
    float3 result = float3(dot(row0, rgb), dot(row1, rgb), dot(row2, rgb));

    // The filter result is clamped to [0, 1], then premultiplied again.
    return half4(half3(saturate(result) * alpha), color.a);
}
