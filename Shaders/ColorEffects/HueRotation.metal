// HueRotation — a colour effect: rotates hues around the colour circle.
//
// SwiftUI's hueRotation(_ angle:) with the W3C hue-rotate() filter function (feColorMatrix
// type="hueRotate"), the specification that Sources/LayerFXKernels/ColorEffects/HueRotation.swift
// follows line by line.
//
// Algorithm (applied to straight colour in the image's own encoding, not linearised):
//   rgb   = a > 0 ? color.rgb / a : 0
//   θ     = degrees · π / 180
//   M     = | .213 .715 .072 |           |  .787 −.715 −.072 |           | −.213 −.715  .928 |
//           | .213 .715 .072 | + cos θ · | −.213  .285 −.072 | + sin θ · |  .143  .140 −.283 |
//           | .213 .715 .072 |           | −.213 −.715  .928 |           | −.787  .715  .072 |
//   color = (saturate(M · rgb) · a, a)
//
// Parameters (after SwiftUI's position and color):
//   degrees  float  degrees  the rotation; any value, suggested 0…360, default 90
//
// Sources: W3C Filter Effects Module Level 1, "Filter Functions", hue-rotate()
// (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-hue-rotate) and feColorMatrix
// type="hueRotate"; Apple, View.hueRotation(_:).

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 HueRotation(float2 position, half4 color, float degrees) {
    // The W3C matrix works on straight colour; a transparent pixel has none.
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);

    // The rotation's cosine and sine, the same for every pixel.
    float theta = degrees * (M_PI_F / 180.0);
    float c = cos(theta);
    float s = sin(theta);
    float3 row0 = float3(0.213 + 0.787 * c - 0.213 * s, 0.715 - 0.715 * c - 0.715 * s, 0.072 - 0.072 * c + 0.928 * s);
    float3 row1 = float3(0.213 - 0.213 * c + 0.143 * s, 0.715 + 0.285 * c + 0.140 * s, 0.072 - 0.072 * c - 0.283 * s);
    float3 row2 = float3(0.213 - 0.213 * c - 0.787 * s, 0.715 - 0.715 * c + 0.715 * s, 0.072 + 0.928 * c + 0.072 * s);
    float3 result = float3(dot(row0, rgb), dot(row1, rgb), dot(row2, rgb));

    // The filter result is clamped to [0, 1], then premultiplied again.
    return half4(half3(saturate(result) * alpha), color.a);
}
