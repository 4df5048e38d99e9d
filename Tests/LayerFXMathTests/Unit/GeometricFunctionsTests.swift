import LayerFXMath
import Testing

// MSL 3.2 §6.8 (Table 6.11), on Pythagorean triples and axis vectors so results are exact.

@Suite("Geometric functions (MSL §6.8)")
struct GeometricFunctionsTests {
  @Test("dot, length and length_squared for every width")
  func lengths() {
    #expect(dot(float2(1, 2), float2(3, -4)) == -5)  // 3 − 8
    #expect(dot(float4(1, 2, 3, 4), float4(1)) == 10)
    #expect(length(float3(2, 3, 6)) == 7 && length(float4(1, 1, 1, 1)) == 2)  // √49, √4
    #expect(length_squared(float3(2, 3, 6)) == 49 && length_squared(float4(2)) == 16)
  }

  @Test("distance and distance_squared are symmetric")
  func distances() {
    #expect(distance(float3(1, 1, 1), float3(3, 4, 7)) == 7)  // (2, 3, 6)
    #expect(distance(float3(3, 4, 7), float3(1, 1, 1)) == 7)
    #expect(distance_squared(float4(0), float4(1, 2, 2, 4)) == 25)
  }

  @Test("normalize gives unit length; a zero vector gives NaN")
  func normalization() {
    #expect(normalize(float4(0, 0, 0, 5)) == float4(0, 0, 0, 1))
    let n = normalize(float2(-6, 8))  // (−6, 8) / 10
    #expect(abs(n.x + 0.6) <= 1e-7 && abs(n.y - 0.8) <= 1e-7)
    #expect(all(isnan(normalize(float3(0)))))
  }

  @Test("cross follows the right-hand rule")
  func crossProduct() {
    #expect(cross(float3(0, 1, 0), float3(0, 0, 1)) == float3(1, 0, 0))  // y × z = x
    #expect(cross(float3(0, 0, 1), float3(0, 1, 0)) == float3(-1, 0, 0))  // z × y = −x
    // (1, 2, 3) × (4, 5, 6) = (2·6 − 3·5, 3·4 − 1·6, 1·5 − 2·4) = (−3, 6, −3)
    #expect(cross(float3(1, 2, 3), float3(4, 5, 6)) == float3(-3, 6, -3))
  }

  @Test("faceforward turns the normal against the incident vector")
  func faceforwardSign() {
    let n = float2(0, 1)
    #expect(faceforward(n, float2(0, -1), n) == n)  // dot(n, i) = −1 < 0: keep n
    #expect(faceforward(n, float2(0, 1), n) == -n)  // dot = 1: flip
    #expect(faceforward(float3(1, 0, 0), float3(0, 1, 0), float3(0, 1, 0)) == float3(-1, 0, 0))
  }

  @Test("reflect normalizes the normal first, as Metal defines it")
  func reflection() {
    // I = (1, −1), N = (0, 5): NN = (0, 1), I − 2 · dot(NN, I) · NN = (1, −1) − 2(−1)(0, 1)
    #expect(reflect(float2(1, -1), float2(0, 5)) == float2(1, 1))
    #expect(reflect(float3(1, 2, 3), float3(0, 0, -2)) == float3(1, 2, -3))
    #expect(reflect(float4(1, 1, 1, 1), float4(1, 0, 0, 0)) == float4(-1, 1, 1, 1))
  }

  @Test("refract bends by Snell's law and returns zero at total internal reflection")
  func refraction() {
    let n = float2(0, 1)
    // Straight down through any η: cos = −1, k = 1, η I − (−η + 1) N = (0, −η) − (1 − η)(0, 1)
    #expect(refract(float2(0, -1), n, 0.5) == float2(0, -1))
    // I = (0.6, −0.8), η = 0.5: cos = dot(N, I) = −0.8, k = 1 − 0.25 · (1 − 0.64) = 0.91, so
    // 0.5 I − (0.5 · (−0.8) + √0.91) N = (0.3, −0.4) − (0.5539392)(0, 1) = (0.3, −0.9539392)
    let r = refract(float2(0.6, -0.8), n, 0.5)
    #expect(abs(r.x - 0.3) <= 1e-7 && abs(r.y + 0.953_939_2) <= 1e-6)
    // Glancing from the dense side: I = (0.8, −0.6), η = 2: k = 1 − 4 (1 − 0.36) = −1.56 < 0
    #expect(refract(float2(0.8, -0.6), n, 2) == float2(0, 0))
    #expect(refract(float3(0, 0, -1), float3(0, 0, 1), 1) == float3(0, 0, -1))
  }
}
