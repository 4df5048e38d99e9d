import LayerFXMath
import Testing

// Metal names the components of a colour r, g, b, a (= x, y, z, w): MSL 3.2 §2.2.1.

@Suite("Swizzles")
struct SwizzlesTests {
  @Test("r, g, b, a read the components in x, y, z, w order")
  func readComponents() {
    let c = half4(0.125, 0.25, 0.5, 0.75)
    #expect(c.r == 0.125 && c.g == 0.25 && c.b == 0.5 && c.a == 0.75)
    #expect(c.rgb == half3(0.125, 0.25, 0.5))
    #expect(c.xy == float2(0.125, 0.25))
  }

  @Test("writing rgb leaves alpha alone and writing a leaves rgb alone")
  func writeComponents() {
    var c = half4(0.125, 0.25, 0.5, 0.75)
    c.rgb += 0.25  // the ripple's shading step
    #expect(c == half4(0.375, 0.5, 0.75, 0.75))
    c.a = 1
    #expect(c == half4(0.375, 0.5, 0.75, 1))
    c.r = 0
    c.g = 0.5
    c.b = 1
    #expect(c == half4(0, 0.5, 1, 1))
    c.xy = float2(2, 3)
    #expect(c == half4(2, 3, 1, 1))
  }
}
