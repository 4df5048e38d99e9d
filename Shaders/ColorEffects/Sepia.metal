// Sepia — a colour effect: tones colours toward sepia.
//
// The matrix of the W3C sepia() filter function, the specification that
// Sources/LayerFXKernels/ColorEffects/Sepia.swift follows line by line.
//
// Algorithm (applied to straight colour in the image's own encoding, not linearised):
//   rgb   = a > 0 ? color.rgb / a : 0
//   s     = 1 − amount
//   toned = | 0.393 + 0.607 s   0.769 − 0.769 s   0.189 − 0.189 s |
//           | 0.349 − 0.349 s   0.686 + 0.314 s   0.168 − 0.168 s | · rgb
//           | 0.272 − 0.272 s   0.534 − 0.534 s   0.131 + 0.869 s |
//   color = (saturate(toned) · a, a)
//
// Parameters (after SwiftUI's position and color):
//   amount  float  fraction  0 unchanged, 1 full sepia; valid 0…1, suggested 0…1, default 1
//
// Source: W3C Filter Effects Module Level 1, "Filter Functions", sepia()
// (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-sepia) and its feColorMatrix
// equivalent.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Sepia(float2 position, half4 color, float amount) {
    // The W3C matrix works on straight colour; a transparent pixel has none.
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);

    // Each row blends the identity toward the sepia tone matrix by amount.
    float s = 1.0 - amount;
    float3 row0 = float3(0.393 + 0.607 * s, 0.769 - 0.769 * s, 0.189 - 0.189 * s);
    float3 row1 = float3(0.349 - 0.349 * s, 0.686 + 0.314 * s, 0.168 - 0.168 * s);
    float3 row2 = float3(0.272 - 0.272 * s, 0.534 - 0.534 * s, 0.131 + 0.869 * s);
    float3 result = float3(dot(row0, rgb), dot(row1, rgb), dot(row2, rgb));

    // The filter result is clamped to [0, 1], then premultiplied again.
    return half4(half3(saturate(result) * alpha), color.a);
}
