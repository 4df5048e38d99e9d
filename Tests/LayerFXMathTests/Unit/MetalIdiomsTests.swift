import LayerFXMath
import Testing

// Metal idioms written as a porter writes them: each numbered line is the Swift twin of one line
// of a `.metal` shader (Metal's `float x = …;` becomes `let x = …`, a vector `==` becomes `.==`).
// The file imports LayerFXMath and Testing only: that it compiles is half the claim. Expected
// values are worked by hand in the comment beside each (MSL 3.2 §2.2.1, §2.2.2, §3.2, §6.2–6.8);
// operands are chosen so results are exact in binary32 unless a tolerance is given.

/// Whether `a` and `b` differ by at most `tolerance`.
private func near(_ a: Float, _ b: Float, _ tolerance: Float = 1e-6) -> Bool {
  abs(a - b) <= tolerance
}

/// Whether every component of `a` and `b` differs by at most `tolerance`.
private func near(_ a: float4, _ b: float4, _ tolerance: Float = 1e-6) -> Bool {
  all(abs(a - b) .<= tolerance)
}

/// Whether every component of `a` and `b` differs by at most `tolerance`.
private func near(_ a: float3, _ b: float3, _ tolerance: Float = 1e-6) -> Bool {
  all(abs(a - b) .<= tolerance)
}

/// Whether every component of `a` and `b` differs by at most `tolerance`.
private func near(_ a: float2, _ b: float2, _ tolerance: Float = 1e-6) -> Bool {
  all(abs(a - b) .<= tolerance)
}

@Suite("Metal idioms port line by line")
struct MetalIdiomsTests {
  @Test("vector constructors and conversions as Metal writes them")
  func constructors() {
    let v = float4(1, 2, 3, 4)
    let a = float2(0.5)  // 1. float2 a = float2(0.5);
    #expect(a == float2(0.5, 0.5))
    let b = half3(0.25)  // 2. half3 b = half3(x);
    #expect(b == half3(0.25, 0.25, 0.25))
    let c = float4(v.xy, v.zw)  // 3. (1, 2) then (3, 4)
    #expect(c == float4(1, 2, 3, 4))
    let d = float4(v.xyz, 1)  // 4. the spec's homogeneous point: (1, 2, 3, 1)
    #expect(d == float4(1, 2, 3, 1))
    let e = float3(v.xy, 9)  // 5. (1, 2, 9)
    #expect(e == float3(1, 2, 9))
    let f = float4(0, v.yz, 7)  // 6. (0, 2, 3, 7)
    #expect(f == float4(0, 2, 3, 7))
    let g = float4(v.x, v.y, v.zw)  // 7. (1, 2, 3, 4)
    #expect(g == v)
    let h = float4(v.wz, 5, 6)  // 8. (4, 3, 5, 6)
    #expect(h == float4(4, 3, 5, 6))
    let i = float4(8, v.yzw)  // 9. (8, 2, 3, 4)
    #expect(i == float4(8, 2, 3, 4))
    let j = float3(5, v.zw)  // 10. (5, 3, 4)
    #expect(j == float3(5, 3, 4))
    let k = float2(int2(3, -2))  // 11. int → float is exact here: (3, −2)
    #expect(k == float2(3, -2))
    let l = int2(float2(2.7, -2.7))  // 12. float → int rounds toward zero (§8.6): (2, −2)
    #expect(l == int2(2, -2))
    let m = uint2(float2(-1, 5e9))  // 13. out of range saturates: (0, 2³² − 1)
    #expect(m == uint2(0, 4_294_967_295))
    let n = int2(float2(.nan, 3))  // 14. NaN converts to 0 (§8.6): (0, 3)
    #expect(n == int2(0, 3))
    let o = float4(uint4(1, 2, 3, 4))  // 15.
    #expect(o == float4(1, 2, 3, 4))
    let p = half4(float4(0.5, 0.25, 0.125, 1))  // 16. half4(float4): same storage
    #expect(p == float4(0.5, 0.25, 0.125, 1))
    let q = uint2(int2(-1, 2))  // 17. integral conversion keeps the low bits: −1 → 2³² − 1
    #expect(q == uint2(4_294_967_295, 2))
    let r = short2(int2(70_000, -1))  // 18. 70000 − 65536 = 4464; −1 stays −1
    #expect(r == short2(4464, -1))
    let s = float4(float2(1, 2), float2(3, 4))  // 19. the spec's float4(float2 a, float2 b)
    #expect(s == float4(1, 2, 3, 4))
  }

