// Bloom — a layer effect: the bright parts of the image blurred and added back on top.
//
// The specification that Sources/LayerFXKernels/LayerEffects/Bloom.swift follows line by line.
//
// Algorithm:
//   k      = floor(radius)                      samples per side beyond the centre, 1 point apart
//   w(n)   = n == 0 ? 1 : exp(−2n² / radius²)   a Gaussian with σ = radius / 2
//   b(s)   = saturate((dot(s.rgb, luma) − threshold) / max(1 − threshold, 1/255))
//   glow   = Σ_{i,j = −k…k} w(i) w(j) b(s_ij) s_ij / (Σ_n w(n))²,  s_ij = layer.sample(position + (i, j))
//   result = min(layer.sample(position) + intensity · glow, 1)
// luma = (0.2126, 0.7152, 0.0722), ITU-R BT.709-6 item 3.2. The glow is premultiplied and is
// added with W3C Compositing and Blending Level 2's plus-lighter, min(1, cs + cb) per channel.
//
// Parameters (after SwiftUI's position and layer):
//   radius     float  points    how far the glow spreads; valid 0…32, looks good 1…10, default 4;
//                               maxSampleOffset (radius, radius)
//   threshold  float  0…1       luma above which a sample glows; looks good 0.3…0.9, default 0.6
//   intensity  float  —         how much glow is added; valid ≥ 0, looks good 0…3, default 1
//
// Returns premultiplied colour. (2k + 1)² samples per pixel. Not separable as stacked layer
// effects: the result adds the unblurred sample to the glow, which a second effect stacked on a
// blurring one no longer sees, and b() of a bilinear sample is not a blend of b() of texels.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 Bloom(float2 position, SwiftUI::Layer layer, float radius, float threshold, float intensity) {
    int reach = int(floor(radius));
    // exp(−n² / (2σ²)) with σ = radius / 2; with radius 0 only n = 0 is read, at weight 1.
    float falloff = radius > 0.0 ? -2.0 / (radius * radius) : 0.0;
    // The soft knee: luma from threshold to 1 ramps the glow from 0 to full.
    float perLuma = 1.0 / max(1.0 - threshold, 1.0 / 255.0);
    float3 luma = float3(0.2126, 0.7152, 0.0722);
    float4 glow = float4(0.0);
    float total = 0.0;
    for (int j = -reach; j <= reach; j++) {
        float wy = j == 0 ? 1.0 : exp(float(j * j) * falloff);
        total += wy;
        for (int i = -reach; i <= reach; i++) {
            float wx = i == 0 ? 1.0 : exp(float(i * i) * falloff);
            float4 s = float4(layer.sample(position + float2(float(i), float(j))));
            // Only the bright part of each sample glows.
            float bright = saturate((dot(s.rgb, luma) - threshold) * perLuma);
            glow += s * (bright * (wx * wy));
        }
    }
    glow = glow * (1.0 / (total * total));
    // plus-lighter: add, then clamp every premultiplied channel to 1.
    float4 color = float4(layer.sample(position));
    return half4(min(color + intensity * glow, float4(1.0)));
}
