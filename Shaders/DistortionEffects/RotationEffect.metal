// RotationEffect — a distortion effect: SwiftUI's rotationEffect(_:anchor:), the content
// turned about an anchor.
//
// The specification that Sources/LayerFXKernels/DistortionEffects/RotationEffect.swift follows
// line by line. Source: Apple, View.rotationEffect(_:anchor:) (an Angle; anchor a UnitPoint,
// default .center); positive angles turn clockwise on screen (y down).
//
// Algorithm (returns the position each pixel reads from):
//   a = anchor · size,  θ = degrees · π / 180,  d = position − a
//   return a + (cos θ · d.x + sin θ · d.y, cos θ · d.y − sin θ · d.x)      the turn by −θ
// maxSampleOffset = 2 R |sin(θ / 2)| per axis, R the distance from a to the farthest corner.
//
// Parameters (after SwiftUI's position):
//   size     float2  points    the view's size; required (the view size role)
//   degrees  float   degrees   rotation, clockwise on screen; suggested −180…180, default 30
//   anchor   float2  fraction  fixed point as a fraction of the size; default (0.5, 0.5)

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 RotationEffect(float2 position, float2 size, float degrees, float2 anchor) {
    // The anchor in points: the point that stays put.
    float2 a = anchor * size;

    // The same turn for every pixel.
    float theta = degrees * (M_PI_F / 180.0);
    float c = cos(theta);
    float s = sin(theta);

    // Undo the turn: rotate the offset from the anchor by −θ.
    float2 d = position - a;
    return a + float2(c * d.x + s * d.y, c * d.y - s * d.x);
}