  @Test("swizzles read and write as in Metal")
  func swizzles() {
    var color = half4(0.25, 0.5, 0.75, 0.5)
    let rgb = color.rgb  // 20.
    #expect(rgb == half3(0.25, 0.5, 0.75))
    let bgra = color.bgra  // 21. (b, g, r, a) = (0.75, 0.5, 0.25, 0.5)
    #expect(bgra == half4(0.75, 0.5, 0.25, 0.5))
    let position = float2(3, 4)
    let yx = position.yx  // 22.
    #expect(yx == float2(4, 3))
    let xxyy = position.xxyy  // 23. a 2-vector may replicate into a 4-vector
    #expect(xxyy == float4(3, 3, 4, 4))
    let q = float3(1, 2, 3)
    let zyx = q.zyx  // 24.
    #expect(zyx == float3(3, 2, 1))
    let xz = q.xz  // 25.
    #expect(xz == float2(1, 3))
    let rg = q.rg  // 26. colour names on a 3-vector
    #expect(rg == float2(1, 2))
    color.rgb *= color.a  // 27. premultiply: (0.25, 0.5, 0.75) × 0.5
    #expect(color == half4(0.125, 0.25, 0.375, 0.5))
    color.a = 1  // 28.
    #expect(color.a == 1 && color.rgb == half3(0.125, 0.25, 0.375))
    var pos = float4(1, 2, 3, 4)
    pos.xw = float2(5, 6)  // 29. the spec's example: (5, 2, 3, 6)
    #expect(pos == float4(5, 2, 3, 6))
    pos.wx = float2(7, 8)  // 30. w = 7, x = 8: (8, 2, 3, 7)
    #expect(pos == float4(8, 2, 3, 7))
    pos.xyz = float3(3, 5, 9)  // 31. (3, 5, 9, 7)
    #expect(pos == float4(3, 5, 9, 7))
    var uv = float2(0.25, 0.75)
    uv.yx = uv  // 32. swap in place
    #expect(uv == float2(0.75, 0.25))
    uv.x += 1  // 33.
    #expect(uv == float2(1.75, 0.25))
    var iv = int3(1, 2, 3)
    iv.zx = int2(10, 30)  // 34. z = 10, x = 30
    #expect(iv == int3(30, 2, 10))
    let green = color.g  // 35.
    #expect(green == 0.25)
    let reversed = float4(1, 2, 3, 4).wzyx  // 36. the spec's pos.wzyx
    #expect(reversed == float4(4, 3, 2, 1))
    let dup = float4(1, 2, 3, 4).xxyy  // 37. the spec's pos.xxyy
    #expect(dup == float4(1, 1, 2, 2))
    var tint = half4(0, 0, 0, 1)
    tint.bgr = half3(0.125, 0.25, 0.5)  // 38. b = 0.125, g = 0.25, r = 0.5
    #expect(tint == half4(0.5, 0.25, 0.125, 1))
  }

  @Test("common functions with Metal's argument order and broadcasting")
  func commonFunctions() {
    let x: Float = 0.75
    #expect(clamp(x, 0.0, 0.5) == 0.5)  // 39. 0.75 above the range
    #expect(saturate(1.5) == 1)  // 40.
    #expect(saturate(half4(-1, 0.5, 2, 1)) == half4(0, 0.5, 1, 1))  // 41.
    #expect(mix(half4(0), half4(1), 0.25) == half4(0.25))  // 42. mix(v0, v1, s)
    // 43. per-component factors: (0 + 10 × 0.5, 10 + 10 × 0.25, 20 + 20 × 0) = (5, 12.5, 20)
    #expect(mix(float3(0, 10, 20), float3(10, 20, 40), float3(0.5, 0.25, 0)) == float3(5, 12.5, 20))
    #expect(min(float2(0.25, 0.75), 0.5) == float2(0.25, 0.5))  // 44. min(v, 0.5)
    #expect(max(float3(-1, 0, 1), 0.0) == float3(0, 0, 1))  // 45. max(v, s)
    #expect(clamp(float2(-0.5, 1.5), 0.0, 1.0) == float2(0, 1))  // 46. clamp(v, s0, s1)
    #expect(step(0.5, float2(0.25, 0.75)) == float2(0, 1))  // 47. step(0.5, v)
    // 48. smoothstep(s0, s1, v): t = 0.5 → 0.25 × 2 = 0.5; t = 0.25 → 0.0625 × 2.5 = 0.15625
    #expect(smoothstep(0.0, 1.0, float2(0.5, 0.25)) == float2(0.5, 0.15625))
    #expect(sign(float3(-2, 0, 3)) == float3(-1, 0, 1))  // 49.
    // 50. a vignette: 1 − smoothstep(0.25, 0.75, d) with d = 0.5: t = 0.5, so 1 − 0.5
    let d: Float = 0.5
    #expect(1.0 - smoothstep(0.25, 0.75, d) == 0.5)
    #expect(max(0.0, x - 1) == 0)  // 51. max(0.0, ·) on a scalar
    #expect(min(x, 1.0) == 0.75)  // 52.
    #expect(step(x, 0.5) == 0)  // 53. scalar step: 0.5 < 0.75
    #expect(max(float2(1, 5), float2(4, 2)) == float2(4, 5))  // 54.
  }

