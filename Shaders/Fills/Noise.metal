// Noise — a fill: smooth grey value noise from an exact integer hash.
//
// The specification that Sources/LayerFXKernels/Fills/Noise.swift follows line by line. Value
// noise with the smoothstep fade as in K. Perlin, "An image synthesizer" (SIGGRAPH 1985); the hash
// is LayerFX's own.
//
// Algorithm:
//   q = position / cellSize,  c = floor(q),  f = q − c,  u = f² (3 − 2f)
//   v = mix(mix(h(c), h(c + (1,0)), u.x), mix(h(c + (0,1)), h(c + (1,1)), u.x), u.y)
//   color = (v, v, v, 1)
// The hash of whole numbers i, j and the seed s, modulo the prime m = 4093 (every intermediate
// stays below 2^24, so binary32 computes it exactly and every implementation agrees):
//   x = i mod m, y = j mod m, s = floor(seed) mod m        (results in 0…m − 1)
//   h1 = (1021 x + y + 7 s) mod m
//   h2 = (h1² mod m + x) mod m
//   h3 = (h2² mod m + y + 1) mod m
//   h4 = (h3² mod m + x + 1) mod m
//   h  = h4 / (m − 1)
// The pattern repeats every 4093 cells.
//
// Parameters (after SwiftUI's position):
//   cellSize  float  points  a cell's side; > 0, looks good 1…64, default 8
//   seed      float  —       which pattern, a whole number; 0…1e6, looks good 0…100, default 0
//
// Returns an opaque grey.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// a mod 4093 in 0…4092 for a whole number |a| < 2^24, the quotient's rounding corrected.
static float Mod4093(float a) {
    float r = a - 4093.0 * floor(a / 4093.0);
    r = r < 0.0 ? r + 4093.0 : r;
    return r >= 4093.0 ? r - 4093.0 : r;
}

// The hash of cell (i, j), in 0…1.
static float Hash(float i, float j, float s) {
    float x = Mod4093(i);
    float y = Mod4093(j);
    float h1 = Mod4093(1021.0 * x + y + 7.0 * s);
    float h2 = Mod4093(Mod4093(h1 * h1) + x);
    float h3 = Mod4093(Mod4093(h2 * h2) + y + 1.0);
    // Each squaring round mixes the bits further; four leave no visible streaks.
    float h4 = Mod4093(Mod4093(h3 * h3) + x + 1.0);
    return h4 * (1.0 / 4092.0);
}

[[ stitchable ]]
half4 Noise(float2 position, float cellSize, float seed) {
    float s = Mod4093(floor(seed));
    float2 q = position / cellSize;
    float2 c = floor(q);
    float2 f = q - c;
    // The smoothstep fade: no visible grid, the slope is 0 at every cell edge.
    float2 u = f * f * (3.0 - 2.0 * f);
    float top = mix(Hash(c.x, c.y, s), Hash(c.x + 1.0, c.y, s), u.x);
    float bottom = mix(Hash(c.x, c.y + 1.0, s), Hash(c.x + 1.0, c.y + 1.0, s), u.x);
    float v = mix(top, bottom, u.y);
    return half4(half3(v), 1.0h);
}
