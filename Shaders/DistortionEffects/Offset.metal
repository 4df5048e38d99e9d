// Offset — a distortion effect: SwiftUI's offset(x:y:), the content moved by (x, y) points.
//
// The specification that Sources/LayerFXKernels/DistortionEffects/Offset.swift follows line by
// line. Source: Apple, View.offset(x:y:).
//
// Algorithm (returns the position each pixel reads from):
//   return position − (x, y)
// maxSampleOffset = (|x|, |y|).
//
// Parameters (after SwiftUI's position):
//   x  float  points  how far right the content moves; suggested −100…100, default 20
//   y  float  points  how far down the content moves; suggested −100…100, default 10

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 Offset(float2 position, float x, float y) {
    // Moving the content by +offset means reading from −offset.
    return position - float2(x, y);
}