  @Test("math functions on scalars and vectors")
  func mathFunctions() {
    #expect(pow(float3(2, 3, 4), 2.0) == float3(4, 9, 16))  // 55. pow(v, 2.0)
    // 56. pow(rgb, 0.5): √0.25, √0.0625, √0.5625 = 0.5, 0.25, 0.75
    #expect(pow(half3(0.25, 0.0625, 0.5625), half3(0.5)) == half3(0.5, 0.25, 0.75))
    #expect(sqrt(float2(9, 16)) == float2(3, 4))  // 57.
    #expect(rsqrt(4.0) == 0.5)  // 58. 1 / √4
    #expect(rsqrt(float2(4, 16)) == float2(0.5, 0.25))  // 59.
    #expect(fract(float2(1.25, -0.25)) == float2(0.25, 0.75))  // 60. −0.25 − floor(−0.25) = 0.75
    #expect(floor(float2(1.5, -1.5)) == float2(1, -2))  // 61.
    #expect(ceil(float3(1.25, -1.25, 2)) == float3(2, -1, 2))  // 62.
    #expect(round(float2(2.5, -2.5)) == float2(3, -3))  // 63. halfway away from zero
    #expect(rint(float2(2.5, 3.5)) == float2(2, 4))  // 64. halfway to even
    #expect(trunc(float2(2.75, -2.75)) == float2(2, -2))  // 65.
    #expect(fmod(float2(5.5, -5.5), 2.0) == float2(1.5, -1.5))  // 66. sign of x: 5.5 − 2 × 2
    #expect(abs(float3(-1, 2, -0.5)) == float3(1, 2, 0.5))  // 67.
    #expect(near(atan2(1.0, 1.0), 0.785_398_16))  // 68. atan2(y, x) = π/4
    // 69. (−1, 1) lies at 3π/4, (−1, −1) at −3π/4 = ∓2.35619449
    #expect(near(atan2(float2(1, -1), float2(-1, -1)), float2(2.356_194_5, -2.356_194_5)))
    #expect(near(sin(M_PI_F / 6), 0.5))  // 70. sin 30°
    #expect(near(cos(float2(0, M_PI_F)), float2(1, -1)))  // 71.
    #expect(near(tan(M_PI_4_F), 1))  // 72.
    #expect(near(exp(float2(0, 1)), float2(1, 2.718_281_8)))  // 73. e⁰, e¹
    #expect(exp2(float3(0, 3, -1)) == float3(1, 8, 0.5))  // 74.
    #expect(log2(float2(8, 0.25)) == float2(3, -2))  // 75.
    #expect(near(log(M_E_F), 1))  // 76.
    #expect(near(log10(float2(100, 0.001)), float2(2, -3)))  // 77.
    #expect(exp10(2.0) == 100)  // 78.
    #expect(sinpi(float2(0.5, 1)) == float2(1, 0))  // 79. sin(π/2), sin(π), both exact
    #expect(cospi(1.0) == -1)  // 80. cos(π), exact
    var c: Float = 0
    let s = sincos(0.0, &c)  // 81. sin 0 = 0, cos 0 = 1
    #expect(s == 0 && c == 1)
    #expect(fma(2.0, 3.0, 1.0) == 7)  // 82. 2 × 3 + 1
    #expect(fmin(.nan, 1.0) == 1)  // 83. fmin ignores a NaN operand
    #expect(max(float2(.nan, 1), float2(2, .nan)) == float2(2, 1))  // 84. so does vector max
    #expect(copysign(float2(1, 2), float2(-0.0, 1)) == float2(-1, 2))  // 85. the sign of −0 is −
    #expect(ldexp(1.5, 3) == 12)  // 86. 1.5 × 2³
    var exponent: Int32 = 0
    let significand = frexp(12.0, &exponent)  // 87. 12 = 0.75 × 2⁴
    #expect(significand == 0.75 && exponent == 4)
    var whole: Float = 0
    let fraction = modf(3.25, &whole)  // 88. 3 + 0.25
    #expect(fraction == 0.25 && whole == 3)
    #expect(powr(-1.0, 2.0).isNaN)  // 89. powr needs x ≥ 0
    // 90. a literal exponent folds to (−2)·(−2), fast:: too; a variable one is NaN in fast::
    let two: Float = 2
    #expect(fast.pow(-2.0, 2.0) == 4 && pow(-2.0 as Float, 2.0) == 4 && fast.pow(-2.0, two).isNaN)
  }

