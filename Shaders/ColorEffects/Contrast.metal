// Contrast — a colour effect: scales colours about mid-grey.
//
// SwiftUI's contrast(_ amount:) with the W3C contrast() filter function's linear transfer, the
// specification that Sources/LayerFXKernels/ColorEffects/Contrast.swift follows line by line.
//
// Algorithm (straight colour in the image's own encoding):
//   rgb   = a > 0 ? color.rgb / a : 0
//   c'    = amount · c + (0.5 − 0.5 · amount)           (slope amount, intercept −0.5 amount + 0.5)
//   color = (saturate(c') · a, a)
//
// Parameters (after SwiftUI's position and color):
//   amount  float  (none)  1 unchanged, 0 grey, above 1 stronger, negative also inverts
//                          (SwiftUI; W3C allows ≥ 0 only); any value, suggested 0…3, default 1.5
//
// Sources: W3C Filter Effects Module Level 1, "Filter Functions", contrast()
// (https://www.w3.org/TR/filter-effects-1/#funcdef-filter-contrast) and its feComponentTransfer
// equivalent; Apple, View.contrast(_:).

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Contrast(float2 position, half4 color, float amount) {
    // The W3C transfer works on straight colour; a transparent pixel has none.
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);

    // A line through (0.5, 0.5) with slope amount.
    float3 contrasted = rgb * amount + (0.5 - 0.5 * amount);

    // The filter result is clamped to [0, 1], then premultiplied again.
    return half4(half3(saturate(contrasted) * alpha), color.a);
}
