// Emboss — a layer effect: the image as grey relief lit from an angle, mid-grey where flat.
//
// The specification that Sources/LayerFXKernels/LayerEffects/Emboss.swift follows line by line.
// Emboss as a directional difference filter (Gonzalez & Woods, Digital Image Processing, §3.6).
//
// Algorithm:
//   d      = distance · (cos angle, sin angle)
//   color  = layer.sample(position)
//   relief = dot(layer.sample(position + d).rgb − layer.sample(position − d).rgb, luma)
//   g      = saturate(0.5 + strength · relief)
//   result = (g, g, g, 1) · color.a
// luma = (0.2126, 0.7152, 0.0722), ITU-R BT.709-6 item 3.2, on the stored premultiplied samples.
//
// Parameters (after SwiftUI's position and layer):
//   angle     float  radians  the direction the relief rises toward (y down); 0…2π, default π/4
//   distance  float  points   how far the compared samples are; valid 0…32, looks good 0.5…4,
//                             default 1; maxSampleOffset (⌈distance⌉, ⌈distance⌉)
//   strength  float  —        gain on the luma difference; valid ≥ 0, looks good 0.5…8, default 2
//
// Returns premultiplied grey (scaled by the pixel's own alpha).

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Emboss(float2 position, SwiftUI::Layer layer, float angle, float distance, float strength) {
    // The same step for every pixel.
    float2 d = float2(distance * cos(angle), distance * sin(angle));
    half4 ahead = layer.sample(position + d);
    half4 behind = layer.sample(position - d);
    half4 color = layer.sample(position);
    // The rise in luma along the direction: positive faces the light.
    float relief = dot(float3(ahead.rgb - behind.rgb), float3(0.2126, 0.7152, 0.0722));
    float grey = saturate(0.5 + strength * relief);
    // Premultiply the grey by the pixel's own alpha.
    return half4(half3(half(grey) * color.a), color.a);
}