  @Test("geometric functions")
  func geometricFunctions() {
    #expect(length(float2(3, 4)) == 5)  // 91. √(9 + 16)
    let position = float2(4, 5)
    let center = float2(1, 1)
    #expect(distance(position, center) == 5)  // 92. (3, 4) apart
    #expect(near(normalize(float3(0, 3, 4)), float3(0, 0.6, 0.8)))  // 93. (0, 3, 4) / 5
    #expect(dot(float3(1, 2, 3), float3(4, 5, 6)) == 32)  // 94. 4 + 10 + 18
    #expect(cross(float3(1, 0, 0), float3(0, 1, 0)) == float3(0, 0, 1))  // 95. x × y = z
    #expect(reflect(float2(1, -1), float2(0, 1)) == float2(1, 1))  // 96. bounce off the floor
    // 97. η = 1 does not bend: cos = −1, k = 1 − (1 − 1) = 1, I − (−1 + 1) N = I
    #expect(refract(float2(0, -1), float2(0, 1), 1.0) == float2(0, -1))
    // 98. dot(nref, i) = 1 ≥ 0, so the normal flips
    #expect(faceforward(float3(0, 0, 1), float3(0, 0, 1), float3(0, 0, 1)) == float3(0, 0, -1))
    #expect(length_squared(float2(3, 4)) == 25)  // 99.
    #expect(distance_squared(position, center) == 25)  // 100.
  }

  @Test("matrices: construction, element access and products")
  func matrices() {
    let angle = M_PI_2_F
    let rotation = float2x2(float2(cos(angle), sin(angle)), float2(-sin(angle), cos(angle)))
    #expect(near(rotation * float2(1, 0), float2(0, 1)))  // 101. a quarter turn takes x to y
    #expect(float3x3(1) * float3(1, 2, 3) == float3(1, 2, 3))  // 102. float3x3(1) is identity
    let m = float2x2(float2(1, 2), float2(3, 4))
    #expect(float2(1, 2) * m == float2(5, 11))  // 103. row vector: (1·1 + 2·2, 1·3 + 2·4)
    #expect(m * float2(1, 1) == float2(4, 6))  // 104. column vector: (1 + 3, 2 + 4)
    // 105. m · m: column 0 = m (1, 2) = (1 + 6, 2 + 8); column 1 = m (3, 4) = (3 + 12, 6 + 16)
    #expect(m * m == float2x2(float2(7, 10), float2(15, 22)))
    #expect(transpose(m) == float2x2(float2(1, 3), float2(2, 4)))  // 106.
    #expect(determinant(m) == -2)  // 107. 1·4 − 3·2
    var n = m
    n[1][0] = 5  // 108. column 1, row 0
    #expect(n == float2x2(float2(1, 2), float2(5, 4)))
    n[0] = float2(7, 8)  // 109. a whole column
    #expect(n[0] == float2(7, 8) && n[1, 1] == 4)
    #expect(float4x4(2) * float4(1, 2, 3, 4) == float4(2, 4, 6, 8))  // 110. 2 I v
    #expect(m * 2.0 == float2x2(float2(2, 4), float2(6, 8)))  // 111.
    #expect(m + m == m * 2 && m - m == float2x2())  // 112.
    let scalars = float2x2(1, 2, 3, 4)  // 113. column-major scalars, as Metal consumes them
    #expect(scalars == m)
  }

