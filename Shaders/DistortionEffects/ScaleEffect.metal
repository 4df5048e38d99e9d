// ScaleEffect — a distortion effect: SwiftUI's scaleEffect(_:anchor:), the content scaled
// about an anchor.
//
// The specification that Sources/LayerFXKernels/DistortionEffects/ScaleEffect.swift follows line
// by line. Source: Apple, View.scaleEffect(_:anchor:) (anchor a UnitPoint, default .center).
//
// Algorithm (returns the position each pixel reads from):
//   a = anchor · size
//   return a + (position − a) / scale
// maxSampleOffset = max(a, size − a) · |1 / scale − 1| per axis: the largest move of a point of
// the view.
//
// Parameters (after SwiftUI's position):
//   size    float2  points    the view's size; required (the view size role)
//   scale   float2  (none)    scale factor per axis; valid > 0, default (1.5, 1.5)
//   anchor  float2  fraction  fixed point as a fraction of the size; default (0.5, 0.5)

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 ScaleEffect(float2 position, float2 size, float2 scale, float2 anchor) {
    // The anchor in points: the point that stays put.
    float2 a = anchor * size;

    // Undo the scaling about the anchor.
    return a + (position - a) * (1.0 / scale);
}
