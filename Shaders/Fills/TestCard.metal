// TestCard — a fill (a shader used as a ShapeStyle): LayerFX's built-in test card.
//
// The specification that Sources/LayerFXKernels/Fills/TestCard.swift follows line by line; the
// picture is Sources/LayerFX/Image+TestCard.swift's, drawn in points (at scale 1 the two agree
// pixel for pixel).
//
// Algorithm, at position p (points) in a view of `size` points:
//   uv  = p / size
//   rgb = (uv.x, uv.y, 1 − (uv.x + uv.y) / 2) · 0.8 + 0.1                 background
//   d   = length(p − size / 2)
//   rgb = d < min(size) / 3 ? (floor(d / 16) even ? (0.95, 0.85, 0.2) : (0.1, 0.1, 0.3)) : rgb
//   rgb = uv.y > 7/8 ? (uv.x, uv.x, uv.x) : rgb                           grey ramp
//   rgb = floor(p.x) or floor(p.y) a multiple of 32 ? 0.97 : rgb          grid
//   color = (rgb, 1)
//
// Parameters (after SwiftUI's position):
//   size  float2  points  the view's size (role: view size); > 0, default (256, 256)
//
// Returns an opaque colour.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 TestCard(float2 position, float2 size) {
    float2 uv = position / size;
    // The background: red rises left to right, green top to bottom, blue along the anti-diagonal.
    float3 rgb = float3(uv.x, uv.y, 1.0 - (uv.x + uv.y) / 2.0) * 0.8 + 0.1;
    // Rings 16 points wide over the middle third; d / 16 and its half are exact (powers of 2).
    float ringDistance = length(position - size / 2.0);
    float band = floor(ringDistance / 16.0);
    bool isEven = band - 2.0 * floor(band / 2.0) == 0.0;
    float3 ring = isEven ? float3(0.95, 0.85, 0.2) : float3(0.1, 0.1, 0.3);
    rgb = ringDistance < min(size.x, size.y) / 3.0 ? ring : rgb;
    // The grey ramp along the bottom eighth.
    rgb = uv.y > 7.0 / 8.0 ? float3(uv.x) : rgb;
    // The grid: the first pixel of every 32.
    float2 cell = floor(position);
    float column = cell.x - 32.0 * floor(cell.x / 32.0);
    float row = cell.y - 32.0 * floor(cell.y / 32.0);
    rgb = (column == 0.0 || row == 0.0) ? float3(0.97) : rgb;
    return half4(half3(rgb), 1.0h);
}