  @Test("integer vectors, Boolean vectors and select")
  func integersAndBooleans() {
    let position = float2(10.75, 3.25)
    let cell = int2(position)  // 114. (10, 3)
    #expect(cell == int2(10, 3))
    #expect((cell.x + cell.y) % 2 == 1)  // 115. a checkerboard: 13 is odd
    #expect(int2(7, -7) / 2 == int2(3, -3))  // 116. integer division truncates
    #expect(abs(int2(-3, 4)) == int2(3, 4))  // 117.
    #expect(clamp(int2(-5, 50), 0, 10) == int2(0, 10))  // 118.
    #expect(min(uint2(3, 9), 5) == uint2(3, 5))  // 119.
    let p = float2(0.25, 0.75)
    #expect(select(float2(0), float2(1), p .> 0.5) == float2(0, 1))  // 120. c ? b : a
    #expect(any(p .> 0.5))  // 121.
    #expect(all(p .>= 0))  // 122.
    #expect(isnan(float2(.nan, 1)) == bool2(true, false))  // 123.
    var mask = bool2(true, false)  // 124.
    mask.y = true
    #expect(mask.x && mask.y)
    let x: Float = 0.75
    #expect(select(0.0, 1.0, x > 0.5) == 1)  // 125. scalar select
    #expect(popcount(uint(0b1011)) == 3)  // 126.
    #expect(clz(uint(1)) == 31)  // 127.
    #expect((int2(6, 5) & 3) == int2(2, 1))  // 128. bitwise and with a scalar
    #expect(not(bool3(true, false, true)) == bool3(false, true, false))  // 129.
    let v = float2(0.5, 3)
    let w = float2(1, 2)
    let below: bool2 = v < w  // 145. bool2 below = v < w; 0.5 < 1, 3 < 2
    #expect(below == bool2(true, false))
    #expect(any(v < float2(1)))  // 146. 0.5 < 1
    #expect(select(float2(7), float2(9), v < w) == float2(9, 7))  // 147. c ? b : a
    let packed = uint2(0x1ff, 0xabcd)
    #expect((packed >> 1) & uint2(255) == uint2(0xff, 0xe6))  // 148. 0x55e6 & 0xff = 0xe6
    #expect((packed >> 8) & 0xf == uint2(1, 0xb))  // 149. 0x1 and 0xab & 0xf
  }

  @Test("constants, fast:: and precise::, and whole shader lines")
  func shaderLines() {
    // 130. the Float nearest π, 0x40490FDB (Swift's `Float.pi` rounds toward zero: …FDA)
    #expect(M_PI_F.bitPattern == 0x4049_0FDB)
    #expect((2 * M_PI_F).bitPattern == 0x40C9_0FDB)  // 131. doubling only bumps the exponent
    #expect(near(M_SQRT2_F * M_SQRT1_2_F, 1))  // 132. √2 · (1/√2)
    #expect(MAXHALF == 65504)  // 133.
    #expect(near(fast.sin(M_PI_2_F), 1))  // 134. fast::sin
    #expect(fast.exp(0.0) == 1)  // 135. fast::exp
    #expect(precise.clamp(0.5, Float.nan, 1) == 0.5)  // 136. precise::clamp ignores a NaN bound
    let size = float2(200, 100)
    let uv = float2(50, 75) / size  // 137. float2 uv = position / size;
    #expect(uv == float2(0.25, 0.75))
    let centered = uv * 2 - 1  // 138. to [−1, 1]
    #expect(centered == float2(-0.5, 0.5))
    let white = half4(1, 1, 1, 1)
    // 139. Rec. 709 luminance of white: 0.2126 + 0.7152 + 0.0722 = 1
    let luminance = dot(white.rgb, half3(0.2126, 0.7152, 0.0722))
    #expect(near(luminance, 1))
    var color = half4(1, 0, 0, 1)
    color.rgb = mix(color.rgb, half3(0.5), 0.5)  // 140. halfway to grey: (0.75, 0.25, 0.25)
    #expect(color == half4(0.75, 0.25, 0.25, 1))
    let premultiplied = half4(color.rgb * 0.5, 0.5)  // 141. half4(rgb * a, a)
    #expect(premultiplied == half4(0.375, 0.125, 0.125, 0.5))
    // 142. the classic hash, fract(sin(dot(uv, k)) × 43758.5453), always lies in [0, 1)
    let hash = fract(sin(dot(uv, float2(12.9898, 78.233))) * 43758.5453)
    #expect(hash >= 0 && hash < 1)
    let ring = abs(length(centered) - 0.5)  // 143. distance to a ring of radius 0.5
    #expect(near(ring, 0.207_106_78))  // √0.5 − 0.5 = 0.70710678 − 0.5
    // 144. a soft edge: t = 0.20710678 / 0.25 = 0.82842712, t² = 0.68629150,
    // 3 − 2t = 1.34314575, so 1 − 0.68629150 × 1.34314575 = 1 − 0.92178951 = 0.07821049
    let edge = 1 - smoothstep(0.0, 0.25, ring)
    #expect(near(edge, 0.078_210_49, 1e-5))
  }
}
