// RadialGradient — a fill: SwiftUI's RadialGradient(colors:center:startRadius:endRadius:) with
// two colours.
//
// The specification that Sources/LayerFXKernels/Fills/RadialGradient.swift follows line by line.
// Sources: Apple, RadialGradient (unit centre, radii in points); W3C CSS Images Module Level 3,
// §3.2 (radial gradients) and §3.4.3 (colours are interpolated premultiplied).
//
// Algorithm:
//   d     = length(position − center · size)
//   t     = endRadius > startRadius ? saturate((d − startRadius) / (endRadius − startRadius))
//                                   : step(endRadius, d)               a hard edge
//   color = mix(startColor, endColor, t)
//
// Parameters (after SwiftUI's position):
//   size         float2  points    the view's size (role: view size); > 0, default (256, 256)
//   center       float2  fraction  unit point of the centre; default (0.5, 0.5)
//   startRadius  float   points    ≥ 0, looks good 0…256, default 0
//   endRadius    float   points    ≥ 0, looks good 16…1024, default 128
//   startColor   color   premultiplied RGBA; default (1, 0.95, 0.7, 1)
//   endColor     color   premultiplied RGBA; default (0.15, 0.05, 0.3, 1)
//
// Returns premultiplied colour.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 RadialGradient(float2 position, float2 size, float2 center, float startRadius,
                     float endRadius, half4 startColor, half4 endColor) {
    float d = length(position - center * size);
    float span = endRadius - startRadius;
    // Equal (or reversed) radii make a hard edge at the end radius.
    float t = span > 0.0 ? saturate((d - startRadius) * (1.0 / span)) : step(endRadius, d);
    return half4(mix(float4(startColor), float4(endColor), t));
}
