// Wave — a distortion effect: a travelling sine wave that moves columns up and down.
//
// LayerFX's own; the specification that Sources/LayerFXKernels/DistortionEffects/Wave.swift
// follows line by line. Source of the formula: the travelling wave A sin(2π (x − v t) / λ).
//
// Algorithm (returns the position each pixel reads from):
//   phase = 2π · (position.x − speed · time) / wavelength
//   return position + (0, amplitude · sin(phase))
// maxSampleOffset = (0, |amplitude|).
//
// Parameters (after SwiftUI's position):
//   amplitude   float  points    largest vertical displacement; suggested 0…30, default 8
//   wavelength  float  points    distance between crests; valid > 0, suggested 20…300, default 80
//   speed       float  points/s  how fast the crests travel right; suggested 0…200, default 40
//   time        float  seconds   the time; suggested 0…10, default 0

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
float2 Wave(float2 position, float amplitude, float wavelength, float speed, float time) {
    // The crests move right at `speed`: the phase of a column at this time.
    float phase = (2.0 * M_PI_F / wavelength) * (position.x - speed * time);

    // Only the vertical coordinate moves.
    return float2(position.x, position.y + amplitude * sin(phase));
}
