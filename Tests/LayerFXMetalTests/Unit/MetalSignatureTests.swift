import LayerFX
import Testing

@testable import LayerFXMetal

@Suite struct MetalSignatureTests {
  @Test("kinds come from the return type and SwiftUI's leading parameters")
  func kinds() {
    let source = """
      [[ stitchable ]] half4 a(float2 position, half4 color, float amount) { return color; }
      [[stitchable]] float2 b(float2 position, float2 size) { return position; }
      [[ stitchable ]] half4 c(float2 position, SwiftUI::Layer layer, float4 box) { return 0; }
      [[ stitchable ]] half4 d(float2 position, device const float *values, int count) { return 0; }
      """
    let (signatures, problems) = MetalSignature.find(in: source)
    #expect(problems.isEmpty)
    #expect(signatures.map(\.name) == ["a", "b", "c", "d"])
    #expect(signatures.map(\.kind) == [.color, .distortion, .layer, .fill])
    #expect(signatures[3].parameters.map(\.type) == [.floatArray])
    #expect(signatures[3].parameters.first?.countParameter?.name == "count")
  }
}
