// ColorInvert — a colour effect: inverts every colour, keeping alpha.
//
// SwiftUI's colorInvert(): the W3C invert() filter function at amount 1, the specification that
// Sources/LayerFXKernels/ColorEffects/ColorInvert.swift follows line by line.
//
// Algorithm (straight colour in the image's own encoding):
//   rgb   = a > 0 ? color.rgb / a : 0
//   color = ((1 − rgb) · a, a)
// W3C invert(amount) is the component transfer table [amount, 1 − amount]; SwiftUI's modifier
// has no amount, so amount is 1.
//
// Parameters: none after SwiftUI's position and color.
//
// Sources: W3C Filter Effects Module Level 1, "Filter Functions", invert()
// (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-invert); Apple, View.colorInvert().

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 ColorInvert(float2 position, half4 color) {
    // Invert the straight colour; a transparent pixel has none.
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);

    // 1 − c stays in [0, 1] for c in [0, 1]; the clamp keeps out-of-range inputs valid.
    return half4(half3(saturate(float3(1.0) - rgb) * alpha), color.a);
}
