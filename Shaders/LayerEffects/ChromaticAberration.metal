// ChromaticAberration — a layer effect: red and blue read shifted apart, green in place.
//
// The specification that Sources/LayerFXKernels/LayerEffects/ChromaticAberration.swift follows
// line by line. The effect imitates lateral (transverse) chromatic aberration, a lens focusing
// each colour at a slightly different place (Hecht, Optics, §6.3.2).
//
// Algorithm:
//   shift = amount · (cos angle, sin angle)
//   red   = layer.sample(position + shift)
//   green = layer.sample(position)
//   blue  = layer.sample(position − shift)
//   color = (red.r, green.g, blue.b, max(red.a, green.a, blue.a))
// A premultiplied channel is at most its own alpha, so the largest alpha keeps rgb ≤ a.
//
// Parameters (after SwiftUI's position and layer):
//   amount  float  points   how far red and blue move from green; valid 0…64, looks good 1…12,
//                           default 3; maxSampleOffset (⌈amount⌉, ⌈amount⌉) (rounded up so the
//                           rounding of position ± shift never passes it)
//   angle   float  radians  the direction red moves in, from the x axis (y down); any value,
//                           0…2π covers every direction, default 0 (horizontal)
//
// Returns premultiplied colour.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 ChromaticAberration(float2 position, SwiftUI::Layer layer, float amount, float angle) {
    // The same shift for every pixel.
    float2 shift = float2(amount * cos(angle), amount * sin(angle));
    half4 red = layer.sample(position + shift);
    half4 green = layer.sample(position);
    half4 blue = layer.sample(position - shift);
    // Each channel from its own sample; the largest alpha keeps rgb ≤ a.
    return half4(red.r, green.g, blue.b, max(max(red.a, green.a), blue.a));
}
