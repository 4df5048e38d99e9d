// Water — a distortion effect: a wobbling water surface.
//
// LayerFX's own; the specification that Sources/LayerFXKernels/DistortionEffects/Water.swift
// follows line by line.
//
// Algorithm (returns the position each pixel reads from):
//   k     = 2π / wavelength,  phase = frequency · time
//   return position + amplitude · (sin(k · position.y + phase), cos(k · position.x + phase))
// maxSampleOffset = (|amplitude|, |amplitude|).
//
// Parameters (after SwiftUI's position):
//   amplitude   float  points  largest displacement per axis; suggested 0…12, default 4
//   wavelength  float  points  distance between ripples; valid > 0, suggested 10…200, default 50
//   frequency   float  rad/s   how fast the surface moves; suggested 0…10, default 3
//   time        float  seconds the time; suggested 0…10, default 0

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 Water(float2 position, float amplitude, float wavelength, float frequency, float time) {
    float k = 2.0 * M_PI_F / wavelength;
    float phase = frequency * time;

    // Rows push sideways and columns push up and down, each by a sine of the other axis.
    float2 offset = float2(sin(k * position.y + phase), cos(k * position.x + phase));
    return position + amplitude * offset;
}
