import LayerFX
import LayerFXMath
import LayerFXMetal
import Testing

/// One sampling case: a compiled function, its `float2` argument, the declared offset and the
/// image.
struct MetalSamplerCase: Sendable, CustomTestStringConvertible {
  let function: String
  let argument: float2
  let maxSampleOffset: float2
  let image: Image
  var testDescription: String {
    "\(function)(\(argument.x), \(argument.y)), maxSampleOffset \(maxSampleOffset.x), "
      + "\(maxSampleOffset.y), \(image.width)x\(image.height) @\(image.scale)x"
  }
}

@Suite("the compiled SwiftUI::Layer sampler")
struct MetalSamplerTests {
  /// Three layer effects whose only arithmetic before the sample is one operation per axis, so
  /// neither side can contract it into a fused multiply-add.
  static let library = Result {
    try MetalLibrary(
      source: """
        #include <metal_stdlib>
        #include <SwiftUI/SwiftUI_Metal.h>
        using namespace metal;
        [[ stitchable ]] half4 scaled(float2 position, SwiftUI::Layer layer, float2 factor) {
          return layer.sample(position * factor);
        }
        [[ stitchable ]] half4 shifted(float2 position, SwiftUI::Layer layer, float2 offset) {
          return layer.sample(position + offset);
        }
        [[ stitchable ]] half4 vanishing(float2 position, SwiftUI::Layer layer, float2 divisor) {
          return layer.sample((position - position) / divisor);
        }
        """, path: "sampler.metal", options: MetalTestSupport.options)
  }

  // The expected image comes from LayerFX.Layer.sample itself (the scalar Swift sampler, through
  // the closure form), a second implementation of Documentation/Semantics.md §4 that shares no
  // code with the stand-in's C++ sampler, which the row function vectorises. A scale of 1.37
  // reads up to 37 % beyond the right and bottom edges (past the padding: clamped), 0.83 stays
  // inside; 0 / 0 is a NaN coordinate, which reads the lower bound; no padding repeats the
  // image's edge.
  @Test(
    "reads what LayerFX.Layer.sample reads, bit for bit, inside, past the padding and for NaN",
    arguments: [
      MetalSamplerCase(
        function: "scaled", argument: float2(1.37, 0.83), maxSampleOffset: float2(9, 4),
        image: .testCard(width: 97, height: 61)),
      MetalSamplerCase(
        function: "vanishing", argument: float2(0, 0.5), maxSampleOffset: float2(3, 3),
        image: .testCard(width: 97, height: 61)),
      MetalSamplerCase(
        function: "shifted", argument: float2(-7.3, 5.6), maxSampleOffset: float2(8, 6),
        image: .testCard(width: 97, height: 61)),
      MetalSamplerCase(
        function: "shifted", argument: float2(2.25, -1.7), maxSampleOffset: .zero,
        image: .testCard(width: 97, height: 61)),
      MetalSamplerCase(
        function: "shifted", argument: float2(-3.35, 4.1), maxSampleOffset: float2(4, 5),
        image: .testCard(width: 64, height: 40, scale: 2)),
    ])
  func matchesLayerSample(_ c: MetalSamplerCase) throws {
    let library = try Self.library.get()
    let shader = try library.library.function(named: c.function)(.float2(c.argument))
    let actual = try c.image.layerEffect(shader, maxSampleOffset: c.maxSampleOffset)
    let (argument, function) = (c.argument, c.function)
    let expected = Renderer().render(
      RenderRequest(
        PreparedShader(
          .layer { position, layer in
            switch function {
            case "scaled": layer.sample(position * argument)
            case "shifted": layer.sample(position + argument)
            default: layer.sample((position - position) / argument)
            }
          }, maxSampleOffset: c.maxSampleOffset), source: .image(c.image))
    ).image
    #expect(actual.width == expected.width && actual.height == expected.height)
    // Exactness is the claim: the same operations in the same order give the same floats.
    let mismatches = zip(actual.pixels, expected.pixels).filter { $0 != $1 }.count
    #expect(mismatches == 0, "\(mismatches) of \(expected.pixels.count) pixels differ")
  }
}
