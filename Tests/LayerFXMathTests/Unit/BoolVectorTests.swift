import LayerFXMath
import Testing

// Boolean vectors (MSL 3.2 §2.2, §3.1 items 5–9) are SIMDMasks: what component-wise
// comparisons return and what `select`, `any` and `all` take.

@Suite("Boolean vectors")
struct BoolVectorTests {
  @Test("constructors and components")
  func components() {
    var b = bool4(true, false, true, false)
    #expect(b.x && !b.y && b.z && !b.w)
    b.y = true
    b.w = true
    #expect(b == bool4(true))
    #expect(bool2(false) == bool2(false, false) && bool3(true, true, false)[2] == false)
    var c = bool3(false)
    c.z = true
    #expect(c == bool3(false, false, true) && c.x == false && c.y == false)
    var d = bool2(true, true)
    d.x = false
    #expect(d.y && !d.x)
  }

  @Test("comparisons of float, int and uint vectors give Boolean vectors")
  func comparisons() {
    let lt: bool2 = float2(1, 2) .< float2(2, 2)
    #expect(lt == bool2(true, false))
    let eq: bool3 = int3(0, 1, 0) .== 0
    #expect(eq == bool3(true, false, true))
    let ge: bool4 = uint4(1, 5, 3, 9) .>= 3
    #expect(ge == bool4(false, true, true, true))
    let nan: bool2 = float2(.nan, 1) .< 2  // NaN compares false (§3.1 item 5)
    #expect(nan == bool2(false, true))
  }

  @Test("logical operators: Metal's && || ! are .& .| .! on vectors")
  func logic() {
    let a = bool3(true, true, false)
    let b = bool3(true, false, false)
    #expect((a .& b) == bool3(true, false, false) && (a .| b) == bool3(true, true, false))
    #expect(.!a == bool3(false, false, true) && not(a) == .!a)
    #expect(any(a .& b) && !all(a .& b))
  }
}
