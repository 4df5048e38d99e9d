// LinearGradient — a fill: SwiftUI's LinearGradient(colors:startPoint:endPoint:) with two colours.
//
// The specification that Sources/LayerFXKernels/Fills/LinearGradient.swift follows line by line.
// Sources: Apple, LinearGradient (unit start and end points, colour constant beyond them); W3C
// CSS Images Module Level 3, §3.1 (linear gradients) and §3.4.3 (colours are interpolated
// premultiplied).
//
// Algorithm:
//   a     = startPoint · size,  b = endPoint · size                    unit points to points
//   t     = saturate(dot(position − a, b − a) / dot(b − a, b − a))      0 when a == b
//   color = mix(startColor, endColor, t)                                premultiplied
//
// Parameters (after SwiftUI's position):
//   size        float2  points    the view's size (role: view size); > 0, default (256, 256)
//   startPoint  float2  fraction  unit point of the start colour; default (0, 0.5) (.leading)
//   endPoint    float2  fraction  unit point of the end colour; default (1, 0.5) (.trailing)
//   startColor  color   premultiplied RGBA; default (0.1, 0.3, 0.9, 1)
//   endColor    color   premultiplied RGBA; default (0.95, 0.6, 0.1, 1)
//
// Returns premultiplied colour.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 LinearGradient(float2 position, float2 size, float2 startPoint, float2 endPoint,
                     half4 startColor, half4 endColor) {
    float2 a = startPoint * size;
    float2 line = endPoint * size - a;
    // The projection onto the line, as a fraction of its length; a point has no direction.
    float lengthSquared = dot(line, line);
    float perLengthSquared = lengthSquared > 0.0 ? 1.0 / lengthSquared : 0.0;
    float t = saturate(dot(position - a, line) * perLengthSquared);
    return half4(mix(float4(startColor), float4(endColor), t));
}
