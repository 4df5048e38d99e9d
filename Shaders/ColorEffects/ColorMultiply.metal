// ColorMultiply — a colour effect: multiplies every pixel by a colour.
//
// SwiftUI's colorMultiply(_ color:), the specification that
// Sources/LayerFXKernels/ColorEffects/ColorMultiply.swift follows line by line.
//
// Algorithm:
//   color' = color · tint        component-wise; both premultiplied, so the product is the
//                                premultiplied product of the straight colours
//
// Parameters (after SwiftUI's position and color; SwiftUI's own colour argument is named
// currentColor here, since the modifier's argument is called color):
//   color  half4  premultiplied RGBA  the multiplier; each channel 0…1, default (1, 0.6, 0.2, 1)
//
// Source: Apple, View.colorMultiply(_:).

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[ stitchable ]]
half4 ColorMultiply(float2 position, half4 currentColor, half4 color) {
    // Channel by channel, alpha included.
    return currentColor * color;
}
