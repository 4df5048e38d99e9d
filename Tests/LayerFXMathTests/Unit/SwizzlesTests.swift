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

// Every swizzle of MSL 3.2 §2.2.1: 2-, 3- and 4-component selections of xyzw or rgba on 2-, 3-
// and 4-component vectors of any scalar. Components are numbered 1, 2, 3, 4 so each result can
// be read off by eye.

@Suite("Swizzles on every width")
struct AllSwizzlesTests {
  @Test("2-component vectors read any selection of x, y (r, g)")
  func twoComponents() {
    let v = float2(1, 2)
    #expect(v.yx == float2(2, 1) && v.gr == float2(2, 1) && v.yy == float2(2, 2))
    #expect(v.xyx == float3(1, 2, 1) && v.rgrg == float4(1, 2, 1, 2) && v.r == 1 && v.g == 2)
  }

  @Test("3-component vectors read any selection of x, y, z (r, g, b)")
  func threeComponents() {
    let v = float3(1, 2, 3)
    #expect(v.zy == float2(3, 2) && v.bgr == float3(3, 2, 1) && v.zzz == float3(3, 3, 3))
    #expect(v.xyzx == float4(1, 2, 3, 1) && v.rbg == float3(1, 3, 2) && v.b == 3)
  }

  @Test("4-component vectors read any selection of x, y, z, w (r, g, b, a)")
  func fourComponents() {
    let v = float4(1, 2, 3, 4)
    #expect(v.wx == float2(4, 1) && v.zw == float2(3, 4) && v.ba == float2(3, 4))
    #expect(
      v.yzw == float3(2, 3, 4) && v.abgr == float4(4, 3, 2, 1) && v.argb == float4(4, 1, 2, 3))
    #expect(v.wwww == float4(4) && v.xzxz == float4(1, 3, 1, 3))
  }

  @Test("assigning to a swizzle writes its components in order")
  func assignment() {
    var p = float3(1, 2, 3)
    p.zx = float2(9, 8)  // z = 9, x = 8
    #expect(p == float3(8, 2, 9))
    p.bgr = float3(4, 5, 6)  // b = 4, g = 5, r = 6
    #expect(p == float3(6, 5, 4))
    var q = float4(0)
    q.wzyx = float4(1, 2, 3, 4)
    #expect(q == float4(4, 3, 2, 1))
    q.ga = float2(7, 8)
    #expect(q == float4(4, 7, 2, 8))
    var r = float2(1, 2)
    r.gr = float2(5, 6)
    #expect(r == float2(6, 5))
    r.g += 1
    #expect(r == float2(6, 6))
  }

  @Test("swizzles apply to integer vectors too")
  func integerVectors() {
    var i = int4(1, 2, 3, 4)
    #expect(i.wzyx == int4(4, 3, 2, 1) && i.xy == int2(1, 2) && i.rgb == int3(1, 2, 3))
    i.yw = int2(-2, -4)
    #expect(i == int4(1, -2, 3, -4))
    let u = uint2(5, 6)
    #expect(u.yxyx == uint4(6, 5, 6, 5))
  }
}
