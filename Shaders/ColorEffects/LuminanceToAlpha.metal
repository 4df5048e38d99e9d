// LuminanceToAlpha — a colour effect: black, with the luminance as its opacity.
//
// SwiftUI's luminanceToAlpha(): the W3C feColorMatrix type="luminanceToAlpha", the
// specification that Sources/LayerFXKernels/ColorEffects/LuminanceToAlpha.swift follows line by
// line.
//
// Algorithm (straight colour in the image's own encoding):
//   rgb   = a > 0 ? color.rgb / a : 0
//   color = (0, 0, 0, saturate(0.2125 r + 0.7154 g + 0.0721 b))
// The input's alpha is not used, as in the W3C matrix, whose alpha row is 0.2125 0.7154 0.0721 0 0.
//
// Parameters: none after SwiftUI's position and color.
//
// Sources: W3C Filter Effects Module Level 1, feColorMatrix
// (https://www.w3.org/TR/filter-effects-1/#feColorMatrixElement), type="luminanceToAlpha";
// Apple, View.luminanceToAlpha().

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 LuminanceToAlpha(float2 position, half4 color) {
    // The matrix reads straight colour; a transparent pixel has none (luminance 0).
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);

    // The alpha row of the W3C matrix; the rgb rows are zero.
    float luminance = dot(float3(0.2125, 0.7154, 0.0721), rgb);
    return half4(0.0, 0.0, 0.0, half(saturate(luminance)));
}
