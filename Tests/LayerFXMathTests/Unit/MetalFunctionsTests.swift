import Foundation
import LayerFXMath
import Testing

// Expected values are worked by hand from the definitions in the Metal Shading Language
// Specification 3.2, §6.2 (common), §6.5 (math) and §6.8 (geometric functions); the arithmetic is
// in the comment beside each value. Operands are chosen so every result is exact in binary32
// unless a tolerance is given.

@Suite("Metal common functions (MSL §6.2)")
struct MetalCommonFunctionsTests {
  @Test("mix(x, y, a) is x + (y − x) a with the blend factor last")
  func mixScalar() {
    #expect(mix(2, 10, 0.25) == 4)  // 2 + (10 − 2) · 0.25 = 2 + 2
    #expect(mix(2, 10, 0) == 2)  // a = 0 gives x
    #expect(mix(2, 10, 1) == 10)  // a = 1 gives y
    #expect(mix(10, 2, 0.25) == 8)  // 10 + (2 − 10) · 0.25 = 10 − 2: order matters
  }

  @Test("vector mix blends each component by its own or by one shared factor")
  func mixVector() {
    // (0 + 4 · 0.5, 10 + 10 · 0.25) = (2, 12.5)
    #expect(mix(float2(0, 10), float2(4, 20), float2(0.5, 0.25)) == float2(2, 12.5))
    // (1, 2, 4, 8) · 0.75 = (0.75, 1.5, 3, 6)
    #expect(mix(half4.zero, half4(1, 2, 4, 8), 0.75) == half4(0.75, 1.5, 3, 6))
  }

  @Test("clamp(x, minval, maxval) limits a scalar to the range")
  func clampScalar() {
    #expect(clamp(5, 0, 3) == 3)
    #expect(clamp(-1, 0, 3) == 0)
    #expect(clamp(1.5, 0, 3) == 1.5)
  }

  @Test("clamp limits each component by vector or by scalar bounds")
  func clampVector() {
    // per component: max(−1, 0) = 0; min(0.5, 0.25) = 0.25; 2 inside [0, 3]
    #expect(clamp(float3(-1, 0.5, 2), float3(0, 0, 0), float3(1, 0.25, 3)) == float3(0, 0.25, 2))
    #expect(clamp(half4(-0.5, 0.5, 1.5, 1), 0, 1) == half4(0, 0.5, 1, 1))
  }

  @Test("saturate clamps to [0, 1]")
  func saturateValues() {
    #expect(saturate(-0.2) == 0)
    #expect(saturate(1.7) == 1)
    #expect(saturate(0.3) == 0.3)
    #expect(saturate(half4(-1, 0.25, 1, 2)) == half4(0, 0.25, 1, 1))
  }

  @Test("step(edge, x) takes the edge first and is 1 when x ≥ edge")
  func stepScalar() {
    #expect(step(0.5, 0.4) == 0)  // 0.4 < 0.5
    #expect(step(0.5, 0.5) == 1)  // x == edge is not below the edge
    #expect(step(0.5, 0.6) == 1)
    #expect(step(0.6, 0.5) == 0)  // with the arguments swapped (x first) this would be 1
  }

  @Test("vector step compares each component with its own edge")
  func stepVector() {
    // x = 2 against edges 1, 2, 3: 2 ≥ 1, 2 ≥ 2, 2 < 3
    #expect(step(float3(1, 2, 3), float3(2, 2, 2)) == float3(1, 1, 0))
  }

  @Test("smoothstep is 0 and 1 at the edges, 0.5 midway and t²(3 − 2t) between")
  func smoothstepScalar() {
    #expect(smoothstep(0, 4, 0) == 0)
    #expect(smoothstep(0, 4, 4) == 1)
    #expect(smoothstep(0, 4, 2) == 0.5)  // t = 0.5: 0.25 · 2 = 0.5
    #expect(smoothstep(0, 4, 1) == 0.15625)  // t = 0.25: 0.0625 · 2.5 = 0.15625
    #expect(smoothstep(0, 4, 3) == 0.84375)  // t = 0.75: 0.5625 · 1.5 = 0.84375
    #expect(smoothstep(0, 4, -1) == 0)  // t clamps to 0
    #expect(smoothstep(0, 4, 9) == 1)  // t clamps to 1
    #expect(smoothstep(2, 6, 3) == 0.15625)  // t = (3 − 2) / (6 − 2) = 0.25: edges come first
  }

