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

  @Test("exactly one float2 named as a position takes the position role; two take none")
  func positionConvention() throws {
    let source = """
      #include <metal_stdlib>
      using namespace metal;
      [[ stitchable ]] half4 tapped(float2 position, half4 color, float2 size, float2 origin,
                                    float time) {
        return color;
      }
      [[ stitchable ]] half4 loupe(float2 position, half4 color, float2 touch, float2 uv) {
        return color;
      }
      [[ stitchable ]] half4 both(float2 position, half4 color, float2 origin, float2 center) {
        return color;
      }
      """
    let library = try MetalLibrary(
      source: source, path: "roles.metal", options: MetalTestSupport.options
    ).library
    // ShaderFunction.Role.positionNames: origin and touch are on the list, uv is not; a
    // function with two names on it is ambiguous.
    #expect(
      try library.function(named: "tapped").parameters.map(\.role) == [
        .viewSize, .position, .timeSinceTrigger,
      ])
    #expect(try library.function(named: "loupe").parameters.map(\.role) == [.position, nil])
    #expect(try library.function(named: "both").parameters.map(\.role) == [nil, nil])
    // A .metal function declares no maxSampleOffset; only its layer and distortion effects
    // need one from the caller.
    #expect(try !library.function(named: "both").requiresMaxSampleOffset)
    #expect(try !library.function(named: "both").declaresMaxSampleOffset)
  }
}
