import Foundation
import LayerFX
import LayerFXMath
import Testing

@testable import LayerFXMetal

// The bounds checker on compiled `.metal` effects, whose per-pixel form runs a row of pixels per
// request in the shader worker (a layer effect's samples logged there, the layer sampled there):
// the report must be what the same effect written in Swift gives (Documentation/Semantics.md §4,
// the same positions in the same order), and counts that follow from the source by hand.

@Suite("Compiled bounds checking")
struct CompiledBoundsCheckTests {
  static let source = """
    #include <metal_stdlib>
    #include <SwiftUI/SwiftUI_Metal.h>
    using namespace metal;
    [[ stitchable ]] half4 smear(float2 position, SwiftUI::Layer layer, float taps) {
      half4 sum = half4(0.0h);
      for (int i = 0; i < int(taps); i++) {
        sum += layer.sample(position + float2(float(i % 7), float(i % 3) - position.y * 0.05));
      }
      return sum / half(taps);
    }
    [[ stitchable ]] half4 feedback(float2 position, SwiftUI::Layer layer) {
      float reach = float(layer.sample(position).r) * 9.0;
      return layer.sample(position + float2(reach, -reach));
    }
    [[ stitchable ]] float2 shear(float2 position) {
      float t = position.y * 0.37;
      return position + float2((t - floor(t)) * 6.0, 0.0);
    }
    [[ stitchable ]] half4 tint(float2 position, half4 color) {
      return half4(color.r * half(position.x / 64.0), color.g, color.b, color.a);
    }
    """

  /// The effects above written in Swift, operation for operation.
  static func twin(_ name: String, taps: Int = 0) -> EffectKernel {
    switch name {
    case "smear":
      return .layer { position, layer in
        var sum = half4(repeating: 0)
        for i in 0..<taps {
          sum += layer.sample(position + float2(Float(i % 7), Float(i % 3) - position.y * 0.05))
        }
        return sum / half(taps)
      }
    case "feedback":
      return .layer { position, layer in
        let reach = layer.sample(position).x * 9
        return layer.sample(position + float2(reach, -reach))
      }
    case "shear":
      return .distortion { position in
        let t = position.y * 0.37
        return position + float2((t - t.rounded(.down)) * 6, 0)
      }
    default:
      return .color { position, color in
        half4(color.x * (position.x / 64), color.y, color.z, color.w)
      }
    }
  }

  static let library = Result {
    try MetalLibrary(
      source: source,
      path: FileManager.default.temporaryDirectory.appendingPathComponent("bounds.metal").path,
      options: MetalTestSupport.options)
  }

  /// Renders `name` compiled and its Swift twin over `image` with the checker, pixel by pixel
  /// (`usesLaneKernels` off, so the compiled colours come from the batched per-pixel form).
  static func renders(
    _ name: String, arguments: [Shader.Argument] = [], taps: Int = 0, image: Image,
    declared: float2
  ) throws -> (compiled: (Image, SampleBoundsReport?), swift: (Image, SampleBoundsReport?)) {
    var compiled = try Shader(
      function: library.get().library[dynamicMember: name], arguments: arguments
    ).prepared(sizeInPoints: float2(Float(image.width), Float(image.height)))
    compiled.maxSampleOffset = declared
    let swift = PreparedShader(twin(name, taps: taps), maxSampleOffset: declared)
    var renderer = Renderer(tileSize: 256, threadCount: 2)
    renderer.usesLaneKernels = false
    let first = renderer.render(
      RenderRequest(compiled, source: .image(image), checksSampleBounds: true))
    let second = renderer.render(
      RenderRequest(swift, source: .image(image), checksSampleBounds: true))
    return ((first.image, first.report), (second.image, second.report))
  }

  @Test("more samples in a row than the worker's log holds are all reported")
  func fullLog() throws {
    // 256 × 4 pixels × 300 samples: 76,800 a row, past the log's 65,536.
    let taps = 300
    #expect(256 * taps > SandboxedFrame.sampleLogCapacity)
    let image = Image.testCard(width: 256, height: 4)
    let (compiled, swift) = try Self.renders(
      "smear", arguments: [.float(Float(taps))], taps: taps, image: image, declared: float2(4, 4))
    let report = try #require(compiled.1)
    #expect(report.pixelCount == 1024)
    #expect(report.sampleCount == 1024 * taps)
    // i % 7 is 5 or 6, beyond 4 on x, for 43 + 42 of i = 0 … 299 (5, 12, … 299; 6, 13, … 293).
    #expect(report.violationCount == 1024 * 85)
    #expect(report.violatingPixelCount == 1024)
    #expect(report.largestOffset.x == 6)
    #expect(report == swift.1)
    #expect(compiled.0.pixels == swift.0.pixels)
  }

  @Test("a sample placed by another sample's colour lands where Swift's does")
  func colourDependentSample() throws {
    let image = Image.testCard(width: 48, height: 32)
    let (compiled, swift) = try Self.renders("feedback", image: image, declared: float2(3, 3))
    let report = try #require(compiled.1)
    #expect(report.sampleCount == 48 * 32 * 2)
    #expect(report.violationCount > 0)
    #expect(report == swift.1)
    #expect(compiled.0.pixels == swift.0.pixels)
  }

  @Test(
    "the displacement map of a compiled effect is its Swift twin's",
    arguments: ["feedback", "shear"])
  func displacementMap(name: String) throws {
    let image = Image.testCard(width: 40, height: 24)
    var compiled = try Shader(function: Self.library.get().library[dynamicMember: name])
      .prepared(sizeInPoints: float2(40, 24))
    compiled.maxSampleOffset = float2(2, 2)
    let swift = PreparedShader(Self.twin(name), maxSampleOffset: float2(2, 2))
    let map = try #require(DisplacementMap(compiled, over: image))
    #expect(map == DisplacementMap(swift, over: image))
    // Some pixels read beyond 2 points and some within: the map is not trivially uniform.
    #expect(map.isBeyondBounds.contains(true) && map.isBeyondBounds.contains(false))
  }

  @Test("distortion and colour effects run per pixel in batches as in Swift")
  func distortionAndColour() throws {
    let image = Image.testCard(width: 64, height: 20)
    let sheared = try Self.renders("shear", image: image, declared: float2(4, 0))
    let report = try #require(sheared.compiled.1)
    #expect(report.sampleCount == 64 * 20)
    // (t − floor t) × 6 exceeds 4 where the fraction of 0.37 y is above 2/3.
    #expect(report.violationCount > 0)
    #expect(report == sheared.swift.1)
    #expect(sheared.compiled.0.pixels == sheared.swift.0.pixels)
    let tinted = try Self.renders("tint", image: image, declared: .zero)
    #expect(tinted.compiled.0.pixels == tinted.swift.0.pixels)
    #expect(tinted.compiled.0.pixels != image.pixels)
  }
}
