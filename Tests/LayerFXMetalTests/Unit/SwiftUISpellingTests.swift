import Foundation
import LayerFX
import LayerFXKernels
import LayerFXMath
import LayerFXTesting
import Testing

@Suite("SwiftUI's spellings of shader arguments and offsets")
struct SwiftUISpellingTests {
  @Test("float2 from two numbers, a CGPoint or a CGSize; float from a Double or a CGFloat")
  func argumentSpellings() {
    let expected = Shader.Argument.float2(SIMD2<Float>(3, 4))
    #expect(Shader.Argument.float2(3, 4) == expected)
    #expect(Shader.Argument.float2(CGPoint(x: 3, y: 4)) == expected)
    #expect(Shader.Argument.float2(CGSize(width: 3, height: 4)) == expected)
    let time: TimeInterval = 0.25
    #expect(Shader.Argument.float(time) == .float(Float(0.25)))
    #expect(Shader.Argument.float(CGFloat(0.25)) == .float(Float(0.25)))
    #expect(Shader.Argument.float3(1, 2, 3) == .float3(SIMD3<Float>(1, 2, 3)))
    #expect(Shader.Argument.float4(1, 2, 3, 4) == .float4(SIMD4<Float>(1, 2, 3, 4)))
  }

  @Test("SwiftUI's ripple line compiles as written and a CGSize offset renders as a float2 one")
  func rippleLine() throws {
    let origin = CGPoint(x: 20, y: 12)
    let elapsedTime: TimeInterval = 0.05
    let shader = ShaderLibrary.default.ripple(
      .float2(origin), .float(elapsedTime), .float(12), .float(15), .float(8), .float(1200))
    let card = Image.testCard(width: 40, height: 24)
    let bySize = try card.layerEffect(shader, maxSampleOffset: CGSize(width: 12, height: 12))
    let byVector = try card.layerEffect(shader, maxSampleOffset: float2(12, 12))
    #expect(bySize.pixels == byVector.pixels)
    let distorted = try card.distortionEffect(
      ShaderLibrary.twirl(.float2(20, 12)), maxSampleOffset: CGSize(width: 40, height: 24))
    #expect(
      distorted.pixels
        == (try card.distortionEffect(
          ShaderLibrary.twirl(.float2(20, 12)), maxSampleOffset: float2(40, 24))).pixels)
  }
}
