// Checkerboard — a fill: squares of two colours, firstColor at the origin.
//
// The specification that Sources/LayerFXKernels/Fills/Checkerboard.swift follows line by line.
//
// Algorithm:
//   cell   = floor(position / squareSize)
//   parity = (cell.x + cell.y) − 2 floor((cell.x + cell.y) / 2)      0 or 1, exact
//   color  = parity == 0 ? firstColor : secondColor
// Each pixel takes the colour of the square its centre is in: hard edges, no anti-aliasing.
//
// Parameters (after SwiftUI's position):
//   squareSize   float  points  a square's side; > 0, looks good 4…64, default 16
//   firstColor   color  premultiplied RGBA  the square at the origin; default (0.9, 0.9, 0.9, 1)
//   secondColor  color  premultiplied RGBA  the others; default (0.6, 0.6, 0.6, 1)
//
// Returns premultiplied colour.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Checkerboard(float2 position, float squareSize, half4 firstColor, half4 secondColor) {
    float2 cell = floor(position / squareSize);
    // Whole numbers, so the parity is exact.
    float sum = cell.x + cell.y;
    float parity = sum - 2.0 * floor(sum / 2.0);
    return parity != 0.0 ? secondColor : firstColor;
}