  @Test("vector smoothstep works per component with vector or scalar edges")
  func smoothstepVector() {
    // t = ((1 − 0) / 4, (5 − 2) / 4) = (0.25, 0.75)
    #expect(smoothstep(float2(0, 2), float2(4, 6), float2(1, 5)) == float2(0.15625, 0.84375))
    #expect(smoothstep(0, 4, half4(0, 1, 2, 4)) == half4(0, 0.15625, 0.5, 1))
  }

  @Test("sign is −1, 0 or 1, and 0 for NaN")
  func signValues() {
    #expect(sign(-3) == -1)
    #expect(sign(0) == 0)
    #expect(sign(2) == 1)
    #expect(sign(.nan) == 0)
  }
}

@Suite("Metal math functions (MSL §6.5)")
struct MetalMathFunctionsTests {
  @Test("fract is x − floor(x), so it is positive for negative x")
  func fractScalar() {
    #expect(fract(-1.25) == 0.75)  // −1.25 − floor(−1.25) = −1.25 + 2
    #expect(fract(2.75) == 0.75)
    #expect(fract(3) == 0)
    // −1e−10 − (−1) rounds to 1 in binary32; Metal caps the result at 0x1.fffffep-1.
    #expect(fract(-1e-10) == 0x1.fffffep-1)
  }

  @Test("vector fract works per component with the same cap below 1")
  func fractVector() {
    #expect(fract(float3(-1.25, 2.5, 7)) == float3(0.75, 0.5, 0))
    #expect(fract(float2(-1e-10, 0.5)) == float2(0x1.fffffep-1, 0.5))
  }

  @Test("vector sin, cos and exp equal the scalar libm function in every lane")
  func transcendentalLanes() {
    let x = float4(0, 0.5, -1, 3)
    for i in 0..<4 {
      #expect(sin(x)[i] == sinf(x[i]))
      #expect(cos(x)[i] == cosf(x[i]))
      #expect(exp(x)[i] == expf(x[i]))
    }
  }

  @Test("vector sin, cos and exp give the textbook values")
  func transcendentalValues() {
    let tolerance: Float = 1e-6  // binary32 rounding of π/2, π and e
    let s = sin(float2(0, .pi / 2))
    #expect(s[0] == 0 && abs(s[1] - 1) <= tolerance)
    let c = cos(float2(0, .pi))
    #expect(c[0] == 1 && abs(c[1] + 1) <= tolerance)
    let e = exp(float2(0, 1))
    #expect(e[0] == 1 && abs(e[1] - 2.718_281_8) <= tolerance)
  }

  @Test("vector pow raises each base to its own exponent")
  func powVector() {
    // 2¹⁰ = 1024, 9^½ = 3, 10⁻² = 0.01
    let p = pow(float3(2, 9, 10), float3(10, 0.5, -2))
    #expect(p[0] == 1024 && p[1] == 3 && abs(p[2] - 0.01) <= 1e-9)
    let x = float3(0.3, 1.7, 5)
    let y = float3(2.2, -0.4, 0.5)
    for i in 0..<3 { #expect(pow(x, y)[i] == powf(x[i], y[i])) }
  }

  @Test("vector abs and floor work per component")
  func absFloor() {
    #expect(abs(float3(-1.5, 0, 2)) == float3(1.5, 0, 2))
    #expect(floor(float3(-1.5, 1.5, 2)) == float3(-2, 1, 2))
  }
}

@Suite("Metal geometric functions (MSL §6.8)")
struct MetalGeometricFunctionsTests {
  @Test("length of a 3-4-5 triangle's legs is 5")
  func lengthValues() {
    #expect(length(float2(3, 4)) == 5)
    #expect(length(float3(2, 3, 6)) == 7)  // √(4 + 9 + 36) = √49
    #expect(length(half4(1, 1, 1, 1)) == 2)  // √4
  }

  @Test("distance is the length of the difference")
  func distanceValues() {
    #expect(distance(float2(1, 1), float2(4, 5)) == 5)  // (3, 4)
    #expect(distance(float2(4, 5), float2(1, 1)) == 5)
  }

  @Test("dot sums the component products")
  func dotValues() {
    #expect(dot(float3(1, 2, 3), float3(4, -5, 6)) == 12)  // 4 − 10 + 18
  }

  @Test("normalize divides by the length; a zero vector gives NaN as in Metal")
  func normalizeValues() {
    let n = normalize(float2(3, 4))
    #expect(abs(n.x - 0.6) <= 1e-7 && abs(n.y - 0.8) <= 1e-7)  // (3, 4) / 5
    let zero = normalize(float2(0, 0))
    #expect(zero.x.isNaN && zero.y.isNaN)
  }
}
