// Brightness — a colour effect: adds to every channel.
//
// SwiftUI's brightness(_ amount:), which is additive (W3C brightness() multiplies instead); the
// specification that Sources/LayerFXKernels/ColorEffects/Brightness.swift follows line by line.
//
// Algorithm (straight colour in the image's own encoding):
//   rgb   = a > 0 ? color.rgb / a : 0
//   color = (saturate(rgb + amount) · a, a)              i.e. color.rgb += amount · a, clamped
//
// Parameters (after SwiftUI's position and color):
//   amount  float  (none)  0 unchanged, 1 white, negative darker; any value, suggested −1…1,
//                          default 0.2
//
// Source: Apple, View.brightness(_:) ("0 (no effect) to 1 (full white brightening)").

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Brightness(float2 position, half4 color, float amount) {
    // Add to the straight colour; a transparent pixel has none.
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);

    // Clamped to [0, 1] like every filter result, then premultiplied again.
    return half4(half3(saturate(rgb + amount) * alpha), color.a);
}
