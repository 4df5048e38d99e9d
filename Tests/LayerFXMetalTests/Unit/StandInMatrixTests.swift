import LayerFX
import LayerFXMath
import LayerFXMetal
import Testing

/// The stand-in's matrices against hand calculations, following MSL 3.2 §2.3 (column-major:
/// `m[i]` is column i) and §3.4 (`M * v` = Σᵢ M[i] vᵢ, `v * M` = (dot(v, M[j]))ⱼ).
@Suite("stand-in matrices")
struct StandInMatrixTests {
  static let source = """
    #include <metal_stdlib>
    using namespace metal;
    constexpr float2x2 k = float2x2(1.0, 2.0, 3.0, 4.0);   // evaluated by the compiler
    constant float3x3 g = float3x3(2.0);
    [[ stitchable ]] half4 matrices(float2 position) {
      float2x2 a = float2x2(1.0, 2.0, 3.0, 4.0);           // columns (1, 2), (3, 4)
      float2x3 b = float2x3(float3(1, 2, 3), float3(4, 5, 6));
      float3x3 m = float3x3(float3(2, 0, 1), float3(1, 3, 2), float3(1, 1, 4));
      float4x4 q = float4x4(float4(2, 0, 0, 1), float4(0, 3, 0, 0), float4(0, 0, 4, 0), float4(1, 0, 0, 5));
      float2x2 w = a;
      w[0] = float2(9.0, 8.0);
      w[0][1] = 7.0;
      switch (int(position.x)) {
      case 0: return half4(half2(a * float2(5, 6)), half2(float2(5, 6) * a));
      case 1: return half4(determinant(a), determinant(m), determinant(q), k[1][0]);
      case 2: return half4(half2((a * a)[1]), half2(transpose(a)[0]));
      case 3: return half4(half3(g * float3(1, 2, 3)), 0.0);
      case 4: return half4(half3(b * float2(1, 1)), 0.0);
      case 5: return half4(half2(float3(1, 0, 1) * b), half2(transpose(b)[2]));
      case 6: return half4(half2((a * 2.0)[1]), half2((a + a)[0]));
      case 7: return half4(half2((a - a * 3.0)[0]), half2((-a)[1]));
      case 8: return half4(half2(w[0]), half2(w[1]));
      case 9: return half4(half3((b * a)[1]), half4x4(q)[3][3]);
      default: return half4(half2(float4x4(1.0)[2].zw), half2(float2x2(float2(1, 1), float2(1, 1)) * float2(1, 2)));
      }
    }
    """

  @Test("constructors, columns, products, transpose and determinant give the hand-computed values")
  func handCalculations() throws {
    let pixels = try StandInProbe.pixels(Self.source, function: "matrices", width: 11)
    // Each expected row worked by hand from the formulas in the suite's comment.
    let expected: [half4] = [
      half4(23, 34, 17, 39),  // 5·(1,2) + 6·(3,4); (dot((5,6),(1,2)), dot((5,6),(3,4)))
      half4(-2, 18, 108, 3),  // 1·4 − 3·2; 2(12−2) − 1(0−1) + 1(0−3); 3·4·(2·5 − 1·1); k[1][0]
      half4(15, 22, 1, 3),  // A·(3,4) = 3(1,2) + 4(3,4); row 0 of A
      half4(2, 4, 6, 0),  // 2I · (1,2,3)
      half4(5, 7, 9, 0),  // (1,2,3) + (4,5,6)
      half4(4, 10, 3, 6),  // (dot((1,0,1),(1,2,3)), dot((1,0,1),(4,5,6))); row 2 of B
      half4(6, 8, 2, 4),  // 2·(3,4); 2·(1,2)
      half4(-2, -4, -3, -4),  // (1,2) − 3(1,2); −(3,4)
      half4(9, 7, 3, 4),  // column 0 written twice; column 1 untouched
      half4(19, 26, 33, 5),  // B·(3,4) = 3(1,2,3) + 4(4,5,6); q[3][3]
      half4(1, 0, 3, 3),  // identity column 2, rows 2…3; (1·1 + 1·2, 1·1 + 1·2)
    ]
    for (i, value) in expected.enumerated() {
      #expect(pixels[i] == value, "case \(i): \(pixels[i]) vs \(value)")
    }
  }

  @Test("half matrices compile and multiply in the binary16 mode", arguments: [false, true])
  func halfMatrices(binary16: Bool) throws {
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 halves(float2 position) {
        half2x2 r = half2x2(half2(0.0h, 1.0h), half2(-1.0h, 0.0h));   // a quarter turn
        half3x3 s = half3x3(2.0h);
        return half4(r * half2(1.0h, 0.0h), (s * half3(1.0h, 2.0h, 3.0h)).yz);
      }
      """
    let pixels = try StandInProbe.pixels(
      source, function: "halves", half: binary16 ? .binary16 : .float)
    // (1, 0) turned a quarter: column 0 = (0, 1); 2I · (1, 2, 3) = (2, 4, 6).
    #expect(pixels[0] == half4(0, 1, 4, 6))
  }
}
