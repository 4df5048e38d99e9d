// MeshGradient — a fill: SwiftUI's MeshGradient(width: 3, height: 3, points:colors:), nine unit
// points with colours, row by row, blended smoothly.
//
// The specification that Sources/LayerFXKernels/Fills/MeshGradient.swift follows line by line.
// Sources: Apple, MeshGradient, and WWDC24 "Create custom visual effects with SwiftUI" (the 3 × 3
// example; its colours are the defaults); E. Catmull and R. Rom, "A class of local interpolating
// splines" (1974).
//
// Algorithm:
//   P[k] = point_k · size (points), k = 3 row + column
//   for each cell (r, c), corners a = P[r][c], b = P[r][c+1], c' = P[r+1][c+1], d = P[r+1][c]:
//     invert a + u e + v f + u v g = position, e = b − a, f = d − a, g = a − b + c' − d:
//     k2 v² + k1 v + k0 = 0, k2 = g × f, k1 = e × f + h × g, k0 = h × e, h = position − a
//     q = −(k1 + sign(k1) √(k1² − 4 k2 k0)) / 2, v ∈ {k0 / q, q / k2}, u = (h − v f) / (e + v g)
//     the root with (u, v) in [0, 1]² (margin 1e-4); the first cell (row-major) that holds it wins
//   (s, t) = (c + u, r + v) in [0, 2]²
//   color = saturate(Σ w_i(s) w_j(t) color_{3j+i}), w: Catmull-Rom weights of the three nodes of
//           an axis, the end node repeated for the end tangents (smooth colours, SwiftUI's
//           smoothsColors: true); outside every cell: transparent (SwiftUI's background .clear)
//   a × b = a.x b.y − a.y b.x
// Departure: SwiftUI's cells are Bézier patches with curved edges; here a cell is bilinear (straight
// edges). With the points on a regular grid the two agree.
//
// Parameters (after SwiftUI's position):
//   size            float2  points    the view's size (role: view size); > 0, default (256, 256)
//   point0…point8   float2  fraction  unit points row by row; default the regular grid
//                                     (0,0) (0.5,0) (1,0) / (0,0.5) (0.5,0.5) (1,0.5) / (0,1) (0.5,1) (1,1)
//   color0…color8   color   premultiplied RGBA; default red, purple, indigo, orange, white, blue,
//                           yellow, green, mint (SwiftUI's system colours in sRGB)
//
// Returns premultiplied colour.

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

static float Cross(float2 a, float2 b) { return a.x * b.y - a.y * b.x; }

// u for a given v, from the component of e + v g with the larger magnitude; inside if (u, v) is
// in [0, 1]² with a margin of 1e-4.
static float CellU(float v, float2 e, float2 f, float2 g, float2 h, thread bool &inside) {
    float ux = e.x + g.x * v;
    float uy = e.y + g.y * v;
    float u = abs(ux) >= abs(uy) ? (h.x - f.x * v) / ux : (h.y - f.y * v) / uy;
    float margin = 1e-4;
    inside = u >= -margin && u <= 1.0 + margin && v >= -margin && v <= 1.0 + margin;
    return u;
}

// Updates (s, t) and found where p lies in the cell a, b (top), d, c (bottom).
static void Visit(float2 p, float2 a, float2 b, float2 c, float2 d, float column, float row,
                  thread float &s, thread float &t, thread bool &found) {
    float2 e = b - a;
    float2 f = d - a;
    float2 g = a - b + c - d;
    float2 h = p - a;
    float k2 = Cross(g, f);
    float k1 = Cross(e, f) + Cross(h, g);
    float k0 = Cross(h, e);
    // Cancellation-free roots; for a parallelogram the first is −k0 / k1.
    float root = sqrt(max(k1 * k1 - 4.0 * k2 * k0, 0.0));
    float q = -0.5 * (k1 + (k1 >= 0.0 ? root : -root));
    float v1 = k0 / q;
    float v2 = q / k2;
    bool inside1, inside2;
    float u1 = CellU(v1, e, f, g, h, inside1);
    float u2 = CellU(v2, e, f, g, h, inside2);
    float u = inside1 ? u1 : u2;
    float v = inside1 ? v1 : v2;
    if (inside1 || inside2) {
        s = column + saturate(u);
        t = row + saturate(v);
        found = true;
    }
}

// The Catmull-Rom weights of the three nodes of an axis at s in [0, 2].
static float3 Weights(float s) {
    bool isFirst = s < 1.0;
    float t = isFirst ? s : s - 1.0;
    float t2 = t * t;
    float t3 = t2 * t;
    float wBefore = (-t3 + 2.0 * t2 - t) * 0.5;
    float wStart = (3.0 * t3 - 5.0 * t2 + 2.0) * 0.5;
    float wEnd = (-3.0 * t3 + 4.0 * t2 + t) * 0.5;
    float wAfter = (t3 - t2) * 0.5;
    // Segment 0 runs node 0 → 1 (node 0 repeated before it), segment 1 node 1 → 2 (node 2 after).
    return isFirst ? float3(wBefore + wStart, wEnd, wAfter)
                   : float3(wBefore, wStart, wEnd + wAfter);
}

[[ stitchable ]]
half4 MeshGradient(float2 position, float2 size,
                   float2 point0, float2 point1, float2 point2,
                   float2 point3, float2 point4, float2 point5,
                   float2 point6, float2 point7, float2 point8,
                   half4 color0, half4 color1, half4 color2,
                   half4 color3, half4 color4, half4 color5,
                   half4 color6, half4 color7, half4 color8) {
    float2 p0 = point0 * size, p1 = point1 * size, p2 = point2 * size;
    float2 p3 = point3 * size, p4 = point4 * size, p5 = point5 * size;
    float2 p6 = point6 * size, p7 = point7 * size, p8 = point8 * size;
    // The four cells, last to first, so that the first cell holding the point wins.
    float s = 0.0, t = 0.0;
    bool found = false;
    Visit(position, p4, p5, p8, p7, 1.0, 1.0, s, t, found);
    Visit(position, p3, p4, p7, p6, 0.0, 1.0, s, t, found);
    Visit(position, p1, p2, p5, p4, 1.0, 0.0, s, t, found);
    Visit(position, p0, p1, p4, p3, 0.0, 0.0, s, t, found);
    float3 wx = Weights(s);
    float3 wy = Weights(t);
    float4 top = float4(color0) * wx.x + float4(color1) * wx.y + float4(color2) * wx.z;
    float4 middle = float4(color3) * wx.x + float4(color4) * wx.y + float4(color5) * wx.z;
    float4 bottom = float4(color6) * wx.x + float4(color7) * wx.y + float4(color8) * wx.z;
    float4 color = saturate(top * wy.x + middle * wy.y + bottom * wy.z);
    // Outside the mesh: SwiftUI's default background, clear.
    return found ? half4(color) : half4(0.0);
}
