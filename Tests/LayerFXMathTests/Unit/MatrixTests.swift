import LayerFXMath
import Testing

// MSL 3.2 §2.3 (column-major matrices), §3.2 (products) and §6.6 (transpose, determinant).
// Written as columns c₀, c₁, …; the products and determinants are worked by hand below.

@Suite("Matrices (MSL §2.3, §3.2, §6.6)")
struct MatrixTests {
  // c₀ = (1, 2), c₁ = (3, 4): as rows [1 3; 2 4].
  let m2 = float2x2(float2(1, 2), float2(3, 4))
  // c₀ = (1, 2, 3), c₁ = (0, 1, 4), c₂ = (5, 6, 0): rows [1 0 5; 2 1 6; 3 4 0].
  let m3 = float3x3(float3(1, 2, 3), float3(0, 1, 4), float3(5, 6, 0))
  // c₀ = (2, 1, 0, 3), c₁ = (0, 1, 4, 1), c₂ = (1, 0, 2, 0), c₃ = (3, 2, 1, 1).
  let m4 = float4x4(float4(2, 1, 0, 3), float4(0, 1, 4, 1), float4(1, 0, 2, 0), float4(3, 2, 1, 1))

  @Test("constructors: zero, scalar diagonal, diagonal vector, columns and column-major scalars")
  func constructors() {
    #expect(float3x3().columns.0 == float3(0) && float3x3().columns.2 == float3(0))
    #expect(float2x2(3) == float2x2(float2(3, 0), float2(0, 3)))
    #expect(
      float3x3(diagonal: float3(1, 2, 3))
        == float3x3(float3(1, 0, 0), float3(0, 2, 0), float3(0, 0, 3)))
    #expect(float2x2(1, 2, 3, 4) == m2)  // column 0 = (1, 2), column 1 = (3, 4)
    #expect(float3x3(1, 2, 3, 0, 1, 4, 5, 6, 0) == m3)
    #expect(float4x4(2, 1, 0, 3, 0, 1, 4, 1, 1, 0, 2, 0, 3, 2, 1, 1) == m4)
    #expect(float4x4(columns: m4.columns) == m4 && float4x4(m4) == m4)
    #expect(float4x4(1) == float4x4(diagonal: float4(1)))
  }

  @Test("subscripts read and write columns and elements")
  func subscripts() {
    var m = m3
    #expect(m[2] == float3(5, 6, 0) && m[0][1] == 2 && m[2, 1] == 6)
    m[1] = float3(7, 8, 9)
    m[0][2] = -1
    m[2, 0] = 10
    #expect(m == float3x3(float3(1, 2, -1), float3(7, 8, 9), float3(10, 6, 0)))
    var n = m4
    n[3][3] = 5
    #expect(n.columns.3 == float4(3, 2, 1, 5))
  }

  @Test("matrix × vector treats the vector as a column; vector × matrix as a row")
  func vectorProducts() {
    #expect(m2 * float2(5, 6) == float2(23, 34))  // 5 (1, 2) + 6 (3, 4)
    #expect(float2(5, 6) * m2 == float2(17, 39))  // (dot((5, 6), (1, 2)), dot((5, 6), (3, 4)))
    #expect(m3 * float3(1, 1, 1) == float3(6, 9, 7))  // c₀ + c₁ + c₂
    #expect(float3(1, 1, 1) * m3 == float3(6, 5, 11))  // the column sums
    #expect(m4 * float4(1, 1, 1, 1) == float4(6, 4, 7, 5))
    #expect(float4(1, 1, 1, 1) * m4 == float4(6, 6, 3, 7))
    #expect(m4 * float4(0, 0, 1, 0) == m4[2])
  }

  @Test("matrix × matrix: column i of the product is lhs × rhs[i]")
  func matrixProducts() {
    // m2 · m2: m2 (1, 2) = (7, 10), m2 (3, 4) = (15, 22)
    #expect(m2 * m2 == float2x2(float2(7, 10), float2(15, 22)))
    #expect(m3 * float3x3(1) == m3 && float3x3(1) * m3 == m3)
    // m3 · diag(1, 2, 3) scales the columns: c₀, 2c₁, 3c₂
    #expect(
      m3 * float3x3(diagonal: float3(1, 2, 3))
        == float3x3(float3(1, 2, 3), float3(0, 2, 8), float3(15, 18, 0)))
    #expect((m4 * m4) * float4(1, 0, 0, 0) == m4 * m4[0])
    var p = m2
    p *= m2
    #expect(p == m2 * m2)
  }

  @Test("element-wise sum, difference, negation and scaling")
  func elementWise() {
    #expect(m2 + m2 == m2 * 2 && 2 * m2 == m2 * 2 && m2 - m2 == float2x2())
    #expect(-m3 == m3 * -1)
    #expect(
      m4 * 0.5
        == float4x4(
          float4(1, 0.5, 0, 1.5), float4(0, 0.5, 2, 0.5), float4(0.5, 0, 1, 0),
          float4(1.5, 1, 0.5, 0.5)))
    var q = m3
    q += m3
    q -= m3
    q *= 3
    #expect(q == m3 * 3)
  }

  @Test("transpose swaps rows and columns")
  func transposes() {
    #expect(transpose(m2) == float2x2(float2(1, 3), float2(2, 4)))
    #expect(transpose(m3) == float3x3(float3(1, 0, 5), float3(2, 1, 6), float3(3, 4, 0)))
    #expect(transpose(m4).columns.0 == float4(2, 0, 1, 3) && transpose(transpose(m4)) == m4)
  }

  @Test("determinants worked by cofactor expansion")
  func determinants() {
    #expect(determinant(m2) == -2)  // 1 · 4 − 3 · 2
    // rows [1 0 5; 2 1 6; 3 4 0] along the first row: 1 (0 − 24) − 0 + 5 (8 − 3) = 1
    #expect(determinant(m3) == 1)
    // Mᵀ rows [2 1 0 3; 0 1 4 1; 1 0 2 0; 3 2 1 1], expanded along row 2 = (1, 0, 2, 0):
    // + 1 · det[1 0 3; 1 4 1; 2 1 1] + 2 · det[2 1 3; 0 1 1; 3 2 1]
    // = 1 · (1 (4 − 1) − 0 + 3 (1 − 8)) + 2 · (2 (1 − 2) − 1 (0 − 3) + 3 (0 − 3))
    // = 1 · (3 − 21) + 2 · (−2 + 3 − 9) = −18 − 16 = −34
    #expect(determinant(m4) == -34 && determinant(transpose(m4)) == -34)
    #expect(
      determinant(float4x4(2)) == 16 && determinant(float3x3(diagonal: float3(2, 3, 4))) == 24)
    #expect(determinant(m2 * m2) == 4)  // det(AB) = det A · det B
  }

  @Test("half matrices are float matrices")
  func halfMatrices() {
    let h: half3x3 = m3
    #expect(h * half3(1, 0, 0) == half3(1, 2, 3))
  }
}
