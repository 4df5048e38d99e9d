// Shimmer — a layer effect: bands of light sweeping across the layer over time.
//
// The specification that Sources/LayerFXKernels/LayerEffects/Shimmer.swift follows line by line.
//
// Algorithm:
//   u      = dot(position, (cos angle, sin angle)) − speed · time
//   x      = u − spacing · floor(u / spacing)            where in its period the pixel lies
//   band   = 1 − smoothstep(0, width / 2, |x − spacing / 2|)
//   color  = layer.sample(position)
//   color.rgb = mix(color.rgb, color.a, intensity · band)   toward premultiplied white
// smoothstep as MSL §6.5 (common functions) defines it. Reads only the pixel itself:
// maxSampleOffset is zero.
//
// Parameters (after SwiftUI's position and layer):
//   time       float  seconds   since the shimmer started (driven by an animator); ≥ 0,
//                               looks good 0…3, default 0
//   speed      float  points/s  how fast the bands move; looks good 100…1500, default 400
//   angle      float  radians   the direction the bands move in (y down); 0…2π, default π/6
//   width      float  points    a band's width; > 0, looks good 10…200, default 60
//   spacing    float  points    the distance between bands; > 0, looks good 100…1000, default 400
//   intensity  float  0…1       how close to white a band's centre gets; looks good 0.2…0.9,
//                               default 0.6
//
// Returns premultiplied colour; transparent pixels stay transparent.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Shimmer(float2 position, SwiftUI::Layer layer, float time, float speed, float angle,
              float width, float spacing, float intensity) {
    // How far along the direction of travel the pixel lies, in the bands' moving frame.
    float u = dot(position, float2(cos(angle), sin(angle))) - speed * time;
    // Where in its period the pixel lies, and how far that is from the band's centre.
    float x = u - spacing * floor(u / spacing);
    float band = 1.0 - smoothstep(0.0, width * 0.5, abs(x - spacing * 0.5));
    half4 color = layer.sample(position);
    // Toward premultiplied white (rgb = a).
    color.rgb = mix(color.rgb, half3(color.a), half(intensity * band));
    return color;
}
