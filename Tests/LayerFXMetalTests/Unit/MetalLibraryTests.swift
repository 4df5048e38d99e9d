import LayerFX
import LayerFXMath
import LayerFXMetal
import Testing

@Suite("MetalLibrary parameters")
struct MetalLibraryTests {
  @Test("defaults written in the signature and conventional roles become the declaration")
  func declaration() throws {
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 wind(float2 position, SwiftUI::Layer layer, float2 size,
                                  float time, float4 boundingRect, float windSize = 0.2) {
        return layer.sample(position);
      }
      """
    let library = try MetalLibrary(
      source: source, path: "wind.metal", options: MetalTestSupport.options)
    let function = try library.library.function(named: "wind")
    #expect(function.kind == .layer)
    #expect(function.parameters.map(\.name) == ["size", "time", "boundingRect", "windSize"])
    #expect(function.parameters.map(\.role) == [.viewSize, .timeSinceTrigger, .boundingRect, nil])
    #expect(function.parameters.last?.defaultValue == .float(0.2))
    // Leaving the defaulted parameter out still prepares (SwiftUI-style call order).
    _ = try function(.float2(float2(10, 10)), .float(0), .boundingRect)
      .prepared(sizeInPoints: float2(10, 10))
  }
}
