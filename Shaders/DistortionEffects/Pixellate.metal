// Pixellate — a distortion effect: square cells of one colour each.
//
// LayerFX's own; the specification that Sources/LayerFXKernels/DistortionEffects/Pixellate.swift
// follows line by line.
//
// Algorithm (returns the position each pixel reads from):
//   return (floor(position / cellSize) + 0.5) · cellSize      the centre of the pixel's cell
// maxSampleOffset = (cellSize / 2, cellSize / 2). Cells start at the top-left corner; centres of
// partial cells at the right and bottom edges may read the transparent padding.
//
// Parameters (after SwiftUI's position):
//   cellSize  float  points  side of a cell; valid > 0, suggested 2…64, default 8

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 Pixellate(float2 position, float cellSize) {
    // The cell this point is in, then that cell's centre.
    return (floor(position / cellSize) + 0.5) * cellSize;
}
