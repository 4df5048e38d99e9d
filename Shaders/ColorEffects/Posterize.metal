// Posterize — a colour effect: each channel snaps to one of `levels` evenly spaced values.
//
// The W3C feComponentTransfer type="discrete" with the table 0, 1/(n − 1), …, 1, the
// specification that Sources/LayerFXKernels/ColorEffects/Posterize.swift follows line by line.
//
// Algorithm (straight colour in the image's own encoding):
//   rgb   = a > 0 ? color.rgb / a : 0
//   c'    = min(floor(c · levels), levels − 1) / (levels − 1)
//   color = (saturate(c') · a, a)
//
// Parameters (after SwiftUI's position and color):
//   levels  float  (none)  values per channel; valid ≥ 2, suggested 2…16, default 4
//
// Source: W3C Filter Effects Module Level 1, feComponentTransfer
// (https://www.w3.org/TR/filter-effects-1/#feComponentTransferElement), type="discrete".

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Posterize(float2 position, half4 color, float levels) {
    // The transfer works on straight colour; a transparent pixel has none.
    float alpha = color.a;
    float3 rgb = alpha > 0.0 ? float3(color.rgb) / alpha : float3(0.0);

    // The step each channel falls in (1 itself falls in the last), as a fraction.
    float3 bucket = min(floor(rgb * levels), float3(levels - 1.0));
    return half4(half3(saturate(bucket * (1.0 / (levels - 1.0))) * alpha), color.a);
}
