// Ripple — a layer effect: a circular wave spreading from a tap, displacing and shading pixels.
//
// The WWDC24 ripple ("Create custom visual effects with SwiftUI"), the specification that
// Sources/LayerFXKernels/LayerEffects/Ripple.swift follows line by line. Never compiled here.
//
// Algorithm (Documentation/Semantics.md §5):
//   d      = length(position − origin)
//   t      = max(0, time − d / speed)            the front reaches a pixel after d / speed s
//   amount = amplitude · sin(frequency · t) · exp(−decay · t)
//   n      = d > 0 ? (position − origin) / d : 0 (Apple's normalize gives NaN at d == 0)
//   color  = layer.sample(position + amount · n)
//   color.rgb += 0.3 · (amount / amplitude) · color.a
//
// Parameters (after SwiftUI's position and layer):
//   origin     float2  points   where the tap landed; any point, usually inside the view
//   time       float   seconds  since the tap; the effect is enabled for 0 < time < duration (3 s)
//   amplitude  float   points   largest displacement; looks good 4…24, default 12;
//                               also the effect's maxSampleOffset (amplitude, amplitude)
//   frequency  float   rad/s    oscillation rate; 5…30, default 15
//   decay      float   1/s      exponential damping; ≥ 0 (so |amount| ≤ amplitude); 2…15, default 8
//   speed      float   points/s how fast the front travels; 300…3000, default 1200
//
// Returns premultiplied colour; the rgb shading is scaled by alpha so it stays premultiplied.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Ripple(
    float2 position,
    SwiftUI::Layer layer,
    float2 origin,
    float time,
    float amplitude,
    float frequency,
    float decay,
    float speed
) {
    // How far this pixel lies from the tap.
    float distance = length(position - origin);

    // The wave front needs distance / speed seconds to get here; until then nothing moves.
    float elapsed = max(0.0, time - distance / speed);

    // A damped sine: the signed displacement along the direction away from the tap.
    float rippleAmount = amplitude * sin(frequency * elapsed) * exp(-decay * elapsed);

    // Unit direction away from the tap; at the tap itself there is no direction, so no move.
    float2 n = distance > 0.0 ? (position - origin) / distance : float2(0.0);

    // Read the layer where the wave has pushed this pixel from.
    half4 color = layer.sample(position + rippleAmount * n);

    // Crests lighten and troughs darken; scaling by alpha keeps the colour premultiplied.
    // A zero amplitude has no ripple and no shading (Apple's code would divide 0 by 0).
    float shade = amplitude != 0.0 ? 0.3 * (rippleAmount / amplitude) : 0.0;
    color.rgb += half(shade) * color.a;

    return color;
}
